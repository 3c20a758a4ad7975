import { AWARD_STATUSES } from '@certs/shared/award/award-status';
import { date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { awards } from './award';
import { auditColumns } from './columns';
import { companies } from './company';
import { applicants, users } from './user';

/**
 * A company's check of a list of certificate numbers (issue 42, decision 038): who checked, when,
 * and the numbers as entered (each once), so the result can be listed and downloaded again.
 * Platform-wide, like companies: no account owns it.
 */
export const certificateCheckBatches = pgTable(
  'certificate_check_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** The company user who checked. */
    checkedBy: uuid('checked_by')
      .notNull()
      .references(() => users.id),
    checkedOn: timestamp('checked_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    numbers: jsonb('numbers').$type<string[]>().notNull(),
    foundCount: integer('found_count').notNull(),
    ...auditColumns,
  },
  (t) => [index('certificate_check_batches_company_idx').on(t.companyId, t.checkedOn)],
);

/**
 * Each certificate a check found, logged against its holder for the holder's privacy: the holder
 * sees which company checked which certificate and when. The status and expiry are those the check
 * reported then. Undoing an award (a legacy import's undo) takes its log rows with it.
 */
export const certificateChecks = pgTable(
  'certificate_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => certificateCheckBatches.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    companyUserId: uuid('company_user_id')
      .notNull()
      .references(() => users.id),
    /** The number as the company entered it. */
    certificateNumber: text('certificate_number').notNull(),
    awardId: uuid('award_id')
      .notNull()
      .references(() => awards.id, { onDelete: 'cascade' }),
    holderApplicantId: uuid('holder_applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    status: text('status', { enum: AWARD_STATUSES }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    checkedOn: timestamp('checked_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...auditColumns,
  },
  (t) => [
    index('certificate_checks_holder_idx').on(t.holderApplicantId, t.checkedOn),
    index('certificate_checks_batch_idx').on(t.batchId),
    index('certificate_checks_award_idx').on(t.awardId),
  ],
);

/**
 * An employer link that ended (issue 42, decision 038): the applicant ended their approved link to
 * the company. The company lists them among its former people with the end date; it no longer
 * sees their records. One row per ended link, so a person who comes back and leaves again has two.
 */
export const endedEmployerLinks = pgTable(
  'ended_employer_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** When the link was confirmed (or claimed, for a link approved before decisions were recorded). */
    linkedOn: timestamp('linked_on', { withTimezone: true, mode: 'date' }),
    endedOn: timestamp('ended_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Who ended it: the applicant's user. */
    endedBy: uuid('ended_by').notNull(),
    ...auditColumns,
  },
  (t) => [index('ended_employer_links_company_idx').on(t.companyId, t.endedOn), index('ended_employer_links_applicant_idx').on(t.applicantId)],
);
