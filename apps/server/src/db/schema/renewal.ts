import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { applications } from './application';
import { awards } from './award';
import { invoices } from './payment';
import { programModules, programs } from './program';
import { applicants, users } from './user';
import { testingAgencies, venues } from './venue';

/** The holder's answer to one of the program's requirements on a renewal form. */
export interface RenewalAnswer {
  requirementId: string;
  answerText: string;
}

/** A professional development entry as it stood when the renewal was submitted (the profile may change later). */
export interface RenewalDevelopmentEntry {
  id: string;
  provider: string;
  numOfHours: number;
  personalDevelopmentType: string;
  startDate: string;
  /** Whether it started within the award's period then (only those counted). */
  inPeriod?: boolean;
}

/**
 * A holder's application to renew an award (issue 17, decision 023): draft, submitted (the
 * application is Applied for Renewal), then renewed (the award's expiry moves on) or refused
 * (the award is withdrawn). The award stays one row: its renewals are these rows and its history.
 */
export const renewalApplications = pgTable(
  'renewal_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    awardId: uuid('award_id')
      .notNull()
      .references(() => awards.id),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    programType: integer('program_type').notNull(),
    status: text('status', { enum: ['draft', 'submitted', 'renewed', 'refused'] }).notNull().default('draft'),
    answers: jsonb('answers').$type<RenewalAnswer[]>().notNull().default([]),
    /** Chosen entries of the profile's Professional development list (ids while a draft; copied on submit). */
    developmentIds: jsonb('development_ids').$type<string[]>().notNull().default([]),
    developmentEntries: jsonb('development_entries').$type<RenewalDevelopmentEntry[]>().notNull().default([]),
    /** Hours within the award's period, and the program's requirement, when submitted. */
    cpdHours: numeric('cpd_hours', { precision: 8, scale: 1, mode: 'number' }),
    requiredCpdHours: integer('required_cpd_hours'),
    submittedOn: timestamp('submitted_on', { withTimezone: true, mode: 'date' }),
    /** The award's expiry before and after the decision. */
    previousExpiresOn: date('previous_expires_on', { mode: 'string' }),
    newExpiresOn: date('new_expires_on', { mode: 'string' }),
    /** Applied after the expiry day, within the program's grace period (decision 023: late renewal). */
    isLate: boolean('is_late').notNull().default(false),
    /** The late fee charged on the renewal's invoice (GST-inclusive cents), when late. */
    lateFeeCents: integer('late_fee_cents'),
    /** The renewal's invoice: an AICIP renewal's modules (and late fee), or a late Certification renewal's fee. */
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    /** The certificate number before the decision, and after it (a new one where the program says so). */
    previousCertificateNumber: text('previous_certificate_number'),
    newCertificateNumber: text('new_certificate_number'),
    decisionReason: text('decision_reason'),
    decidedOn: timestamp('decided_on', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by').references(() => users.id),
    ...auditColumns,
  },
  (t) => [
    index('renewal_applications_program_status_idx').on(t.programId, t.status),
    index('renewal_applications_award_idx').on(t.awardId),
    index('renewal_applications_application_idx').on(t.applicationId),
    index('renewal_applications_applicant_idx').on(t.applicantId),
    // One open renewal per award, however often the holder presses Save.
    uniqueIndex('renewal_applications_one_open').on(t.awardId).where(sql`${t.status} in ('draft', 'submitted')`),
  ],
);

/**
 * An AICIP renewal's modules (spec section 7: `aicipapplicationrenewalmodule`): the program's
 * renewal modules staff choose (required or optional), each with its renewal fee, its schedule and
 * its result. Kept apart from `application_modules`, which hold the first sitting of the same
 * application and stay as they were.
 */
export const renewalModules = pgTable(
  'renewal_modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    renewalId: uuid('renewal_id')
      .notNull()
      .references(() => renewalApplications.id),
    programModuleId: uuid('program_module_id')
      .notNull()
      .references(() => programModules.id),
    isRequired: boolean('is_required').notNull(),
    /** The renewal fee charged, GST-inclusive, member or non-member, when the invoice was issued. */
    feeCents: integer('fee_cents').notNull(),
    feeBasis: text('fee_basis', { enum: ['member', 'nonMember'] }).notNull(),
    order: integer('order').notNull(),
    examKind: text('exam_kind'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true, mode: 'date' }),
    scheduleTimeZone: text('schedule_time_zone'),
    durationMinutes: integer('duration_minutes'),
    venueId: uuid('venue_id').references(() => venues.id),
    testingAgencyId: uuid('testing_agency_id').references(() => testingAgencies.id),
    examinerId: uuid('examiner_id').references(() => users.id),
    invigilatorId: uuid('invigilator_id').references(() => users.id),
    scheduleNote: text('schedule_note').notNull().default(''),
    scheduleSentOn: timestamp('schedule_sent_on', { withTimezone: true, mode: 'date' }),
    result: text('result', { enum: ['Pass', 'Fail', 'Absent'] }),
    resultPercentage: numeric('result_percentage', { precision: 5, scale: 2, mode: 'number' }),
    resultNotes: text('result_notes').notNull().default(''),
    resultEnteredOn: timestamp('result_entered_on', { withTimezone: true, mode: 'date' }),
    resultEnteredBy: uuid('result_entered_by').references(() => users.id),
    ...auditColumns,
  },
  (t) => [uniqueIndex('renewal_modules_unique').on(t.renewalId, t.programModuleId)],
);

/**
 * A program's renewal rules (decision 023), set on its settings page: whether an expired award may
 * still be renewed within a grace period, with a late fee, or needs a new application; and whether
 * a renewal takes a new certificate number (default: the same number).
 */
export const programRenewalRules = pgTable('program_renewal_rules', {
  programId: uuid('program_id')
    .primaryKey()
    .references(() => programs.id),
  lateRenewal: text('late_renewal', { enum: ['newApplication', 'grace'] }).notNull().default('newApplication'),
  graceDays: integer('grace_days').notNull().default(0),
  lateFeeMemberCents: integer('late_fee_member_cents').notNull().default(0),
  lateFeeNonMemberCents: integer('late_fee_non_member_cents').notNull().default(0),
  newNumberOnRenewal: boolean('new_number_on_renewal').notNull().default(false),
  ...auditColumns,
});
