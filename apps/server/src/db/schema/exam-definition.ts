import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { owningAccount } from './account';
import { auditColumns } from './columns';
import { programModules } from './program';
import { questions, questionVersions } from './question-bank';

/** A test (exam definition): what a trial or module exam asks. Called "exam definition" in code. */
export const examDefinitions = pgTable(
  'exam_definitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    testNumber: integer('test_number').notNull().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    instruction: text('instruction').notNull(),
    testType: text('test_type', { enum: ['trial', 'module'] }).notNull(),
    programType: smallint('program_type').notNull(),
    programModuleId: uuid('program_module_id').references(() => programModules.id),
    /** Minutes. */
    overallTime: integer('overall_time').notNull(),
    minimumTime: integer('minimum_time').notNull(),
    totalTestMarks: numeric('total_test_marks', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    isSectionSplit: boolean('is_section_split').notNull().default(false),
    canUploadAnswerPaper: boolean('can_upload_answer_paper').notNull().default(false),
    isTrialExam: boolean('is_trial_exam').notNull().default(false),
    /** Each candidate gets the questions of a section in their own order (sections keep theirs). */
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    /** Each candidate sees the options of choice questions in their own order. */
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** Multiple answer questions earn part of their marks (see autoMark), not only for the exact set. */
    partialMarks: boolean('partial_marks').notNull().default(false),
    /** Sittings of this test are recorded (screen, camera, keystrokes; issue 19) unless the scheduled module says otherwise. */
    recordExam: boolean('record_exam').notNull().default(false),
    /** draft, published or unpublished (archived); the spec's published/unPublished flags are derived. */
    status: text('status', { enum: ['draft', 'published', 'unpublished'] })
      .notNull()
      .default('draft'),
    publishedOn: timestamp('published_on', { withTimezone: true, mode: 'date' }),
    isCloned: boolean('is_cloned').notNull().default(false),
    clonedFromId: uuid('cloned_from_id').references((): AnyPgColumn => examDefinitions.id),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('exam_definitions_title_unique').on(t.accountId, sql`lower(${t.title})`),
    uniqueIndex('exam_definitions_number_unique').on(t.testNumber),
    index('exam_definitions_filter_idx').on(t.status, t.testType, t.programType),
    index('exam_definitions_module_idx').on(t.programModuleId),
  ],
);

/** Named sections; questions outside any section belong to the default section (not stored). */
export const examSections = pgTable(
  'exam_sections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    examDefinitionId: uuid('exam_definition_id')
      .notNull()
      .references(() => examDefinitions.id),
    title: text('title').notNull(),
    sortOrder: integer('sort_order').notNull(),
    ...auditColumns,
  },
  (t) => [index('exam_sections_definition_idx').on(t.examDefinitionId)],
);

/**
 * The questions of a test with their marks (`testsectionquestions`). `question_version_id` pins
 * the version candidates are given: refreshed to the current version while the test is a draft
 * and at publication, then fixed for as long as the test exists.
 */
export const examSectionQuestions = pgTable(
  'exam_section_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    examDefinitionId: uuid('exam_definition_id')
      .notNull()
      .references(() => examDefinitions.id),
    /** Null: the default section titled Questions. */
    sectionId: uuid('section_id').references(() => examSections.id),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    questionVersionId: uuid('question_version_id')
      .notNull()
      .references(() => questionVersions.id),
    marks: numeric('marks', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    sortOrder: integer('sort_order').notNull(),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('exam_section_questions_unique').on(t.examDefinitionId, t.questionId),
    index('exam_section_questions_section_idx').on(t.sectionId),
    index('exam_section_questions_question_idx').on(t.questionId),
  ],
);
