import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { owningAccount } from './account';
import { auditColumns } from './columns';

export const subjects = pgTable(
  'subjects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    title: text('title').notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('subjects_title_unique').on(t.accountId, sql`lower(${t.title})`)],
);

export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    title: text('title').notNull(),
    ...auditColumns,
  },
  (t) => [uniqueIndex('tags_title_unique').on(t.accountId, sql`lower(${t.title})`)],
);

/**
 * The stable identity of a question: what tests, subjects and tags point at. What a candidate
 * reads and answers lives in `question_versions`; `current_version` names the one staff edit now.
 */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    /** A short number staff can quote ("Q-42"), in messages, exports and imports. */
    questionNumber: integer('question_number').notNull().generatedAlwaysAsIdentity(),
    currentVersion: integer('current_version').notNull().default(1),
    ...auditColumns,
  },
  (t) => [uniqueIndex('questions_number_unique').on(t.questionNumber), index('questions_modified_idx').on(t.modifiedOn)],
);

/**
 * One row per saved state of a question, never updated once written: an exam attempt keeps the
 * version (and its option rows) it was given, so later edits never change an exam already taken.
 */
export const questionVersions = pgTable(
  'question_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    version: integer('version').notNull(),
    questionType: text('question_type').notNull(),
    difficulty: text('difficulty').notNull(),
    /** Sanitised rich text. */
    content: text('content').notNull(),
    /** The content without markup, for search and lists. */
    plainText: text('plain_text').notNull(),
    canUploadAnswerPaper: boolean('can_upload_answer_paper').notNull().default(false),
    ...auditColumns,
  },
  (t) => [uniqueIndex('question_versions_unique').on(t.questionId, t.version)],
);

/** Options of one version; for Fill In The Blank every row is an accepted answer. */
export const questionOptions = pgTable(
  'question_options',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionVersionId: uuid('question_version_id')
      .notNull()
      .references(() => questionVersions.id),
    option: text('option').notNull(),
    correctAnswer: boolean('correct_answer').notNull().default(false),
    sortOrder: integer('sort_order').notNull(),
    ...auditColumns,
  },
  (t) => [index('question_options_version_idx').on(t.questionVersionId)],
);

/** Subjects and tags classify the question, not a version: re-filing a question changes no exam. */
export const questionSubjects = pgTable(
  'question_subjects',
  {
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => subjects.id),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.subjectId] }), index('question_subjects_subject_idx').on(t.subjectId)],
);

export const questionTags = pgTable(
  'question_tags',
  {
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.tagId] }), index('question_tags_tag_idx').on(t.tagId)],
);
