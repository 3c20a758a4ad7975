import { randomUUID } from 'node:crypto';
import {
  ATTACHMENT_MESSAGES,
  type Attachment,
  type PresignUploadRequest,
  type PresignUploadResponse,
} from '@certs/shared/attachment/attachment.contract';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import { detectDocumentType, SNIFF_LENGTH } from '../../platform/storage/file-type';
import { LocalStorage } from '../../platform/storage/local-storage';
import type { Storage } from '../../platform/storage/storage';
import type { AttachmentRepository, AttachmentRow } from './attachment.repository';

const UPLOAD_URL_SECONDS = 15 * 60;
const DOWNLOAD_URL_SECONDS = 5 * 60;
const QUESTION_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export function toAttachment(row: AttachmentRow): Attachment {
  return {
    id: row.id,
    resourceKey: row.resourceKey,
    name: row.name,
    contentType: row.contentType ?? row.declaredContentType,
    size: row.size ?? 0,
    createdOn: (row.savedOn ?? row.createdOn).toISOString(),
  };
}

/** A short, safe extension from the file name, for nicer keys; the type itself comes from the bytes. */
function extensionOf(fileName: string): string {
  const match = /\.([a-z0-9]{1,5})$/i.exec(fileName);
  return match ? `.${match[1]!.toLowerCase()}` : '';
}

/** The spec's upload flow: presigned PUT, then saving checks what was stored. */
export class AttachmentService {
  constructor(
    private readonly repository: AttachmentRepository,
    private readonly storage: Storage,
    private readonly maxBytes: number,
  ) {}

  async presignUpload(actor: CurrentUser, input: PresignUploadRequest): Promise<PresignUploadResponse> {
    if (input.size > this.maxBytes) {
      throw new AppError('BAD_REQUEST', ATTACHMENT_MESSAGES.tooLarge(this.maxBytes), { size: ATTACHMENT_MESSAGES.tooLarge(this.maxBytes) });
    }
    // The key is the server's: random, unguessable, never a client path.
    const resourceKey = `attachments/${randomUUID()}${extensionOf(input.fileName)}`;
    await this.repository.insertPending({
      resourceKey,
      ownerUserId: actor.id,
      name: input.fileName,
      declaredContentType: input.contentType,
      createdBy: actor.id,
      modifiedBy: actor.id,
    });
    const { url, headers } = await this.storage.presignUpload(resourceKey, input.contentType, UPLOAD_URL_SECONDS);
    return { url, method: 'PUT', headers, resourceKey, filePath: resourceKey, expiresOn: new Date(Date.now() + UPLOAD_URL_SECONDS * 1000).toISOString() };
  }

  /** Confirms an upload: it must be there, within the size limit, and an allowed type by its bytes. */
  async save(actor: CurrentUser, resourceKey: string): Promise<Attachment> {
    const row = await this.repository.findByKey(resourceKey);
    if (!row || row.ownerUserId !== actor.id) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
    if (row.status === 'saved') return toAttachment(row);
    const size = await this.storage.sizeOf(resourceKey);
    if (size === null) throw new AppError('BAD_REQUEST', ATTACHMENT_MESSAGES.notUploaded);
    const refuse = async (message: string) => {
      await this.storage.remove(resourceKey);
      await this.repository.remove(row.id);
      return new AppError('BAD_REQUEST', message);
    };
    if (size === 0) throw await refuse(ATTACHMENT_MESSAGES.empty);
    if (size > this.maxBytes) throw await refuse(ATTACHMENT_MESSAGES.tooLarge(this.maxBytes));
    const detected = detectDocumentType(await this.storage.readStart(resourceKey, SNIFF_LENGTH));
    if (!detected) throw await refuse(ATTACHMENT_MESSAGES.contentMismatch);
    const saved = await this.repository.markSaved(row.id, detected, size);
    return toAttachment(saved ?? row);
  }

  async listMine(actor: CurrentUser): Promise<Attachment[]> {
    return (await this.repository.findSavedOf(actor.id)).map(toAttachment);
  }

  /** The owner, or staff, get a short-lived link that shows the file. */
  async downloadUrl(actor: CurrentUser, resourceKey: string): Promise<{ url: string; expiresOn: string }> {
    const row = await this.repository.findByKey(resourceKey);
    const mayRead = row && row.status === 'saved' && (row.ownerUserId === actor.id || actor.userType === 'admin');
    if (!row || !mayRead) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
    const url = await this.storage.presignDownload(resourceKey, {
      fileName: row.name,
      contentType: row.contentType ?? row.declaredContentType,
      expiresSeconds: DOWNLOAD_URL_SECONDS,
    });
    return { url, expiresOn: new Date(Date.now() + DOWNLOAD_URL_SECONDS * 1000).toISOString() };
  }

  /**
   * An image of question content, open without signing in: only a saved image uploaded by staff.
   * Local storage streams it (the key and type are returned); S3 storage gives a fresh download URL.
   */
  async questionImage(resourceKey: string): Promise<{ contentType: string; redirectUrl?: string }> {
    const row = await this.repository.findSavedWithOwnerType(resourceKey);
    const contentType = row?.contentType ?? '';
    if (!row || row.ownerUserType !== 'admin' || !QUESTION_IMAGE_TYPES.has(contentType)) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
    if (this.storage instanceof LocalStorage) return { contentType };
    return { contentType, redirectUrl: await this.storage.presignDownload(resourceKey, { fileName: row.name, contentType, expiresSeconds: DOWNLOAD_URL_SECONDS }) };
  }

  /** For other modules: the saved attachments among these ids that belong to this user. */
  async findOwned(ownerUserId: string, ids: string[]): Promise<Attachment[]> {
    const rows = await this.repository.findSavedByIds([...new Set(ids)]);
    return rows.filter((row) => row.ownerUserId === ownerUserId).map(toAttachment);
  }

  /** For other modules: saved attachments by id, whoever owns them (access is checked by the caller). */
  async findByIds(ids: string[]): Promise<Attachment[]> {
    return (await this.repository.findSavedByIds([...new Set(ids)])).map(toAttachment);
  }
}
