import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { owningAccount } from './account';
import { auditColumns } from './columns';
import { users } from './user';

/**
 * A CSV file a member of staff exported from a table (`POST exportcsvdata/save/csv`, spec section
 * 7): kept so that the download that follows can fetch it by name, and only its author may.
 */
export const csvExports = pgTable(
  'csv_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    fileName: text('file_name').notNull(),
    content: text('content').notNull(),
    rowCount: integer('row_count').notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('csv_exports_file_name_unique').on(t.fileName), index('csv_exports_created_idx').on(t.createdBy, t.createdOn)],
);

/** An advanced search a member of staff saved under a name: the filters only, results are read afresh. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('saved_searches_user_name_unique').on(t.userId, sql`lower(${t.name})`)],
);
