import { and, asc, count, desc, eq, exists, ilike, inArray, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { examDefinitions, examSectionQuestions } from '../../db/schema/exam-definition';
import { questionOptions, questionSubjects, questionTags, questionVersions, questions, subjects, tags } from '../../db/schema/question-bank';
import { users } from '../../db/schema/user';

export type QuestionRow = typeof questions.$inferSelect;
export type QuestionVersionRow = typeof questionVersions.$inferSelect;
export type QuestionOptionRow = typeof questionOptions.$inferSelect;
export interface ReferenceItem {
  id: string;
  title: string;
}

export interface QuestionFilters {
  /** The bank searched: the caller's account's (decision 033). */
  accountId: string;
  page: number;
  pageSize: number;
  text?: string;
  /** A number typed as "Q-12" or "12" also finds that question. */
  questionNumber?: number;
  questionType?: string;
  difficulty?: string;
  subjectIds?: string[];
  tagIds?: string[];
  created?: { from?: Date; to?: Date };
  modified?: { from?: Date; to?: Date };
  excludeTestId?: string;
}

export interface QuestionListItem {
  question: QuestionRow;
  version: QuestionVersionRow;
  numOfOptions: number;
  subjects: ReferenceItem[];
  tags: ReferenceItem[];
}

export interface QuestionDetail extends QuestionListItem {
  options: QuestionOptionRow[];
  createdByName: string | null;
  modifiedByName: string | null;
  usedInTests: { id: string; title: string; status: string; version: number }[];
}

export interface NewVersion {
  questionType: string;
  difficulty: string;
  content: string;
  plainText: string;
  canUploadAnswerPaper: boolean;
  options: { option: string; correctAnswer: boolean }[];
}

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const currentVersionJoin = and(eq(questionVersions.questionId, questions.id), eq(questionVersions.version, questions.currentVersion));
const optionCount = sql<number>`(select count(*) from ${questionOptions} where ${questionOptions.questionVersionId} = ${questionVersions.id})`.mapWith(Number);
const creator = alias(users, 'creator');
const modifier = alias(users, 'modifier');

function nameOf(person: { firstName: string | null; lastName: string | null }): string | null {
  return person.firstName ? `${person.firstName} ${person.lastName ?? ''}`.trim() : null;
}

export class QuestionRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async findPage(filters: QuestionFilters): Promise<{ rows: QuestionListItem[]; totalRows: number }> {
    const conditions: SQL[] = [eq(questions.accountId, filters.accountId)];
    if (filters.text) {
      const byText = ilike(questionVersions.plainText, likePattern(filters.text));
      const match = filters.questionNumber ? or(byText, eq(questions.questionNumber, filters.questionNumber)) : byText;
      if (match) conditions.push(match);
    }
    if (filters.questionType) conditions.push(eq(questionVersions.questionType, filters.questionType));
    if (filters.difficulty) conditions.push(eq(questionVersions.difficulty, filters.difficulty));
    if (filters.subjectIds?.length) {
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(questionSubjects)
            .where(and(eq(questionSubjects.questionId, questions.id), inArray(questionSubjects.subjectId, filters.subjectIds))),
        ),
      );
    }
    if (filters.tagIds?.length) {
      conditions.push(
        exists(
          this.db
            .select({ one: sql`1` })
            .from(questionTags)
            .where(and(eq(questionTags.questionId, questions.id), inArray(questionTags.tagId, filters.tagIds))),
        ),
      );
    }
    if (filters.created?.from) conditions.push(sql`${questions.createdOn} >= ${filters.created.from.toISOString()}`);
    if (filters.created?.to) conditions.push(sql`${questions.createdOn} < ${filters.created.to.toISOString()}`);
    if (filters.modified?.from) conditions.push(sql`${questions.modifiedOn} >= ${filters.modified.from.toISOString()}`);
    if (filters.modified?.to) conditions.push(sql`${questions.modifiedOn} < ${filters.modified.to.toISOString()}`);
    if (filters.excludeTestId) {
      conditions.push(
        notExists(
          this.db
            .select({ one: sql`1` })
            .from(examSectionQuestions)
            .where(and(eq(examSectionQuestions.questionId, questions.id), eq(examSectionQuestions.examDefinitionId, filters.excludeTestId))),
        ),
      );
    }
    const where = and(...conditions);
    const [total] = await this.db.select({ n: count() }).from(questions).innerJoin(questionVersions, currentVersionJoin).where(where);
    const rows = await this.db
      .select({ question: questions, version: questionVersions, numOfOptions: optionCount })
      .from(questions)
      .innerJoin(questionVersions, currentVersionJoin)
      .where(where)
      .orderBy(desc(questions.modifiedOn), desc(questions.questionNumber))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize);
    return { rows: await this.withReferences(rows), totalRows: total?.n ?? 0 };
  }

  /** A question of the account (another account's is not found) with the account's tests using it. */
  async findDetail(id: string, accountId: string, db: Executor = this.db): Promise<QuestionDetail | undefined> {
    const [row] = await db
      .select({
        question: questions,
        version: questionVersions,
        numOfOptions: optionCount,
        creator: { firstName: creator.firstName, lastName: creator.lastName },
        modifier: { firstName: modifier.firstName, lastName: modifier.lastName },
      })
      .from(questions)
      .innerJoin(questionVersions, currentVersionJoin)
      .leftJoin(creator, eq(creator.id, questions.createdBy))
      .leftJoin(modifier, eq(modifier.id, questions.modifiedBy))
      .where(and(eq(questions.id, id), eq(questions.accountId, accountId)));
    if (!row) return undefined;
    const [item] = await this.withReferences([row], db);
    if (!item) return undefined;
    const usedInTests = await db
      .select({ id: examDefinitions.id, title: examDefinitions.title, status: examDefinitions.status, version: questionVersions.version })
      .from(examSectionQuestions)
      .innerJoin(examDefinitions, eq(examDefinitions.id, examSectionQuestions.examDefinitionId))
      .innerJoin(questionVersions, eq(questionVersions.id, examSectionQuestions.questionVersionId))
      .where(and(eq(examSectionQuestions.questionId, id), eq(examDefinitions.accountId, accountId)))
      .orderBy(asc(examDefinitions.title));
    return {
      ...item,
      options: await this.findOptions(row.version.id, db),
      createdByName: row.creator ? nameOf(row.creator) : null,
      modifiedByName: row.modifier ? nameOf(row.modifier) : null,
      usedInTests,
    };
  }

  async findOptions(versionId: string, db: Executor = this.db): Promise<QuestionOptionRow[]> {
    return db.select().from(questionOptions).where(eq(questionOptions.questionVersionId, versionId)).orderBy(asc(questionOptions.sortOrder));
  }

  /** Options of many versions at once, by version id, in order. */
  async findOptionsOfVersions(versionIds: readonly string[], db: Executor = this.db): Promise<Map<string, QuestionOptionRow[]>> {
    const byVersion = new Map<string, QuestionOptionRow[]>();
    if (versionIds.length === 0) return byVersion;
    const rows = await db
      .select()
      .from(questionOptions)
      .where(inArray(questionOptions.questionVersionId, [...versionIds]))
      .orderBy(asc(questionOptions.sortOrder));
    for (const row of rows) byVersion.set(row.questionVersionId, [...(byVersion.get(row.questionVersionId) ?? []), row]);
    return byVersion;
  }

  async findVersions(questionId: string) {
    return this.db
      .select({ version: questionVersions, numOfOptions: optionCount, firstName: users.firstName, lastName: users.lastName })
      .from(questionVersions)
      .leftJoin(users, eq(users.id, questionVersions.createdBy))
      .where(eq(questionVersions.questionId, questionId))
      .orderBy(desc(questionVersions.version));
  }

  /** The current versions of these questions of the account (missing ids and another account's are simply absent). */
  async findCurrentVersions(questionIds: readonly string[], accountId: string, db: Executor = this.db) {
    if (questionIds.length === 0) return [];
    return db
      .select({ questionId: questions.id, questionNumber: questions.questionNumber, versionId: questionVersions.id, version: questionVersions.version })
      .from(questions)
      .innerJoin(questionVersions, currentVersionJoin)
      .where(and(inArray(questions.id, [...questionIds]), eq(questions.accountId, accountId)));
  }

  /** Whole questions of the account for export: a selection (another account's ids are left out), or its bank, by number. */
  async findForExport(accountId: string, questionIds?: readonly string[]): Promise<(QuestionListItem & { options: QuestionOptionRow[] })[]> {
    const rows = await this.db
      .select({ question: questions, version: questionVersions, numOfOptions: optionCount })
      .from(questions)
      .innerJoin(questionVersions, currentVersionJoin)
      .where(and(eq(questions.accountId, accountId), questionIds ? inArray(questions.id, [...questionIds]) : undefined))
      .orderBy(asc(questions.questionNumber));
    const items = await this.withReferences(rows);
    const options = await this.findOptionsOfVersions(items.map((item) => item.version.id));
    return items.map((item) => ({ ...item, options: options.get(item.version.id) ?? [] }));
  }

  /** Locks the question, so two edits cannot both write the same next version. */
  async lockById(tx: Executor, id: string, accountId: string): Promise<QuestionRow | undefined> {
    const [row] = await tx
      .select()
      .from(questions)
      .where(and(eq(questions.id, id), eq(questions.accountId, accountId)))
      .for('update');
    return row;
  }

  async insertQuestion(tx: Executor, actorId: string, accountId: string): Promise<QuestionRow> {
    const [row] = await tx.insert(questions).values({ accountId, currentVersion: 1, createdBy: actorId, modifiedBy: actorId }).returning();
    if (!row) throw new Error('question not inserted');
    return row;
  }

  /** Writes a version and its options; versions are never changed afterwards. */
  async insertVersion(tx: Executor, questionId: string, version: number, values: NewVersion, actorId: string): Promise<QuestionVersionRow> {
    const [row] = await tx
      .insert(questionVersions)
      .values({
        questionId,
        version,
        questionType: values.questionType,
        difficulty: values.difficulty,
        content: values.content,
        plainText: values.plainText,
        canUploadAnswerPaper: values.canUploadAnswerPaper,
        createdBy: actorId,
        modifiedBy: actorId,
      })
      .returning();
    if (!row) throw new Error('question version not inserted');
    if (values.options.length) {
      await tx.insert(questionOptions).values(
        values.options.map((option, index) => ({
          questionVersionId: row.id,
          option: option.option,
          correctAnswer: option.correctAnswer,
          sortOrder: index + 1,
          createdBy: actorId,
          modifiedBy: actorId,
        })),
      );
    }
    return row;
  }

  async updateQuestion(tx: Executor, id: string, values: Partial<typeof questions.$inferInsert>): Promise<void> {
    await tx.update(questions).set(values).where(eq(questions.id, id));
  }

  async replaceReferences(tx: Executor, questionId: string, subjectIds: readonly string[], tagIds: readonly string[]): Promise<void> {
    await tx.delete(questionSubjects).where(eq(questionSubjects.questionId, questionId));
    await tx.delete(questionTags).where(eq(questionTags.questionId, questionId));
    if (subjectIds.length) await tx.insert(questionSubjects).values([...new Set(subjectIds)].map((subjectId) => ({ questionId, subjectId })));
    if (tagIds.length) await tx.insert(questionTags).values([...new Set(tagIds)].map((tagId) => ({ questionId, tagId })));
  }

  private async withReferences<R extends { question: QuestionRow; version: QuestionVersionRow; numOfOptions: number }>(
    rows: R[],
    db: Executor = this.db,
  ): Promise<QuestionListItem[]> {
    const ids = rows.map((row) => row.question.id);
    if (ids.length === 0) return [];
    const [subjectRows, tagRows] = await Promise.all([
      db
        .select({ questionId: questionSubjects.questionId, id: subjects.id, title: subjects.title })
        .from(questionSubjects)
        .innerJoin(subjects, eq(subjects.id, questionSubjects.subjectId))
        .where(inArray(questionSubjects.questionId, ids))
        .orderBy(asc(sql`lower(${subjects.title})`)),
      db
        .select({ questionId: questionTags.questionId, id: tags.id, title: tags.title })
        .from(questionTags)
        .innerJoin(tags, eq(tags.id, questionTags.tagId))
        .where(inArray(questionTags.questionId, ids))
        .orderBy(asc(sql`lower(${tags.title})`)),
    ]);
    const group = (list: { questionId: string; id: string; title: string }[], questionId: string) =>
      list.filter((item) => item.questionId === questionId).map(({ id, title }) => ({ id, title }));
    return rows.map((row) => ({
      question: row.question,
      version: row.version,
      numOfOptions: row.numOfOptions,
      subjects: group(subjectRows, row.question.id),
      tags: group(tagRows, row.question.id),
    }));
  }
}
