import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { companies } from './company';
import { users } from './user';

/**
 * A company's own user (issue 42, decision 037): a `users` row of type 'employer' whose role is the
 * company coordinator or viewer, and the one company it acts for. Invited by the company's
 * coordinator or by staff; the invitation mails a link to choose a first password.
 */
export const companyUsers = pgTable(
  'company_users',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** Who invited them (the coordinator or a staff member); null for the demo's and older rows. */
    invitedBy: uuid('invited_by'),
    invitedOn: timestamp('invited_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...auditColumns,
  },
  (t) => [index('company_users_company_idx').on(t.companyId)],
);
