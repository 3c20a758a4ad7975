import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './account';
import { auditColumns } from './columns';
import { users } from './user';

/**
 * Every mail the platform sends (the outbox). Rows with status queued are the send queue: any
 * instance picks them with FOR UPDATE SKIP LOCKED, retries with back-off, and records the outcome.
 */
export const mails = pgTable(
  'mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toEmail: text('to_email').notNull(),
    toUserId: uuid('to_user_id').references(() => users.id),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<{ label: string; url: string }[]>().notNull().default([]),
    status: text('status', { enum: ['kept', 'queued', 'sent', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptOn: timestamp('next_attempt_on', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    sentOn: timestamp('sent_on', { withTimezone: true, mode: 'date' }),
    /** The awarding body that sent it (decision 033): its sender name is the From name; null for the platform's own mails (sign-in, registration). */
    accountId: uuid('account_id').references(() => accounts.id),
    fromName: text('from_name'),
    ...auditColumns,
  },
  (t) => [index('mails_user_idx').on(t.toUserId, t.createdOn), index('mails_queue_idx').on(t.status, t.nextAttemptOn)],
);
