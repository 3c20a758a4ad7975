import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { examDefinitions, examSectionQuestions, examSections } from '../../db/schema/exam-definition';
import { cutScoreJudges, cutScoreRatings, cutScoreStudies } from '../../db/schema/exam-quality';
import { programModules, programs } from '../../db/schema/program';
import { questionVersions, questions } from '../../db/schema/question-bank';
import { users } from '../../db/schema/user';

export type CutScoreStudyRow = typeof cutScoreStudies.$inferSelect;
export type CutScoreJudgeRow = typeof cutScoreJudges.$inferSelect;

/** A test as cut scores see it: its type and status, and the module (with its program) it examines. */
export interface CutScoreTestRow {
  id: string;
  accountId: string;
  title: string;
  testNumber: number;
  testType: 'trial' | 'module';
  status: string;
  module: { id: string; programId: string; programCode: string; programStatus: number; moduleCode: string; moduleTitle: string; passPercentage: number } | null;
}

export interface CutScoreQuestionRow {
  questionId: string;
  questionNumber: number;
  text: string;
  sectionTitle: string | null;
  marks: number;
}

export interface CutScoreStudyListRow {
  study: CutScoreStudyRow;
  judgeCount: number;
  createdByName: string | null;
  adoptedByName: string | null;
}

const creator = alias(users, 'creator');
const adopter = alias(users, 'adopter');
const judgeCount = sql<number>`(select count(*) from ${cutScoreJudges} where ${cutScoreJudges.studyId} = ${cutScoreStudies.id})`.mapWith(Number);
const fullName = (person: { firstName: AnyPgColumn; lastName: AnyPgColumn }) => sql<string | null>`nullif(trim(coalesce(${person.firstName}, '') || ' ' || coalesce(${person.lastName}, '')), '')`;

/**
 * Cut score studies, their judges and ratings, read and written for one account (decision 033; the
 * tables' row-level security is the second line, decision 034). The test's questions are read
 * from the exam definition's tables: a test's questions are its section questions.
 */
export class CutScoreRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  /** The account's test; `lock` takes it FOR NO KEY UPDATE (sittings that refer to it are not held up). */
  async findTest(id: string, accountId: string, db: Executor = this.db, lock = false): Promise<CutScoreTestRow | undefined> {
    const query = db
      .select({
        test: {
          id: examDefinitions.id,
          accountId: examDefinitions.accountId,
          title: examDefinitions.title,
          testNumber: examDefinitions.testNumber,
          testType: examDefinitions.testType,
          status: examDefinitions.status,
        },
        module: {
          id: programModules.id,
          programId: programs.id,
          programCode: programs.programCode,
          programStatus: programs.status,
          moduleCode: programModules.moduleCode,
          moduleTitle: programModules.moduleTitle,
          passPercentage: programModules.passPercentage,
        },
      })
      .from(examDefinitions)
      .leftJoin(programModules, eq(programModules.id, examDefinitions.programModuleId))
      .leftJoin(programs, eq(programs.id, programModules.programId))
      .where(and(eq(examDefinitions.id, id), eq(examDefinitions.accountId, accountId)));
    const [row] = lock ? await query.for('no key update', { of: examDefinitions }) : await query;
    if (!row) return undefined;
    return { ...row.test, module: row.module?.id && row.module.programId ? (row.module as NonNullable<CutScoreTestRow['module']>) : null };
  }

  /** The test's questions with their marks, in the candidates' order (the default section first). */
  async findQuestions(testId: string, db: Executor = this.db): Promise<CutScoreQuestionRow[]> {
    return db
      .select({
        questionId: examSectionQuestions.questionId,
        questionNumber: questions.questionNumber,
        text: sql<string>`left(${questionVersions.plainText}, 200)`,
        sectionTitle: examSections.title,
        marks: examSectionQuestions.marks,
      })
      .from(examSectionQuestions)
      .innerJoin(questions, eq(questions.id, examSectionQuestions.questionId))
      .innerJoin(questionVersions, eq(questionVersions.id, examSectionQuestions.questionVersionId))
      .leftJoin(examSections, eq(examSections.id, examSectionQuestions.sectionId))
      .where(eq(examSectionQuestions.examDefinitionId, testId))
      .orderBy(sql`coalesce(${examSections.sortOrder}, -1)`, asc(examSectionQuestions.sortOrder), asc(examSectionQuestions.createdOn));
  }

  async findStudies(testId: string): Promise<CutScoreStudyListRow[]> {
    return this.studyQuery(this.db).where(eq(cutScoreStudies.examDefinitionId, testId)).orderBy(desc(cutScoreStudies.version));
  }

  /** The account's study; another account's is not found. */
  async findStudy(id: string, accountId: string, db: Executor = this.db): Promise<CutScoreStudyListRow | undefined> {
    const [row] = await this.studyQuery(db).where(and(eq(cutScoreStudies.id, id), eq(cutScoreStudies.accountId, accountId)));
    return row;
  }

  /** Locks the account's study: edits of one draft, and its adoption, take turns. */
  async lockStudy(tx: Executor, id: string, accountId: string): Promise<CutScoreStudyRow | undefined> {
    const [row] = await tx
      .select()
      .from(cutScoreStudies)
      .where(and(eq(cutScoreStudies.id, id), eq(cutScoreStudies.accountId, accountId)))
      .for('no key update');
    return row;
  }

  async nextVersion(tx: Executor, testId: string): Promise<number> {
    const [row] = await tx.select({ last: max(cutScoreStudies.version) }).from(cutScoreStudies).where(eq(cutScoreStudies.examDefinitionId, testId));
    return (row?.last ?? 0) + 1;
  }

  async insertStudy(tx: Executor, values: typeof cutScoreStudies.$inferInsert & { accountId: string }): Promise<CutScoreStudyRow> {
    const [row] = await tx.insert(cutScoreStudies).values(values).returning();
    if (!row) throw new Error('cut score study not inserted');
    return row;
  }

  async updateStudy(tx: Executor, id: string, values: Partial<typeof cutScoreStudies.$inferInsert>): Promise<void> {
    await tx.update(cutScoreStudies).set(values).where(eq(cutScoreStudies.id, id));
  }

  /** Marks the test's adopted study superseded; its version, or null when none was adopted. */
  async supersedeAdopted(tx: Executor, testId: string, actorId: string): Promise<number | null> {
    const rows = await tx
      .update(cutScoreStudies)
      .set({ status: 'superseded', modifiedBy: actorId, modifiedOn: new Date() })
      .where(and(eq(cutScoreStudies.examDefinitionId, testId), eq(cutScoreStudies.status, 'adopted')))
      .returning({ version: cutScoreStudies.version });
    return rows[0]?.version ?? null;
  }

  async findJudges(studyId: string, db: Executor = this.db): Promise<CutScoreJudgeRow[]> {
    return db.select().from(cutScoreJudges).where(eq(cutScoreJudges.studyId, studyId)).orderBy(asc(cutScoreJudges.createdOn), asc(cutScoreJudges.name));
  }

  async insertJudge(tx: Executor, values: typeof cutScoreJudges.$inferInsert): Promise<void> {
    await tx.insert(cutScoreJudges).values(values);
  }

  async updateJudge(tx: Executor, id: string, values: Partial<typeof cutScoreJudges.$inferInsert>): Promise<void> {
    await tx.update(cutScoreJudges).set(values).where(eq(cutScoreJudges.id, id));
  }

  /** Removes a judge with their ratings (the ratings cascade). */
  async deleteJudge(tx: Executor, id: string): Promise<void> {
    await tx.delete(cutScoreJudges).where(eq(cutScoreJudges.id, id));
  }

  async findRatings(judgeIds: readonly string[], db: Executor = this.db): Promise<{ judgeId: string; questionId: string; rating: number }[]> {
    if (judgeIds.length === 0) return [];
    return db
      .select({ judgeId: cutScoreRatings.judgeId, questionId: cutScoreRatings.questionId, rating: cutScoreRatings.rating })
      .from(cutScoreRatings)
      .where(inArray(cutScoreRatings.judgeId, [...judgeIds]));
  }

  /** Sets cells (one statement) and clears those given null. */
  async saveRatings(tx: Executor, set: { judgeId: string; questionId: string; rating: number }[], cleared: { judgeId: string; questionId: string }[], actorId: string): Promise<void> {
    if (set.length) {
      await tx
        .insert(cutScoreRatings)
        .values(set.map((cell) => ({ ...cell, createdBy: actorId, modifiedBy: actorId })))
        .onConflictDoUpdate({
          target: [cutScoreRatings.judgeId, cutScoreRatings.questionId],
          set: { rating: sql`excluded.rating`, modifiedBy: actorId, modifiedOn: new Date() },
        });
    }
    for (const cell of cleared) {
      await tx.delete(cutScoreRatings).where(and(eq(cutScoreRatings.judgeId, cell.judgeId), eq(cutScoreRatings.questionId, cell.questionId)));
    }
  }

  /** Locks the module's row and sets its pass mark; the pass mark it had. */
  async setPassPercentage(tx: Executor, moduleId: string, passPercentage: number, actorId: string): Promise<number | undefined> {
    const [before] = await tx.select({ passPercentage: programModules.passPercentage }).from(programModules).where(eq(programModules.id, moduleId)).for('no key update');
    if (!before) return undefined;
    await tx.update(programModules).set({ passPercentage, modifiedBy: actorId, modifiedOn: new Date() }).where(eq(programModules.id, moduleId));
    return before.passPercentage;
  }

  private studyQuery(db: Executor) {
    return db
      .select({ study: cutScoreStudies, judgeCount, createdByName: fullName(creator), adoptedByName: fullName(adopter) })
      .from(cutScoreStudies)
      .leftJoin(creator, eq(creator.id, cutScoreStudies.createdBy))
      .leftJoin(adopter, eq(adopter.id, cutScoreStudies.adoptedBy))
      .$dynamic();
  }
}
