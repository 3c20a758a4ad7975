import { date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { owningAccount } from './account';
import { applications } from './application';
import { awards } from './award';
import { programs } from './program';
import { applicationReviews } from './review';
import { users } from './user';
import { venues } from './venue';

/** What an upheld appeal or complaint changed, linked to that change's own history. */
export interface CaseChange {
  kind: 'result_corrected' | 'award_reinstated' | 'renewal_reopened' | 'other';
  /** The application's or the award's history row that records the change. */
  applicationId?: string;
  awardId?: string;
  historyId?: string;
  description: string;
}

export const APPEAL_SUBJECTS = ['result', 'assessment', 'renewal_refusal', 'award_hold', 'award_cancellation'] as const;
export const CASE_STATUSES = ['received', 'investigating', 'decided', 'withdrawn'] as const;
export const CASE_OUTCOMES = ['upheld', 'partly_upheld', 'dismissed'] as const;

/**
 * Appeals against a decision (issue 43, ISO/IEC 17024 9.8) for all four program types: a result,
 * an assessment, a refused renewal, a hold or cancellation of an award. The handler may not have
 * been involved in what is appealed (the assessor, examiner, invigilator or decision maker).
 * Today's reviews of a failed result are appeals of a result: `review_id` links the review whose
 * routes keep working.
 */
export const appeals = pgTable(
  'appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    /** APL-YYYY-NNNNN, unique platform-wide; the person quotes it. */
    reference: text('reference').notNull(),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    applicationId: uuid('application_id').references(() => applications.id),
    awardId: uuid('award_id').references(() => awards.id),
    reviewId: uuid('review_id').references(() => applicationReviews.id),
    subject: text('subject', { enum: APPEAL_SUBJECTS }).notNull(),
    /** The person appealing (the applicant or holder). */
    appellantUserId: uuid('appellant_user_id')
      .notNull()
      .references(() => users.id),
    grounds: text('grounds').notNull(),
    attachmentIds: jsonb('attachment_ids').$type<string[]>().notNull().default([]),
    status: text('status', { enum: CASE_STATUSES }).notNull().default('received'),
    handlerId: uuid('handler_id').references(() => users.id),
    receivedOn: timestamp('received_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    acknowledgedOn: timestamp('acknowledged_on', { withTimezone: true, mode: 'date' }),
    /** Target dates, in the account's days. */
    acknowledgeBy: date('acknowledge_by', { mode: 'string' }).notNull(),
    decideBy: date('decide_by', { mode: 'string' }).notNull(),
    decidedOn: timestamp('decided_on', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by').references(() => users.id),
    outcome: text('outcome', { enum: CASE_OUTCOMES }),
    outcomeReasons: text('outcome_reasons'),
    changes: jsonb('changes').$type<CaseChange[]>().notNull().default([]),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('appeals_reference_unique').on(t.reference),
    index('appeals_account_idx').on(t.accountId, t.status, t.receivedOn),
    index('appeals_application_idx').on(t.applicationId),
    index('appeals_appellant_idx').on(t.appellantUserId),
  ],
);

export const COMPLAINT_ABOUT = ['body', 'examiner', 'venue', 'holder', 'other'] as const;

/**
 * Complaints about the body, an examiner, a venue or a certificate holder (ISO/IEC 17024 9.9), from
 * an applicant, an employer or anyone (the public form). The complainant is a user, or a name and
 * an email for the public.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    /** CMP-YYYY-NNNNN, unique platform-wide. */
    reference: text('reference').notNull(),
    about: text('about', { enum: COMPLAINT_ABOUT }).notNull(),
    aboutUserId: uuid('about_user_id').references(() => users.id),
    aboutVenueId: uuid('about_venue_id').references(() => venues.id),
    aboutAwardId: uuid('about_award_id').references(() => awards.id),
    /** What the complainant named in their words (a certificate number, an examiner's name, ...). */
    aboutText: text('about_text').notNull().default(''),
    programId: uuid('program_id').references(() => programs.id),
    complainantKind: text('complainant_kind', { enum: ['applicant', 'employer', 'public'] }).notNull(),
    complainantUserId: uuid('complainant_user_id').references(() => users.id),
    complainantName: text('complainant_name').notNull(),
    complainantEmail: text('complainant_email').notNull(),
    details: text('details').notNull(),
    status: text('status', { enum: CASE_STATUSES }).notNull().default('received'),
    handlerId: uuid('handler_id').references(() => users.id),
    receivedOn: timestamp('received_on', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    acknowledgedOn: timestamp('acknowledged_on', { withTimezone: true, mode: 'date' }),
    acknowledgeBy: date('acknowledge_by', { mode: 'string' }).notNull(),
    decideBy: date('decide_by', { mode: 'string' }).notNull(),
    decidedOn: timestamp('decided_on', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by').references(() => users.id),
    outcome: text('outcome', { enum: CASE_OUTCOMES }),
    outcomeReasons: text('outcome_reasons'),
    changes: jsonb('changes').$type<CaseChange[]>().notNull().default([]),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('complaints_reference_unique').on(t.reference),
    index('complaints_account_idx').on(t.accountId, t.status, t.receivedOn),
    index('complaints_complainant_idx').on(t.complainantUserId),
  ],
);

/** The investigation's record of an appeal or a complaint: notes, status moves, assignments, the outcome. */
export const caseEntries = pgTable(
  'case_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    appealId: uuid('appeal_id').references(() => appeals.id),
    complaintId: uuid('complaint_id').references(() => complaints.id),
    kind: text('kind', { enum: ['note', 'status', 'handler', 'outcome', 'mail'] }).notNull(),
    text: text('text').notNull(),
    /** Notes are staff's own unless shared with the person. */
    sharedWithPerson: text('shared_with_person', { enum: ['yes', 'no'] }).notNull().default('no'),
    actorId: uuid('actor_id').references(() => users.id),
    ...auditColumns,
  },
  (t) => [index('case_entries_appeal_idx').on(t.appealId), index('case_entries_complaint_idx').on(t.complaintId)],
);
