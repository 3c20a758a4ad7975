import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { applications } from './application';
import { awards } from './award';
import { programs } from './program';
import { applicants, users } from './user';

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
    decisionReason: text('decision_reason'),
    decidedOn: timestamp('decided_on', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by').references(() => users.id),
    ...auditColumns,
  },
  (t) => [
    index('renewal_applications_program_status_idx').on(t.programId, t.status),
    index('renewal_applications_award_idx').on(t.awardId),
    // One open renewal per award, however often the holder presses Save.
    uniqueIndex('renewal_applications_one_open').on(t.awardId).where(sql`${t.status} in ('draft', 'submitted')`),
  ],
);
