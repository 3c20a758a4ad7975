import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { applicationModules } from './application-module';
import { attachments } from './attachment';
import { examDefinitions, examSections } from './exam-definition';
import { questionVersions } from './question-bank';
import { resitModules } from './resit';
import { applicants, users } from './user';

/**
 * One sitting of a test by one candidate (spec section 3: Exam instance, Timer). The server owns
 * the clock: `deadline` = `started_on` + total + extra seconds, and every answer update and
 * submission is checked against it.
 */
export const examInstances = pgTable(
  'exam_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    examType: text('exam_type', { enum: ['trial', 'module'] }).notNull(),
    examDefinitionId: uuid('exam_definition_id')
      .notNull()
      .references(() => examDefinitions.id),
    applicantId: uuid('applicant_id')
      .notNull()
      .references(() => applicants.id),
    /** The scheduled module a module exam is sat for; null for trial exams. */
    applicationModuleId: uuid('application_module_id').references(() => applicationModules.id),
    /** The re-sit a re-sit sitting is sat for (issue 17): a new instance; the first attempt's stays. Null otherwise. */
    resitModuleId: uuid('resit_module_id').references(() => resitModules.id),
    status: text('status', { enum: ['InProgress', 'Submitted', 'TimedOut'] })
      .notNull()
      .default('InProgress'),
    /** Fixed by the first initialisation: the test's minutes x 60 (spec section 4, Timer). */
    totalSeconds: integer('total_seconds').notNull(),
    minimumSeconds: integer('minimum_seconds').notNull(),
    /** An accommodation granted by staff; the deadline moves with it. */
    extraSeconds: integer('extra_seconds').notNull().default(0),
    startedOn: timestamp('started_on', { withTimezone: true, mode: 'date' }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true, mode: 'date' }).notNull(),
    submittedOn: timestamp('submitted_on', { withTimezone: true, mode: 'date' }),
    submittedHow: text('submitted_how', { enum: ['candidate', 'timeout', 'job', 'invigilator'] }),
    /** The one browser session allowed to save answers; another takes over only when asked to. */
    activeSessionId: text('active_session_id'),
    recordExam: boolean('record_exam').notNull().default(false),
    /** The test's settings when the sitting began, so marking and option order never shift under it. */
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    partialMarks: boolean('partial_marks').notNull().default(false),
    /** The test's total marks when the exam started. */
    totalMarks: numeric('total_marks', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    /** Sum of actual marks once every question is marked; null while any waits for an examiner. */
    score: numeric('score', { precision: 8, scale: 2, mode: 'number' }),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }),
    result: text('result', { enum: ['Pass', 'Fail'] }),
    markedOn: timestamp('marked_on', { withTimezone: true, mode: 'date' }),
    markedBy: uuid('marked_by').references(() => users.id),
    /** Whether the candidate may see the score (and, for trials, the correct answers). */
    marksReleased: boolean('marks_released').notNull().default(false),
    ...auditColumns,
  },
  (t) => [
    // One sitting per scheduled module (NULLs, the trials, do not collide).
    uniqueIndex('exam_instances_module_unique').on(t.applicationModuleId),
    // One sitting per re-sit.
    uniqueIndex('exam_instances_resit_unique').on(t.resitModuleId),
    // At most one trial in progress per candidate and test: concurrent launches meet here.
    uniqueIndex('exam_instances_trial_in_progress_unique')
      .on(t.applicantId, t.examDefinitionId)
      .where(sql`${t.examType} = 'trial' and ${t.status} = 'InProgress'`),
    index('exam_instances_applicant_idx').on(t.applicantId, t.examType),
    // The timeout job reads only what is still open.
    index('exam_instances_open_deadline_idx').on(t.deadline).where(sql`${t.status} = 'InProgress'`),
  ],
);

/** The candidate's answer to one question of one sitting (spec section 3: Question instance). */
export const questionInstances = pgTable(
  'question_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    examInstanceId: uuid('exam_instance_id')
      .notNull()
      .references(() => examInstances.id),
    /** The version given, so no later edit of the question changes this sitting. */
    questionVersionId: uuid('question_version_id')
      .notNull()
      .references(() => questionVersions.id),
    /** Null: the default section titled Questions. */
    sectionId: uuid('section_id').references(() => examSections.id),
    sortOrder: integer('sort_order').notNull(),
    /** What the question is worth in this sitting, copied from the test at launch. */
    maxMarks: numeric('max_marks', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    isAnswered: boolean('is_answered').notNull().default(false),
    isAttempted: boolean('is_attempted').notNull().default(false),
    /** The candidate's marked-for-review flag. */
    isMarked: boolean('is_marked').notNull().default(false),
    /** Cumulative whole seconds and visits, sent as totals so a retried update never counts twice. */
    timeTaken: integer('time_taken').notNull().default(0),
    numOfAttempts: integer('num_of_attempts').notNull().default(0),
    answerOptionGivenByUser: jsonb('answer_option_given_by_user').$type<string[]>().notNull().default([]),
    answerValueGivenByUser: text('answer_value_given_by_user').notNull().default(''),
    /** The highest client sequence applied: an update with a lower or equal one changes nothing. */
    lastSequence: integer('last_sequence').notNull().default(0),
    /** Null until marked (automatically at submission, or by an examiner). */
    actualMarks: numeric('actual_marks', { precision: 8, scale: 2, mode: 'number' }),
    markedBy: uuid('marked_by').references(() => users.id),
    markedOn: timestamp('marked_on', { withTimezone: true, mode: 'date' }),
    ...auditColumns,
  },
  (t) => [uniqueIndex('question_instances_order_unique').on(t.examInstanceId, t.sortOrder)],
);

/** Photographed answer pages uploaded from a phone for one question instance. */
export const answerPapers = pgTable(
  'answer_papers',
  {
    questionInstanceId: uuid('question_instance_id')
      .notNull()
      .references(() => questionInstances.id),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.questionInstanceId, t.attachmentId] })],
);

/**
 * Extra time granted to one candidate on one scheduled module, possibly before the sitting exists;
 * the sitting copies it at launch and follows later changes.
 */
export const examTimeExtensions = pgTable('exam_time_extensions', {
  applicationModuleId: uuid('application_module_id')
    .primaryKey()
    .references(() => applicationModules.id),
  extraSeconds: integer('extra_seconds').notNull(),
  ...auditColumns,
});
