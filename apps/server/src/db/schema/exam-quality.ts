import { index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns';
import { owningAccount } from './account';
import { examDefinitions } from './exam-definition';
import { questions } from './question-bank';
import { users } from './user';

/**
 * How a module test's cut score was set (issue 43, ISO/IEC 17024 9.3): a modified Angoff panel
 * entered here (judges rate each question; the platform computes the cut score and its spread), or
 * another method described. Versioned: adopting a study supersedes the test's adopted one.
 */
export const cutScoreStudies = pgTable(
  'cut_score_studies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: owningAccount(),
    examDefinitionId: uuid('exam_definition_id')
      .notNull()
      .references(() => examDefinitions.id),
    version: integer('version').notNull(),
    method: text('method', { enum: ['modified_angoff', 'other'] }).notNull(),
    /** The method and evidence in words (required for 'other'; the panel's meeting for Angoff). */
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['draft', 'adopted', 'superseded'] }).notNull().default('draft'),
    /** The cut score as a percentage of the test's marks, with the spread of the judges' cut scores. */
    cutScorePercent: numeric('cut_score_percent', { precision: 6, scale: 2, mode: 'number' }),
    spreadPercent: numeric('spread_percent', { precision: 6, scale: 2, mode: 'number' }),
    /** The module's pass mark the adoption replaced (null: the test examined no module, or not adopted yet). */
    previousPassPercent: numeric('previous_pass_percent', { precision: 6, scale: 2, mode: 'number' }),
    adoptedOn: timestamp('adopted_on', { withTimezone: true, mode: 'date' }),
    adoptedBy: uuid('adopted_by').references(() => users.id),
    ...auditColumns,
  },
  (t) => [uniqueIndex('cut_score_studies_version_unique').on(t.examDefinitionId, t.version), index('cut_score_studies_account_idx').on(t.accountId)],
);

export const cutScoreJudges = pgTable(
  'cut_score_judges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    studyId: uuid('study_id')
      .notNull()
      .references(() => cutScoreStudies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Why this judge is a subject-matter expert. */
    expertise: text('expertise').notNull().default(''),
    ...auditColumns,
  },
  (t) => [index('cut_score_judges_study_idx').on(t.studyId)],
);

/** A judge's estimate (0-100) of the share of minimally competent candidates who answer the question right. */
export const cutScoreRatings = pgTable(
  'cut_score_ratings',
  {
    judgeId: uuid('judge_id')
      .notNull()
      .references(() => cutScoreJudges.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id),
    rating: numeric('rating', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    ...auditColumns,
  },
  (t) => [primaryKey({ columns: [t.judgeId, t.questionId] })],
);
