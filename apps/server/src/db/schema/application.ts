import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { attachments } from './attachment';
import { programRequirements, programs } from './program';
import { applicants, users } from './user';

export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationNumber: text('application_number').notNull(),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id),
    programId: uuid('program_id')
      .notNull()
      .references(() => programs.id),
    programType: smallint('program_type').notNull(),
    status: text('status').notNull(),
    declarationAccepted: boolean('declaration_accepted').notNull().default(false),
    submittedOn: timestamp('submitted_on', { withTimezone: true, mode: 'date' }),
    /** The exam workflow stage (spec section 4), beside the status; null until examinations start. */
    workflowStage: text('workflow_stage'),
    /** The assessor of the current assessment round; a new assignment starts a new round. */
    assessorId: uuid('assessor_id').references(() => users.id),
    assessmentRound: integer('assessment_round').notNull().default(0),
    /** Staff's request for more information, shown to the applicant while the application is back with them. */
    informationRequest: text('information_request'),
    informationRequestedOn: timestamp('information_requested_on', { withTimezone: true, mode: 'date' }),
    /** The pre-exam draft: a discount code staff entered before issuing the invoice. */
    preExamCouponCode: text('pre_exam_coupon_code'),
    /** The overall result recorded at the result stage, and when. */
    overallResult: text('overall_result', { enum: ['Awarded', 'Failed'] }),
    resultRecordedOn: timestamp('result_recorded_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('applications_number_unique').on(t.programType, t.applicationNumber),
    index('applications_applicant_idx').on(t.applicantId, t.programId),
    index('applications_program_status_idx').on(t.programId, t.status),
  ],
);

/** The next application number per program type and year, taken under a row lock. */
export const applicationCounters = pgTable(
  'application_counters',
  {
    programType: smallint('program_type').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.programType, t.year] })],
);

export const applicationAnswers = pgTable(
  'application_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    requirementId: uuid('requirement_id')
      .notNull()
      .references(() => programRequirements.id),
    answerText: text('answer_text').notNull().default(''),
    ...auditColumns,
  },
  (t) => [uniqueIndex('application_answers_unique').on(t.applicationId, t.requirementId)],
);

export const applicationAnswerAttachments = pgTable(
  'application_answer_attachments',
  {
    answerId: uuid('answer_id')
      .notNull()
      .references(() => applicationAnswers.id, { onDelete: 'cascade' }),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.answerId, t.attachmentId] })],
);

/** Every status change of an application: who, when, from, to, note (design.md, Data rules). */
export const applicationHistory = pgTable(
  'application_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The order of the moves. created_on is the transaction's start time, the same for every move
     * made in one transaction (the pre-exam makes two), so it cannot order them.
     */
    sequence: bigserial('sequence', { mode: 'number' }).notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    /** The exam workflow stage before and after, when the move changed it. */
    fromStage: text('from_stage'),
    toStage: text('to_stage'),
    note: text('note').notNull().default(''),
    ...auditColumns,
  },
  (t) => [index('application_history_application_idx').on(t.applicationId)],
);

/** The assessor's review of one assessment round (spec section 4: assessor save and submit). */
export const applicationAssessorReviews = pgTable(
  'application_assessor_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    round: integer('round').notNull(),
    assessorId: uuid('assessor_id')
      .notNull()
      .references(() => users.id),
    review: text('review').notNull().default(''),
    recommendation: text('recommendation'),
    submittedOn: timestamp('submitted_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('application_assessor_reviews_round_unique').on(t.applicationId, t.round)],
);

/** The assessment of one round: report, acceptance selections and outcome (spec sections 4 and 5). */
export const applicationAssessments = pgTable(
  'application_assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    round: integer('round').notNull(),
    assessmentReport: text('assessment_report').notNull().default(''),
    selections: jsonb('selections').$type<{ criterion: string; answer: string }[]>().notNull().default([]),
    outcome: text('outcome'),
    messageToApplicant: text('message_to_applicant').notNull().default(''),
    submittedOn: timestamp('submitted_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('application_assessments_round_unique').on(t.applicationId, t.round)],
);

/** Staff-only notes on an application's file; applicants never read them. */
export const applicationFileNotes = pgTable(
  'application_file_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id),
    note: text('note').notNull(),
    ...auditColumns,
  },
  (t) => [index('application_file_notes_application_idx').on(t.applicationId, t.createdOn)],
);
