import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { users } from './user';

/**
 * A file in object storage. The row is made when the upload URL is handed out (pending), bound to
 * the user who asked; saving the attachment checks the stored bytes and marks it saved.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    resourceKey: text('resource_key').notNull().unique(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    declaredContentType: text('declared_content_type').notNull(),
    contentType: text('content_type'),
    size: bigint('size', { mode: 'number' }),
    /** removed: the bytes were deleted at a personal-data deletion request; the row stays for the records that point at it (decision 016). */
    status: text('status', { enum: ['pending', 'saved', 'removed'] }).notNull().default('pending'),
    savedOn: timestamp('saved_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [index('attachments_owner_idx').on(t.ownerUserId, t.status)],
);
