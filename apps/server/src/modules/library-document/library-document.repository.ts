import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { LibraryAccessFlag, LibraryReader } from '@certs/shared/library-document/library-document.contract';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { attachments } from '../../db/schema/attachment';
import { companies } from '../../db/schema/company';
import { libraryDocumentRevisions, libraryDocuments } from '../../db/schema/library-document';
import { applicants } from '../../db/schema/user';
import { membershipsOfApplicants, membershipsOfCompanies } from '../../db/account-memberships';

export type LibraryDocumentRow = typeof libraryDocuments.$inferSelect;
/** A reader per awarding body where they hold a membership, and how every other body sees them. */
export interface LibraryReaders {
  byAccount: Map<string, LibraryReader>;
  others: LibraryReader;
}

export type LibraryDocumentValues = Omit<typeof libraryDocuments.$inferInsert, 'id' | 'createdOn' | 'modifiedOn'>;

function likeOf(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The flags a reader's memberships open, as one SQL condition (the same rule as `mayReadLibraryDocument`). */
function readableBy(reader: LibraryReader): SQL {
  if (reader.kind === 'staff') return eq(libraryDocuments.isForInternalUsers, true);
  const open: [LibraryAccessFlag, boolean][] = [
    ['isForExternalUsers', true],
    ['isForIndividualMembers', reader.individual.isMember],
    ['isForCurrentIndividualMembers', reader.individual.isCurrent],
    ['isForCorporateMembers', reader.corporate.isMember],
    ['isForCurrentCorporateMembers', reader.corporate.isCurrent],
  ];
  return or(...open.filter(([, isOpen]) => isOpen).map(([flag]) => eq(libraryDocuments[flag], true))) ?? sql`false`;
}

/** Each document is read by the rule of its own account's memberships (issue 40). */
function readableByAny(readers: LibraryReaders): SQL {
  const perAccount = [...readers.byAccount].map(([accountId, reader]) => and(eq(libraryDocuments.accountId, accountId), readableBy(reader)));
  return or(readableBy(readers.others), ...perAccount)!;
}

/**
 * Library documents. Staff reads and writes name their account (another account's document is not
 * found, decision 033); an applicant's reads name none, since applicants read every account's
 * documents that the access flags give them.
 */
export class LibraryDocumentRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async findPage(options: { accountId?: string; page: number; pageSize: number; search?: string; documentType?: string; includeRetired: boolean; readers?: LibraryReaders }) {
    const like = options.search ? likeOf(options.search) : undefined;
    const where = and(
      options.accountId ? eq(libraryDocuments.accountId, options.accountId) : undefined,
      like ? or(ilike(libraryDocuments.documentNumber, like), ilike(libraryDocuments.documentTitle, like), ilike(libraryDocuments.comments, like)) : undefined,
      options.documentType ? eq(libraryDocuments.documentType, options.documentType) : undefined,
      options.includeRetired ? undefined : isNull(libraryDocuments.retiredOn),
      options.readers ? readableByAny(options.readers) : undefined,
    );
    const [total] = await this.db.select({ n: count() }).from(libraryDocuments).where(where);
    const rows = await this.db
      .select({ document: libraryDocuments, fileName: attachments.name })
      .from(libraryDocuments)
      .leftJoin(attachments, eq(attachments.id, libraryDocuments.attachmentId))
      .where(where)
      .orderBy(desc(libraryDocuments.documentDate), libraryDocuments.documentNumber)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  /** A document by id: of this account when one is named (staff), of any account when not (an applicant). */
  async findById(id: string, accountId: string | undefined, db: Executor = this.db) {
    const [row] = await db
      .select({ document: libraryDocuments, fileName: attachments.name, resourceKey: attachments.resourceKey, contentType: attachments.contentType })
      .from(libraryDocuments)
      .leftJoin(attachments, eq(attachments.id, libraryDocuments.attachmentId))
      .where(and(eq(libraryDocuments.id, id), accountId ? eq(libraryDocuments.accountId, accountId) : undefined));
    return row;
  }

  async lock(tx: Executor, id: string, accountId: string): Promise<LibraryDocumentRow | undefined> {
    const [row] = await tx
      .select()
      .from(libraryDocuments)
      .where(and(eq(libraryDocuments.id, id), eq(libraryDocuments.accountId, accountId)))
      .for('update');
    return row;
  }

  async findRevisions(documentId: string) {
    return this.db
      .select({ revision: libraryDocumentRevisions, fileName: attachments.name })
      .from(libraryDocumentRevisions)
      .leftJoin(attachments, eq(attachments.id, libraryDocumentRevisions.attachmentId))
      .where(eq(libraryDocumentRevisions.documentId, documentId))
      .orderBy(desc(libraryDocumentRevisions.supersededOn));
  }

  async findRevisionFile(documentId: string, revisionId: string, accountId: string) {
    const [row] = await this.db
      .select({ fileName: attachments.name, resourceKey: attachments.resourceKey, contentType: attachments.contentType })
      .from(libraryDocumentRevisions)
      .innerJoin(libraryDocuments, eq(libraryDocuments.id, libraryDocumentRevisions.documentId))
      .innerJoin(attachments, eq(attachments.id, libraryDocumentRevisions.attachmentId))
      .where(and(eq(libraryDocumentRevisions.documentId, documentId), eq(libraryDocumentRevisions.id, revisionId), eq(libraryDocuments.accountId, accountId)));
    return row;
  }

  async insert(tx: Executor, values: LibraryDocumentValues & { accountId: string }): Promise<LibraryDocumentRow> {
    const [row] = await tx.insert(libraryDocuments).values(values).returning();
    if (!row) throw new Error('library document not inserted');
    return row;
  }

  async update(tx: Executor, id: string, values: Partial<LibraryDocumentValues>): Promise<void> {
    await tx.update(libraryDocuments).set({ ...values, modifiedOn: new Date() }).where(eq(libraryDocuments.id, id));
  }

  async insertRevision(tx: Executor, values: typeof libraryDocumentRevisions.$inferInsert): Promise<void> {
    await tx.insert(libraryDocumentRevisions).values(values);
  }

  /**
   * What the access rule needs of an applicant, per account: their own memberships and their
   * employer company's corporate memberships (while the company is active, and only once staff
   * approved their claim to work for it: naming a company alone opens nothing, decision 036).
   */
  async findMembershipFacts(applicantId: string) {
    const [row] = await this.db
      .select({ employerCompanyId: applicants.employerCompanyId, claimStatus: applicants.employerClaimStatus })
      .from(applicants)
      .where(eq(applicants.id, applicantId));
    const own = row ? await membershipsOfApplicants(this.db, [applicantId]) : [];
    const employerId = row?.claimStatus === 'approved' ? row.employerCompanyId : null;
    const company = employerId ? await membershipsOfCompanies(this.db, [employerId]) : [];
    const isActive = employerId ? await this.isActiveCompany(employerId) : false;
    return { own, company: isActive ? company : [] };
  }

  private async isActiveCompany(companyId: string): Promise<boolean> {
    const [row] = await this.db.select({ active: companies.active }).from(companies).where(eq(companies.id, companyId));
    return !!row?.active;
  }
}
