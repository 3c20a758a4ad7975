import { randomUUID } from 'node:crypto';
import {
  ATTACHMENT_MESSAGES,
  PHOTO_CONTENT_TYPES,
  type Attachment,
  type PresignUploadRequest,
  type PresignUploadResponse,
} from '@certs/shared/attachment/attachment.contract';
import { ACCOUNT_LOGO_MAX_BYTES, ACCOUNT_LOGO_TYPES, ACCOUNT_MESSAGES } from '@certs/shared/account/account.contract';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import { NO_ACCESS_LOG, type PersonalDataAccessLog } from '../../platform/audit/personal-data-access';
import type { CurrentUser } from '../../platform/auth/authenticate';
import { detectDocumentType, SNIFF_LENGTH } from '../../platform/storage/file-type';
import { LocalStorage } from '../../platform/storage/local-storage';
import type { Storage } from '../../platform/storage/storage';
import type { ProgramService } from '../program/program.service';
import { canReadAttachedFile } from './attachment.policy';
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

/**
 * Where the presigned upload URL writes: `uploads/...` for the file's `attachments/...` key. Saving
 * moves the bytes to the file's key, out of the URL's reach (issue 15: a key is written once).
 */
export function uploadKeyOf(resourceKey: string): string {
  return resourceKey.replace(/^attachments\//, 'uploads/');
}

/** The spec's upload flow: presigned PUT, then saving checks what was stored. */
export class AttachmentService {
  constructor(
    private readonly repository: AttachmentRepository,
    private readonly storage: Storage,
    private readonly maxBytes: number,
    /** The caller's standing in a program (the program module's service), for staff reading files. */
    private readonly programs: Pick<ProgramService, 'programPrivilege'>,
    /** Staff opening an applicant's file is logged (decision 016). */
    private readonly accessLog: PersonalDataAccessLog = NO_ACCESS_LOG,
  ) {}

  async presignUpload(actor: CurrentUser, input: PresignUploadRequest): Promise<PresignUploadResponse> {
    if (input.size > this.maxBytes) {
      throw new AppError('BAD_REQUEST', ATTACHMENT_MESSAGES.tooLarge(this.maxBytes), { size: ATTACHMENT_MESSAGES.tooLarge(this.maxBytes) });
    }
    // The key is the server's: random, unguessable, never a client path. The URL is signed for
    // the upload key only; the file's own key is never writable through any URL.
    const resourceKey = `attachments/${randomUUID()}${extensionOf(input.fileName)}`;
    await this.repository.insertPending({
      resourceKey,
      ownerUserId: actor.id,
      name: input.fileName,
      declaredContentType: input.contentType,
      createdBy: actor.id,
      modifiedBy: actor.id,
    });
    const { url, headers } = await this.storage.presignUpload(uploadKeyOf(resourceKey), input.contentType, UPLOAD_URL_SECONDS);
    return { url, method: 'PUT', headers, resourceKey, filePath: resourceKey, expiresOn: new Date(Date.now() + UPLOAD_URL_SECONDS * 1000).toISOString() };
  }

  /**
   * Confirms an upload: it must be there, within the size limit, and an allowed type by its bytes.
   * The bytes are first moved from the upload key to the file's own key (which no URL was signed
   * for) and checked there, so nothing the upload URL writes later (or during the check) can
   * replace a checked file. A saved file is returned as it is, never checked or moved again.
   */
  async save(actor: CurrentUser, resourceKey: string): Promise<Attachment> {
    const row = await this.repository.findByKey(resourceKey);
    if (!row || row.ownerUserId !== actor.id) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
    if (row.status === 'saved') return toAttachment(row);
    if (row.status !== 'pending') throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
    const uploadKey = uploadKeyOf(resourceKey);
    if (uploadKey !== resourceKey && (await this.storage.sizeOf(uploadKey)) !== null) {
      try {
        await this.storage.move(uploadKey, resourceKey);
      } catch (error) {
        // A save of the same upload running at once may have moved it already.
        if ((await this.storage.sizeOf(resourceKey)) === null) throw error;
      }
    }
    const size = await this.storage.sizeOf(resourceKey);
    if (size === null) {
      const again = await this.repository.findByKey(resourceKey);
      if (again?.status === 'saved') return toAttachment(again);
      throw new AppError('BAD_REQUEST', ATTACHMENT_MESSAGES.notUploaded);
    }
    const refuse = async (message: string) => {
      await this.storage.remove(resourceKey);
      await this.storage.remove(uploadKey);
      await this.repository.remove(row.id);
      return new AppError('BAD_REQUEST', message);
    };
    if (size === 0) throw await refuse(ATTACHMENT_MESSAGES.empty);
    if (size > this.maxBytes) throw await refuse(ATTACHMENT_MESSAGES.tooLarge(this.maxBytes));
    const detected = detectDocumentType(await this.storage.readStart(resourceKey, SNIFF_LENGTH));
    if (!detected) throw await refuse(ATTACHMENT_MESSAGES.contentMismatch);
    const saved = (await this.repository.markSaved(row.id, detected, size)) ?? (await this.repository.findByKey(resourceKey));
    return toAttachment(saved ?? row);
  }

  async listMine(actor: CurrentUser): Promise<Attachment[]> {
    return (await this.repository.findSavedOf(actor.id)).map(toAttachment);
  }

  /**
   * A short-lived link that shows the file: for its owner (the uploader, applicant or staff), and
   * for staff whose program rights cover a record it is attached to (decision 015). Anyone else:
   * 403 for staff when it is attached to a record they may not see, 404 otherwise (applicants never
   * learn of another's file).
   */
  async downloadUrl(actor: CurrentUser, resourceKey: string): Promise<{ url: string; expiresOn: string }> {
    const row = await this.repository.findByKey(resourceKey);
    if (!row || row.status !== 'saved') throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
    if (row.ownerUserId !== actor.id) {
      await this.assertStaffMayRead(actor, row.id);
      await this.accessLog.record(actor, { userId: row.ownerUserId }, { route: 'GET /api/attachment/presigned-download/*', resource: resourceKey });
    }
    const url = await this.storage.presignDownload(resourceKey, {
      fileName: row.name,
      contentType: row.contentType ?? row.declaredContentType,
      expiresSeconds: DOWNLOAD_URL_SECONDS,
    });
    return { url, expiresOn: new Date(Date.now() + DOWNLOAD_URL_SECONDS * 1000).toISOString() };
  }

  /** Staff read a file through a record it is attached to, when that record's program rule lets them. */
  private async assertStaffMayRead(actor: CurrentUser, attachmentId: string): Promise<void> {
    if (actor.userType !== 'admin') throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
    const links = await this.repository.findLinks(attachmentId);
    if (links.length === 0) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
    for (const programId of new Set(links.map((link) => link.programId))) {
      const standing = await this.programs.programPrivilege(actor, programId);
      if (links.some((link) => link.programId === programId && canReadAttachedFile(actor, link, standing))) return;
    }
    throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
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

  /**
   * An image the server received inside another file (a Moodle question's embedded image), stored as
   * a saved file of the staff member who imported it, so the question-image path serves it. Answers
   * the `src` question content uses.
   */
  async storeQuestionImage(ownerUserId: string, image: { name: string; bytes: Buffer; contentType: string }): Promise<string> {
    if (!QUESTION_IMAGE_TYPES.has(image.contentType)) throw new AppError('BAD_REQUEST', ATTACHMENT_MESSAGES.contentMismatch);
    if (image.bytes.length > this.maxBytes) throw new AppError('BAD_REQUEST', ATTACHMENT_MESSAGES.tooLarge(this.maxBytes));
    const extension = image.contentType === 'image/jpeg' ? '.jpg' : `.${image.contentType.slice('image/'.length)}`;
    const resourceKey = `attachments/${randomUUID()}${extension}`;
    await this.storage.write(resourceKey, image.bytes, image.contentType);
    await this.repository.insertPending({
      resourceKey,
      ownerUserId,
      name: image.name,
      declaredContentType: image.contentType,
      contentType: image.contentType,
      size: image.bytes.length,
      status: 'saved',
      savedOn: new Date(),
      createdBy: ownerUserId,
      modifiedBy: ownerUserId,
    });
    return `/unauth/questionimage/${resourceKey}`;
  }

  /** The bytes of a question image by its `src` (for exports that embed them), or null when it is not one. */
  async readQuestionImage(src: string): Promise<{ name: string; bytes: Buffer; contentType: string } | null> {
    const match = /^\/unauth\/questionimage\/(attachments\/[0-9a-f-]{36}\.[a-z]+)$/.exec(src);
    if (!match?.[1]) return null;
    const row = await this.repository.findSavedWithOwnerType(match[1]);
    if (!row || row.ownerUserType !== 'admin' || !QUESTION_IMAGE_TYPES.has(row.contentType ?? '')) return null;
    return { name: match[1].slice('attachments/'.length), bytes: await this.storage.read(match[1]), contentType: row.contentType ?? '' };
  }

  /** For other modules: the saved attachments among these ids that belong to this user. */
  async findOwned(ownerUserId: string, ids: string[]): Promise<Attachment[]> {
    const rows = await this.repository.findSavedByIds([...new Set(ids)]);
    return rows.filter((row) => row.ownerUserId === ownerUserId).map(toAttachment);
  }

  /**
   * A personal-data deletion request (decision 016), in the caller's transaction: every file this
   * user uploaded is deleted from storage and its row marked removed (nameless, never served
   * again). Storage is emptied before the caller commits, so a failure leaves the request open to
   * be completed again rather than marked done with files left behind.
   */
  async removeFilesOf(tx: Executor, ownerUserId: string, byUserId: string): Promise<number> {
    const rows = await this.repository.lockNotRemovedOf(tx, ownerUserId);
    await this.repository.markRemoved(tx, rows.map((row) => row.id), byUserId);
    for (const row of rows) {
      await this.storage.remove(row.resourceKey);
      // A pending upload, or bytes PUT to the upload URL after the file was saved.
      await this.storage.remove(uploadKeyOf(row.resourceKey));
    }
    return rows.length;
  }

  /**
   * The owner removes a file of theirs (issue 21): refused with 409 while any submitted record uses
   * it (an application's answers, a result, an answer paper, an invoice, a review), 404 when it is
   * not theirs. A draft application that lists it lets it go. The row stays, marked removed and
   * nameless like a deletion request's; the bytes go once the removal is committed.
   */
  async removeMine(actor: CurrentUser, id: string): Promise<void> {
    const { row, photoOf } = await this.repository.transaction(async (tx) => {
      const found = await this.repository.lockSavedOf(tx, id, actor.id);
      if (!found) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
      if ((await this.repository.findLinks(found.id, tx)).length > 0) throw new AppError('CONFLICT', ATTACHMENT_MESSAGES.inUse);
      await this.repository.unlinkFromDrafts(tx, found.id);
      const wasPhotoOf = await this.repository.clearPhoto(tx, found.id);
      await this.repository.markRemoved(tx, [found.id], actor.id);
      return { row: found, photoOf: wasPhotoOf };
    });
    if (photoOf) await this.photoChanged(photoOf, actor.id);
    await this.storage.remove(row.resourceKey);
    await this.storage.remove(uploadKeyOf(row.resourceKey));
  }

  // ---- The profile photograph (issue 18: printed on the welder qualification certificate) ----

  private readonly photoListeners: ((applicantId: string, actorId: string) => Promise<void>)[] = [];

  /** Another module that prints the photograph hears when it changes (the WPQ certificate is issued again). */
  onProfilePhotoChanged(listener: (applicantId: string, actorId: string) => Promise<void>): void {
    this.photoListeners.push(listener);
  }

  private async photoChanged(applicantId: string, actorId: string): Promise<void> {
    for (const listener of this.photoListeners) await listener(applicantId, actorId);
  }

  async profilePhoto(actor: CurrentUser): Promise<{ photo: Attachment | null }> {
    const row = actor.applicantId ? await this.repository.findPhotoOf(actor.applicantId) : undefined;
    return { photo: row ? toAttachment(row) : null };
  }

  /** One of the applicant's own saved JPEG or PNG files becomes the photograph; null takes it off. */
  async setProfilePhoto(actor: CurrentUser, attachmentId: string | null): Promise<{ photo: Attachment | null }> {
    if (!actor.applicantId) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    if (attachmentId) {
      const [owned] = await this.findOwned(actor.id, [attachmentId]);
      if (!owned) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound, { attachmentId: ATTACHMENT_MESSAGES.notFound });
      if (!(PHOTO_CONTENT_TYPES as readonly string[]).includes(owned.contentType)) throw new AppError('BAD_REQUEST', ATTACHMENT_MESSAGES.photoType, { attachmentId: ATTACHMENT_MESSAGES.photoType });
    }
    await this.repository.setPhoto(actor.applicantId, attachmentId, actor.id);
    await this.photoChanged(actor.applicantId, actor.id);
    return this.profilePhoto(actor);
  }

  /** For the certificate: the photograph's bytes and type, or null when the applicant has none. */
  async readProfilePhoto(applicantId: string): Promise<{ bytes: Buffer; contentType: (typeof PHOTO_CONTENT_TYPES)[number] } | null> {
    const row = await this.repository.findPhotoOf(applicantId);
    const contentType = row?.contentType ?? '';
    if (!row || !(PHOTO_CONTENT_TYPES as readonly string[]).includes(contentType)) return null;
    return { bytes: await this.storage.read(row.resourceKey), contentType: contentType as (typeof PHOTO_CONTENT_TYPES)[number] };
  }

  // ---- An awarding body's logo (issue 40): a saved image of the staff member who sets it ----

  /**
   * Checks that a file may become an account's logo: a saved file of the caller (uploaded the usual
   * way: presigned upload, then saving checks its bytes), a PNG or JPEG by those bytes, at most 1 MB.
   */
  async accountLogoFile(actor: CurrentUser, attachmentId: string): Promise<Attachment> {
    const [owned] = await this.findOwned(actor.id, [attachmentId]);
    if (!owned) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound, { attachmentId: ATTACHMENT_MESSAGES.notFound });
    if (!(ACCOUNT_LOGO_TYPES as readonly string[]).includes(owned.contentType)) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.logoType, { attachmentId: ACCOUNT_MESSAGES.logoType });
    if (owned.size > ACCOUNT_LOGO_MAX_BYTES) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.logoTooLarge, { attachmentId: ACCOUNT_MESSAGES.logoTooLarge });
    return owned;
  }

  /** A logo's bytes and type (certificates, invoices, the public logo path); null when the file is gone or not an image. */
  async readAccountLogo(attachmentId: string): Promise<{ bytes: Buffer; contentType: (typeof ACCOUNT_LOGO_TYPES)[number] } | null> {
    const [row] = await this.repository.findSavedByIds([attachmentId]);
    const contentType = row?.contentType ?? '';
    if (!row || !(ACCOUNT_LOGO_TYPES as readonly string[]).includes(contentType)) return null;
    try {
      return { bytes: await this.storage.read(row.resourceKey), contentType: contentType as (typeof ACCOUNT_LOGO_TYPES)[number] };
    } catch {
      // Gone from storage (an emptied bucket, a restored database): certificates and invoices go without it.
      return null;
    }
  }

  /** For other modules: saved attachments by id, whoever owns them (access is checked by the caller). */
  async findByIds(ids: string[]): Promise<Attachment[]> {
    return (await this.repository.findSavedByIds([...new Set(ids)])).map(toAttachment);
  }
}
