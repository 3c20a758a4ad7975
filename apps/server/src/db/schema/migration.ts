import { MIGRATION_KINDS } from '@certs/shared/migration/migration.contract';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { owningAccount } from './account';
import { auditColumns } from './columns';

/**
 * One legacy import (issue 41, decision 035): a CSV of one kind (`MIGRATION_KINDS`) an
 * account brings from its old system. The file is kept (in the row, or in storage under
 * `file_key`) so the job can read it again after a restart; a dry run checks every row and writes nothing but its row results.
 */
export const migrationImports = pgTable(
  'migration_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    kind: text('kind', { enum: MIGRATION_KINDS }).notNull(),
    fileName: text('file_name').notNull(),
    /** The file as sent in the request (a small one); null when it was uploaded to storage first. */
    content: text('content'),
    /** The stored upload the job streams the file from (a large one, `POST` with `fileKey`). */
    fileKey: text('file_key'),
    dryRun: boolean('dry_run').notNull().default(false),
    status: text('status', { enum: ['Queued', 'Running', 'Finished', 'Failed', 'Undone'] })
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
    undoneOn: timestamp('undone_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [index('migration_imports_status_idx').on(t.status, t.createdOn), index('migration_imports_account_idx').on(t.accountId, t.createdOn)],
);

/**
 * What an import did with one row, written in the same transaction as the row's records, so a
 * resumed import skips every row already here. The ids are the records the row created (undo
 * removes them); `previous` holds what an update replaced.
 */
export const migrationImportRows = pgTable(
  'migration_import_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    importId: uuid('import_id')
      .notNull()
      .references(() => migrationImports.id),
    rowNumber: integer('row_number').notNull(),
    result: text('result', { enum: ['created', 'updated', 'unchanged', 'refused'] }).notNull(),
    /** A refused row's column and the message a person understands. */
    column: text('column'),
    message: text('message'),
    /** The person the row names (created or found), and what the row created. */
    userId: uuid('user_id'),
    applicantId: uuid('applicant_id'),
    createdUser: boolean('created_user').notNull().default(false),
    applicationId: uuid('application_id'),
    awardId: uuid('award_id'),
    /** The record of the kind's own table the row created or updated (a company, an employment, a WPQ record, a CPD entry, a result). */
    recordId: uuid('record_id'),
    previous: jsonb('previous'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('migration_import_rows_row_unique').on(t.importId, t.rowNumber), index('migration_import_rows_award_idx').on(t.awardId), index('migration_import_rows_record_idx').on(t.recordId)],
);
