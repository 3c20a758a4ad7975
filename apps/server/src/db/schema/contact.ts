import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { owningAccount } from './account';
import { auditColumns } from './columns';
import { applicants } from './user';

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  accountId: owningAccount(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phoneNumber: text('phone_number').notNull(),
  message: text('message').notNull(),
  fromApplicantId: uuid('from_applicant_id').references(() => applicants.id),
  /** Staff mark a message handled (issue 20); null while it waits. */
  handledOn: timestamp('handled_on', { withTimezone: true, mode: 'date' }),
  handledBy: uuid('handled_by'),
  ...auditColumns,
});
