import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import {
  LIBRARY_ACCESS_FLAGS,
  LIBRARY_DOCUMENT_MESSAGES,
  isMembershipCurrentOn,
  mayReadLibraryDocument,
  type LibraryDocument,
  type LibraryDocumentPage,
  type LibraryDocumentRow as LibraryDocumentListRow,
  type LibraryReader,
} from '@certs/shared/library-document/library-document.contract';
import type { LibraryDocumentQuery, LibraryDocumentRequest, ReviseLibraryDocumentRequest } from '@certs/shared/library-document/library-document.contract';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { Storage } from '../../platform/storage/storage';
import type { AttachmentService } from '../attachment/attachment.service';
import { canManageLibraryDocuments } from './library-document.policy';
import type { LibraryDocumentRepository, LibraryDocumentRow, LibraryReaders } from './library-document.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DOWNLOAD_URL_SECONDS = 300;

type DocumentInput = z.output<typeof LibraryDocumentRequest>;
type ReviseInput = z.output<typeof ReviseLibraryDocumentRequest>;

function toRow(document: LibraryDocumentRow, fileName: string | null): LibraryDocumentListRow {
  return {
    id: document.id,
    documentNumber: document.documentNumber,
    documentTitle: document.documentTitle,
    documentType: document.documentType,
    documentDate: document.documentDate,
    revision: document.revision,
    fileName,
    isRetired: !!document.retiredOn,
    access: LIBRARY_ACCESS_FLAGS.filter((flag) => document[flag]),
  };
}

export interface LibraryDocumentDeps {
  repository: LibraryDocumentRepository;
  attachments: Pick<AttachmentService, 'findOwned'>;
  storage: Pick<Storage, 'presignDownload'>;
  /** Sydney's date today; tests hand in another day. */
  today?: () => string;
}

/**
 * The account whose documents the caller reaches: staff, their own (decision 033); applicants,
 * every account's (undefined), within what the access flags give them.
 */
function accountReachedBy(actor: CurrentUser): string | undefined {
  return actor.userType === 'admin' ? staffAccountOf(actor) : undefined;
}

/**
 * Library documents (issue 20): staff with the Libraries menu manage them; everyone else reads what
 * the six access flags give them today, checked on every read and download. Staff work in their
 * own account's library; applicants read the documents of every account.
 */
export class LibraryDocumentService {
  constructor(private readonly deps: LibraryDocumentDeps) {}

  private today(): string {
    return (this.deps.today ?? (() => todayInSydney()))();
  }

  /**
   * The caller as the access rule sees them today, per awarding body: staff (one reader), or an
   * applicant with each body's memberships (their own as that body confirmed it, and their employer
   * company's corporate membership of that body). A body where they are no member reads as `others`.
   */
  async readersOf(actor: CurrentUser): Promise<LibraryReaders> {
    const none = { isMember: false, isCurrent: false };
    if (actor.userType === 'admin' || !actor.applicantId) return { byAccount: new Map(), others: { kind: 'staff', individual: none, corporate: none } };
    const others: LibraryReader = { kind: 'applicant', individual: none, corporate: none };
    const facts = await this.deps.repository.findMembershipFacts(actor.applicantId);
    const today = this.today();
    const byAccount = new Map<string, LibraryReader>();
    for (const accountId of new Set([...facts.own, ...facts.company].map((m) => m.accountId))) {
      const own = facts.own.find((m) => m.accountId === accountId);
      const ownIsCurrent = !!own && isMembershipCurrentOn(today, null, own.endsOn);
      const company = facts.company.find((m) => m.accountId === accountId && m.memberNumber);
      const companyIsCurrent = !!company && !!company.startsOn && isMembershipCurrentOn(today, company.startsOn, company.endsOn);
      const isOwn = (type: string) => own?.membershipType === type;
      byAccount.set(accountId, {
        kind: 'applicant',
        individual: { isMember: isOwn('individual'), isCurrent: isOwn('individual') && ownIsCurrent },
        corporate: { isMember: isOwn('corporate') || !!company, isCurrent: (isOwn('corporate') && ownIsCurrent) || companyIsCurrent },
      });
    }
    return { byAccount, others };
  }

  async findPage(actor: CurrentUser, query: z.output<typeof LibraryDocumentQuery>): Promise<LibraryDocumentPage> {
    const isManager = canManageLibraryDocuments(actor);
    const { rows, totalRows } = await this.deps.repository.findPage({
      accountId: accountReachedBy(actor),
      page: query.page,
      pageSize: query.pageSize,
      search: searchTermOrUndefined(query.searchTerm),
      documentType: query.documentType,
      includeRetired: isManager && query.includeRetired === 'true',
      readers: isManager ? undefined : await this.readersOf(actor),
    });
    return { rows: rows.map((row) => toRow(row.document, row.fileName)), page: query.page, pageSize: query.pageSize, totalRows };
  }

  async findOne(actor: CurrentUser, id: string): Promise<LibraryDocument> {
    const found = await this.readable(actor, id);
    const isManager = canManageLibraryDocuments(actor);
    const revisions = isManager ? await this.deps.repository.findRevisions(id) : [];
    const { document } = found;
    return {
      ...toRow(document, found.fileName),
      comments: document.comments,
      attachmentId: document.attachmentId,
      isForExternalUsers: document.isForExternalUsers,
      isForInternalUsers: document.isForInternalUsers,
      isForIndividualMembers: document.isForIndividualMembers,
      isForCurrentIndividualMembers: document.isForCurrentIndividualMembers,
      isForCorporateMembers: document.isForCorporateMembers,
      isForCurrentCorporateMembers: document.isForCurrentCorporateMembers,
      retiredOn: document.retiredOn?.toISOString() ?? null,
      revisions: revisions.map(({ revision, fileName }) => ({
        id: revision.id,
        revision: revision.revision,
        documentTitle: revision.documentTitle,
        documentDate: revision.documentDate,
        comments: revision.comments,
        fileName,
        supersededOn: revision.supersededOn.toISOString(),
      })),
    };
  }

  /** A short-lived link to the current file, for a reader the flags allow (the same check as the list). */
  async download(actor: CurrentUser, id: string): Promise<{ url: string; fileName: string }> {
    const found = await this.readable(actor, id);
    if (!found.resourceKey || !found.fileName) throw new AppError('NOT_FOUND', LIBRARY_DOCUMENT_MESSAGES.notFound);
    return this.linkTo({ resourceKey: found.resourceKey, fileName: found.fileName, contentType: found.contentType });
  }

  /** An earlier revision's file: staff who manage the library only. */
  async downloadRevision(actor: CurrentUser, id: string, revisionId: string): Promise<{ url: string; fileName: string }> {
    if (!canManageLibraryDocuments(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const file = UUID.test(id) && UUID.test(revisionId) ? await this.deps.repository.findRevisionFile(id, revisionId, staffAccountOf(actor)) : undefined;
    if (!file) throw new AppError('NOT_FOUND', LIBRARY_DOCUMENT_MESSAGES.notFound);
    return this.linkTo(file);
  }

  async create(actor: CurrentUser, input: DocumentInput): Promise<LibraryDocument> {
    this.assertManager(actor);
    await this.assertOwnUpload(actor, input.attachmentId);
    const id = await this.uniqueNumber(() =>
      this.deps.repository.transaction(async (tx) => (await this.deps.repository.insert(tx, { ...input, accountId: staffAccountOf(actor), createdBy: actor.id, modifiedBy: actor.id })).id),
    );
    return this.findOne(actor, id);
  }

  /** Corrects the current revision in place (a typo, the flags); a changed file needs the caller's own upload. */
  async update(actor: CurrentUser, id: string, input: DocumentInput): Promise<LibraryDocument> {
    this.assertManager(actor);
    // Checked before the transaction: on PGlite a query outside it would wait for it forever.
    const before = UUID.test(id) ? await this.deps.repository.findById(id, staffAccountOf(actor)) : undefined;
    if (before && before.document.attachmentId !== input.attachmentId) await this.assertOwnUpload(actor, input.attachmentId);
    await this.uniqueNumber(() =>
      this.deps.repository.transaction(async (tx) => {
        const current = await this.lockLive(tx, actor, id);
        // Another editor changed the file meanwhile: this edit's file is then checked against the new one.
        if (current.attachmentId !== input.attachmentId && before?.document.attachmentId === input.attachmentId) {
          throw new AppError('CONFLICT', 'The document changed meanwhile; open it again');
        }
        await this.deps.repository.update(tx, id, { ...input, modifiedBy: actor.id });
      }),
    );
    return this.findOne(actor, id);
  }

  /** A new revision: what the document was goes to its history, in the same transaction. */
  async revise(actor: CurrentUser, id: string, input: ReviseInput): Promise<LibraryDocument> {
    this.assertManager(actor);
    await this.assertOwnUpload(actor, input.attachmentId);
    await this.deps.repository.transaction(async (tx) => {
      const current = await this.lockLive(tx, actor, id);
      if (current.revision.trim().toLowerCase() === input.revision.trim().toLowerCase()) {
        throw new AppError('CONFLICT', LIBRARY_DOCUMENT_MESSAGES.sameRevision, { revision: LIBRARY_DOCUMENT_MESSAGES.sameRevision });
      }
      await this.deps.repository.insertRevision(tx, {
        documentId: id,
        revision: current.revision,
        documentTitle: current.documentTitle,
        documentDate: current.documentDate,
        comments: current.comments,
        attachmentId: current.attachmentId,
        createdBy: actor.id,
        modifiedBy: actor.id,
      });
      await this.deps.repository.update(tx, id, { ...input, modifiedBy: actor.id });
    });
    return this.findOne(actor, id);
  }

  /** Retired documents leave every reader's list and cannot be opened or downloaded by them. */
  async retire(actor: CurrentUser, id: string): Promise<LibraryDocument> {
    this.assertManager(actor);
    await this.deps.repository.transaction(async (tx) => {
      await this.lockLive(tx, actor, id);
      await this.deps.repository.update(tx, id, { retiredOn: new Date(), retiredBy: actor.id, modifiedBy: actor.id });
    });
    return this.findOne(actor, id);
  }

  private assertManager(actor: CurrentUser): void {
    if (!canManageLibraryDocuments(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  }

  private async assertOwnUpload(actor: CurrentUser, attachmentId: string): Promise<void> {
    const owned = await this.deps.attachments.findOwned(actor.id, [attachmentId]);
    if (owned.length === 0) throw new AppError('BAD_REQUEST', LIBRARY_DOCUMENT_MESSAGES.fileRequired, { attachmentId: LIBRARY_DOCUMENT_MESSAGES.fileRequired });
  }

  /** The caller's account's live document, locked; another account's answers 404. */
  private async lockLive(tx: Parameters<LibraryDocumentRepository['lock']>[0], actor: CurrentUser, id: string): Promise<LibraryDocumentRow> {
    const current = UUID.test(id) ? await this.deps.repository.lock(tx, id, staffAccountOf(actor)) : undefined;
    if (!current) throw new AppError('NOT_FOUND', LIBRARY_DOCUMENT_MESSAGES.notFound);
    if (current.retiredOn) throw new AppError('CONFLICT', LIBRARY_DOCUMENT_MESSAGES.retired);
    return current;
  }

  private async uniqueNumber<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', LIBRARY_DOCUMENT_MESSAGES.numberTaken, { documentNumber: LIBRARY_DOCUMENT_MESSAGES.numberTaken });
      throw error;
    }
  }

  /**
   * The document if the caller may read it: managers any of their account's; other staff (of their
   * account) and applicants (of every account) only a live document whose flags allow them today
   * (403 with the reason otherwise, 404 when there is none or it is another account's).
   */
  private async readable(actor: CurrentUser, id: string) {
    const found = UUID.test(id) ? await this.deps.repository.findById(id, accountReachedBy(actor)) : undefined;
    if (!found) throw new AppError('NOT_FOUND', LIBRARY_DOCUMENT_MESSAGES.notFound);
    if (canManageLibraryDocuments(actor)) return found;
    if (found.document.retiredOn) throw new AppError('NOT_FOUND', LIBRARY_DOCUMENT_MESSAGES.notFound);
    const readers = await this.readersOf(actor);
    // The document's own body decides: a member of another body is not its member.
    if (!mayReadLibraryDocument(found.document, readers.byAccount.get(found.document.accountId) ?? readers.others)) throw new AppError('FORBIDDEN', LIBRARY_DOCUMENT_MESSAGES.notAllowed);
    return found;
  }

  private async linkTo(file: { resourceKey: string; fileName: string; contentType: string | null }): Promise<{ url: string; fileName: string }> {
    const url = await this.deps.storage.presignDownload(file.resourceKey, { fileName: file.fileName, contentType: file.contentType ?? 'application/octet-stream', expiresSeconds: DOWNLOAD_URL_SECONDS });
    return { url, fileName: file.fileName };
  }
}
