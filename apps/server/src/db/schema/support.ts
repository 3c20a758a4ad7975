import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { contactMessages } from './contact';
import { users } from './user';

/**
 * Every support action under `api/108/` (issue 20): who did what to whom, when and why. Written in
 * the action's own transaction, never updated.
 */
export const supportActions = pgTable(
  'support_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    action: text('action', { enum: ['activate', 'deactivate', 'temporaryPassword', 'activationLink', 'aicipPayment'] }).notNull(),
    actorUserId: uuid('actor_user_id')
      .notNull()
      .references(() => users.id),
    targetUserId: uuid('target_user_id').references(() => users.id),
    /** The AICIP application of a payment action. */
    applicationId: uuid('application_id'),
    reason: text('reason').notNull(),
    /** What the action changed, in words for the log screen (never a password). */
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    ...auditColumns,
  },
  (t) => [index('support_actions_sequence_idx').on(t.sequence), index('support_actions_target_idx').on(t.targetUserId)],
);

/**
 * A temporary password set by support: the sign-in refuses to open a session until the user chose a
 * new one with the one-time change token it hands out (only its hash is kept).
 */
export const temporaryPasswords = pgTable('temporary_passwords', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  changeTokenHash: text('change_token_hash'),
  changeTokenExpiresOn: timestamp('change_token_expires_on', { withTimezone: true, mode: 'date' }),
  ...auditColumns,
});

/** Staff replies to a Contact Us message, mailed from the platform and kept with the message. */
export const contactMessageReplies = pgTable(
  'contact_message_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => contactMessages.id),
    body: text('body').notNull(),
    /** The outbox row of the mail that carried it. */
    mailId: uuid('mail_id'),
    ...auditColumns,
  },
  (t) => [index('contact_message_replies_message_idx').on(t.messageId, t.createdOn)],
);
