import { date, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { awards } from './award';

/**
 * The renewal reminders sent for an award (issue 17): one row per award, expiry day and kind
 * (`6-months`, `3-months`, `1-month`, `day`: shared `award/award-expiry.ts`); a renewal moves the
 * award's expiry on (decision 023), and the new expiry day gets its own reminders. The expiry job inserts the row
 * with ON CONFLICT DO NOTHING and writes the mail only when the row is new, in one transaction, so
 * a restart or a second instance never sends a reminder twice.
 */
export const awardReminders = pgTable(
  'award_reminders',
  {
    awardId: uuid('award_id')
      .notNull()
      .references(() => awards.id),
    /** The expiry day the reminder was for. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    /** Sydney's date of the job's pass that sent it. */
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.awardId, t.expiresOn, t.kind] })],
);
