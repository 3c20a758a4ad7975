import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { owningAccount } from './account';
import { auditColumns } from './columns';
import { programs } from './program';

/**
 * One upload of applicants and their applications to a program (`bulkimportprocess`): the file is
 * kept until the job has run it; the counts move as the job goes, so staff see its progress.
 */
export const bulkImports = pgTable(
  'bulk_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    fileName: text('file_name').notNull(),
    /** The CSV as uploaded; the job parses it again, so a restart mid-run reads the same rows. */
    content: text('content').notNull(),
    status: text('status', { enum: ['Queued', 'Running', 'Completed', 'Failed'] })
      .notNull()
      .default('Queued'),
    totalRows: integer('total_rows').notNull(),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    refusedCount: integer('refused_count').notNull().default(0),
    error: text('error'),
    startedOn: timestamp('started_on', { withTimezone: true, mode: 'date' }),
    finishedOn: timestamp('finished_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [index('bulk_imports_status_idx').on(t.status, t.createdOn), index('bulk_imports_program_idx').on(t.programId, t.createdOn)],
);

/** What the job did with one row of an import: created, updated, unchanged or refused (with the field and reason). */
export const bulkImportRows = pgTable(
  'bulk_import_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => bulkImports.id),
    rowNumber: integer('row_number').notNull(),
    email: text('email').notNull(),
    result: text('result', { enum: ['created', 'updated', 'unchanged', 'refused'] }).notNull(),
    field: text('field'),
    reason: text('reason'),
    applicantId: uuid('applicant_id'),
    applicationId: uuid('application_id'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('bulk_import_rows_row_unique').on(t.importId, t.rowNumber)],
);
