import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { mails } from './mail';
import { migrationImports } from './migration';
import { users } from './user';

/**
 * One invitation mailed to a person a legacy import created (issue 41): who sent it (created_by),
 * when (created_on), the mail and how long its link lasts. A person is invited once unless their
 * link expired unused, when staff may invite them again (another row): the record of who was
 * invited, and where the next batch starts.
 */
export const migrationInvitations = pgTable(
  'migration_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => migrationImports.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mails.id),
    expiresOn: timestamp('expires_on', { withTimezone: true, mode: 'date' }).notNull(),
    ...auditColumns,
  },
  (t) => [index('migration_invitations_import_idx').on(t.importId, t.userId), index('migration_invitations_user_idx').on(t.userId)],
);
