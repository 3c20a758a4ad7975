import { sql } from 'drizzle-orm';
import { bigserial, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { awards } from './award';
import { companies } from './company';
import { invoices } from './payment';
import { users } from './user';
import { wpqRecords } from './wpq';

/**
 * Keeping a welder qualification valid (issue 18, decision 026): the 6-monthly confirmations, the
 * employer's single-use links, the reminder ledger, revalidations under 9.3 b) and the log of
 * extension requests. The award row stays one per certificate; each confirmation and revalidation
 * is a row here plus an `award_history` row and the award's type (Confirmation / Revalidation).
 */

/** One confirmation of a due period: by the employer's welding coordinator (through a link) or by the examiner. */
export const wpqConfirmations = pgTable(
  'wpq_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    wpqRecordId: uuid('wpq_record_id')
      .notNull()
      .references(() => wpqRecords.id),
    awardId: uuid('award_id')
      .notNull()
      .references(() => awards.id),
    /** Which confirmation (k from 1): the k-th interval after the test date. */
    sequence: integer('sequence').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    confirmedOn: date('confirmed_on', { mode: 'string' }).notNull(),
    confirmedBy: text('confirmed_by', { enum: ['employer', 'examiner'] }).notNull(),
    confirmerName: text('confirmer_name').notNull(),
    confirmerPosition: text('confirmer_position').notNull(),
    companyId: uuid('company_id').references(() => companies.id),
    examinerUserId: uuid('examiner_user_id').references(() => users.id),
    linkId: uuid('link_id'),
    evidenceAttachmentIds: jsonb('evidence_attachment_ids').$type<string[]>().notNull().default([]),
    /** What the coordinator names as evidence (weld records, reports); optional. */
    evidenceNote: text('evidence_note').notNull().default(''),
    ...auditColumns,
  },
  // One confirmation per period, however many links or examiners try at once.
  (t) => [uniqueIndex('wpq_confirmations_period_unique').on(t.wpqRecordId, t.sequence), index('wpq_confirmations_award_idx').on(t.awardId)],
);

/** The employer's signed link: a random token kept only as its hash, for one confirmation, until it expires. */
export const wpqConfirmationLinks = pgTable(
  'wpq_confirmation_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    wpqRecordId: uuid('wpq_record_id')
      .notNull()
      .references(() => wpqRecords.id),
    sequence: integer('sequence').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    sentTo: text('sent_to').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresOn: timestamp('expires_on', { withTimezone: true, mode: 'date' }).notNull(),
    usedOn: timestamp('used_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('wpq_confirmation_links_token_unique').on(t.tokenHash), index('wpq_confirmation_links_record_idx').on(t.wpqRecordId, t.sequence)],
);

/** Reminders sent, one row each: the key makes every reminder go once across restarts and instances. */
export const wpqValidityReminders = pgTable(
  'wpq_validity_reminders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    wpqRecordId: uuid('wpq_record_id')
      .notNull()
      .references(() => wpqRecords.id),
    sequence: integer('sequence').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    recipient: text('recipient', { enum: ['welder', 'employer'] }).notNull(),
    kind: text('kind', { enum: ['1-month', '1-week'] }).notNull(),
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('wpq_validity_reminders_unique').on(t.wpqRecordId, t.dueOn, t.recipient, t.kind)],
);

export interface RevalidationWeld {
  description: string;
  weldedOn: string;
  testMethod: string;
  testReportAttachmentId: string;
}

/** 9.3 b): two production welds of the last 6 months of validity with their test reports, and staff's decision. */
export const wpqRevalidations = pgTable(
  'wpq_revalidations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    wpqRecordId: uuid('wpq_record_id')
      .notNull()
      .references(() => wpqRecords.id),
    awardId: uuid('award_id')
      .notNull()
      .references(() => awards.id),
    // `lapsed` (the fee unpaid when the old validity ended) and `cancelled` (by staff) close a request (decision 044); a text column, no migration.
    status: text('status', { enum: ['submitted', 'invoiced', 'approved', 'refused', 'lapsed', 'cancelled'] })
      .notNull()
      .default('submitted'),
    submittedBy: text('submitted_by', { enum: ['welder', 'employer', 'staff'] }).notNull(),
    welds: jsonb('welds').$type<RevalidationWeld[]>().notNull(),
    validUntilBefore: date('valid_until_before', { mode: 'string' }).notNull(),
    validUntilAfter: date('valid_until_after', { mode: 'string' }),
    revalidatedOn: date('revalidated_on', { mode: 'string' }),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    isMemberFee: boolean('is_member_fee'),
    decisionReason: text('decision_reason'),
    decidedOn: timestamp('decided_on', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by').references(() => users.id),
    ...auditColumns,
  },
  // One open revalidation per qualification.
  (t) => [uniqueIndex('wpq_revalidations_one_open').on(t.wpqRecordId).where(sql`status in ('submitted', 'invoiced')`), index('wpq_revalidations_award_idx').on(t.awardId)],
);

/** `wpqextensionlogs`: each extension request and its decision, as it happened, with staff's details. */
export const wpqExtensionLogs = pgTable(
  'wpq_extension_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    wpqRecordId: uuid('wpq_record_id')
      .notNull()
      .references(() => wpqRecords.id),
    revalidationId: uuid('revalidation_id').references(() => wpqRevalidations.id),
    event: text('event', { enum: ['requested', 'invoiced', 'paid', 'approved', 'refused', 'lapsed', 'cancelled', 'details'] }).notNull(),
    requestDetails: text('request_details').notNull().default(''),
    ...auditColumns,
  },
  (t) => [index('wpq_extension_logs_record_idx').on(t.wpqRecordId, t.id)],
);

/** The qualification's end when a confirmation was missed or validity ran out: written once by the job. */
export const wpqValidityEnds = pgTable('wpq_validity_ends', {
  wpqRecordId: uuid('wpq_record_id')
    .primaryKey()
    .references(() => wpqRecords.id),
  endedOn: date('ended_on', { mode: 'string' }).notNull(),
  reason: text('reason').notNull(),
  ...auditColumns,
});
