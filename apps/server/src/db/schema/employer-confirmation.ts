import { bigserial, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { companies } from './company';
import { wpqRecords } from './wpq';

/**
 * The company portal's confirmation reminders (issue 42): a row for each welder qualification a
 * company's coordinators were reminded of, per due day and reminder (`1-month`, `1-week`: the
 * welder's own reminder days). The validity job writes the rows of a company's digest and the mail
 * in one transaction, ON CONFLICT DO NOTHING, so nobody is reminded twice of the same confirmation;
 * `sent_on` keeps the digest to one a company a day.
 */
export const employerConfirmationReminders = pgTable(
  'employer_confirmation_reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    wpqRecordId: uuid('wpq_record_id')
      .notNull()
      .references(() => wpqRecords.id),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['1-month', '1-week'] }).notNull(),
    /** The awarding body's day of the pass that mailed the digest. */
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('employer_confirmation_reminders_unique').on(t.companyId, t.wpqRecordId, t.dueOn, t.kind),
    index('employer_confirmation_reminders_company_day_idx').on(t.companyId, t.sentOn),
    index('employer_confirmation_reminders_record_idx').on(t.wpqRecordId),
  ],
);
