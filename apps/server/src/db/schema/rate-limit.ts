import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per request counted against a limit, so that the limit holds across every instance
 * (issue 15 item 7: registration, resend activation and forgot password mail per target email and
 * per client address). `kind` names the limit, `key` what is counted (an address, or a hash of an
 * email); rows older than the longest window are deleted as new ones are written.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    createdOn: timestamp('created_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_events_key_idx').on(t.kind, t.key, t.createdOn), index('rate_limit_events_created_idx').on(t.createdOn)],
);
