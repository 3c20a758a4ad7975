import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { applicants } from './user';

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phoneNumber: text('phone_number').notNull(),
  message: text('message').notNull(),
  fromApplicantId: uuid('from_applicant_id').references(() => applicants.id),
  ...auditColumns,
});
