import { sql } from 'drizzle-orm';
import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { attachments } from './attachment';
import { owningAccount } from './account';
import { auditColumns } from './columns';

/**
 * A library document (spec section 3, Document form; issue 20). The row is the current revision;
 * each earlier revision is a `library_document_revisions` row. Retired documents stay for the record
 * and are hidden from applicants.
 */
export const libraryDocuments = pgTable(
  'library_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    documentNumber: text('document_number').notNull(),
    documentTitle: text('document_title').notNull(),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    revision: text('revision').notNull(),
    documentType: text('document_type').notNull(),
    comments: text('comments').notNull().default(''),
    attachmentId: uuid('attachment_id').references(() => attachments.id),
    /** The six access flags of the document form. */
    isForExternalUsers: boolean('is_for_external_users').notNull().default(false),
    isForInternalUsers: boolean('is_for_internal_users').notNull().default(false),
    isForIndividualMembers: boolean('is_for_individual_members').notNull().default(false),
    isForCurrentIndividualMembers: boolean('is_for_current_individual_members').notNull().default(false),
    isForCorporateMembers: boolean('is_for_corporate_members').notNull().default(false),
    isForCurrentCorporateMembers: boolean('is_for_current_corporate_members').notNull().default(false),
    retiredOn: timestamp('retired_on', { withTimezone: true, mode: 'date' }),
    retiredBy: uuid('retired_by'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('library_documents_number_unique').on(t.accountId, sql`lower(${t.documentNumber})`), index('library_documents_retired_idx').on(t.retiredOn)],
);

/** What a document was before each new revision replaced it (never updated). */
export const libraryDocumentRevisions = pgTable(
  'library_document_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => libraryDocuments.id),
    revision: text('revision').notNull(),
    documentTitle: text('document_title').notNull(),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    comments: text('comments').notNull().default(''),
    attachmentId: uuid('attachment_id').references(() => attachments.id),
    /** When the next revision replaced this one, and by whom (the audit columns say the same). */
    supersededOn: timestamp('superseded_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...auditColumns,
  },
  (t) => [index('library_document_revisions_document_idx').on(t.documentId, t.supersededOn)],
);
