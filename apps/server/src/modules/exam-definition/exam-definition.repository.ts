import { and, asc, count, desc, eq, ilike, inArray, isNull, max, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/executor';
import { examDefinitions, examSectionQuestions, examSections } from '../../db/schema/exam-definition';
import { programModules, programUsers, programs } from '../../db/schema/program';
import { questionOptions, questionVersions, questions } from '../../db/schema/question-bank';
import { users } from '../../db/schema/user';

export type ExamDefinitionRow = typeof examDefinitions.$inferSelect;
export type ExamSectionRow = typeof examSections.$inferSelect;
export type ExamEntryRow = typeof examSectionQuestions.$inferSelect;

export interface ModuleLink {
  id: string;
  moduleCode: string;
  moduleTitle: string;
  programId: string;
  programCode: string;
  programType: number;
}

export interface ExamDefinitionListItem {
  test: ExamDefinitionRow;
  programModule: ModuleLink | null;
  numOfQuestions: number;
  marksTotal: number;
}

export interface ExamDefinitionDetail extends ExamDefinitionListItem {
  clonedFrom: { id: string; title: string } | null;
  createdByName: string | null;
  modifiedByName: string | null;
}

export interface ExamDefinitionFilters {
  /** Tests of this account only (decision 033). */
  accountId: string;
  page: number;
  pageSize: number;
  search?: string;
  testNumber?: number;
  testType?: string;
  programType?: number;
  status?: string;
  /** Only tests of these programs, and unlinked tests of these program types (undefined: every test). */
  scope?: { programIds: readonly string[]; programTypes: readonly number[] };
}

/** A test's question with what staff see of the version candidates get (pinned) and the current one. */
export interface EntryDetail {
  entry: ExamEntryRow;
  questionNumber: number;
  currentVersion: number;
  currentVersionId: string;
  pinned: VersionFacts;
  current: VersionFacts;
}

interface VersionFacts {
  version: number;
  questionType: string;
  difficulty: string;
  plainText: string;
  content: string;
  canUploadAnswerPaper: boolean;
}

const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const creator = alias(users, 'creator');
const modifier = alias(users, 'modifier');
const source = alias(examDefinitions, 'source');
const currentVersion = alias(questionVersions, 'current_version');
const numOfQuestions = sql<number>`(select count(*) from ${examSectionQuestions} where ${examSectionQuestions.examDefinitionId} = ${examDefinitions.id})`.mapWith(Number);
const marksTotal = sql<number>`(select coalesce(sum(${examSectionQuestions.marks}), 0) from ${examSectionQuestions} where ${examSectionQuestions.examDefinitionId} = ${examDefinitions.id})`.mapWith(Number);
const moduleColumns = {
  id: programModules.id,
  moduleCode: programModules.moduleCode,
  moduleTitle: programModules.moduleTitle,
  programId: programs.id,
  programCode: programs.programCode,
  programType: programs.programType,
};

function nameOf(person: { firstName: string | null; lastName: string | null } | null): string | null {
  return person?.firstName ? `${person.firstName} ${person.lastName ?? ''}`.trim() : null;
}

/** A test of one of these programs, or linked to no module and of one of these program types. */
function inScope(scope: { programIds: readonly string[]; programTypes: readonly number[] }): SQL {
  const ofPrograms = scope.programIds.length ? inArray(programModules.programId, [...scope.programIds]) : sql`false`;
  const unlinkedOfTypes = scope.programTypes.length ? and(isNull(examDefinitions.programModuleId), inArray(examDefinitions.programType, [...scope.programTypes])) : sql`false`;
  return or(ofPrograms, unlinkedOfTypes) as SQL;
}

/** Same section: a named one, or the default (null). */
function inSection(testId: string, sectionId: string | null): SQL {
  const section = sectionId ? eq(examSectionQuestions.sectionId, sectionId) : isNull(examSectionQuestions.sectionId);
  return and(eq(examSectionQuestions.examDefinitionId, testId), section) as SQL;
}

export class ExamDefinitionRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async findPage(filters: ExamDefinitionFilters): Promise<{ rows: ExamDefinitionListItem[]; totalRows: number }> {
    const conditions: SQL[] = [eq(examDefinitions.accountId, filters.accountId)];
    if (filters.search) {
      const byTitle = ilike(examDefinitions.title, likePattern(filters.search));
      const match = filters.testNumber ? or(byTitle, eq(examDefinitions.testNumber, filters.testNumber)) : byTitle;
      if (match) conditions.push(match);
    }
    if (filters.testType) conditions.push(eq(examDefinitions.testType, filters.testType as 'trial' | 'module'));
    if (filters.programType) conditions.push(eq(examDefinitions.programType, filters.programType));
    if (filters.status) conditions.push(eq(examDefinitions.status, filters.status as 'draft' | 'published' | 'unpublished'));
    if (filters.scope) conditions.push(inScope(filters.scope));
    const where = and(...conditions);
    const [total] = await this.db
      .select({ n: count() })
      .from(examDefinitions)
      .leftJoin(programModules, eq(programModules.id, examDefinitions.programModuleId))
      .where(where);
    const rows = await this.db
      .select({ test: examDefinitions, module: moduleColumns, numOfQuestions, marksTotal })
      .from(examDefinitions)
      .leftJoin(programModules, eq(programModules.id, examDefinitions.programModuleId))
      .leftJoin(programs, eq(programs.id, programModules.programId))
      .where(where)
      .orderBy(desc(examDefinitions.modifiedOn), desc(examDefinitions.testNumber))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize);
    return {
      rows: rows.map((row) => ({ test: row.test, programModule: row.module?.id ? (row.module as ModuleLink) : null, numOfQuestions: row.numOfQuestions, marksTotal: row.marksTotal })),
      totalRows: total?.n ?? 0,
    };
  }

  /** A test of the account; another account's is not found. */
  async findDetail(id: string, accountId: string, db: Executor = this.db): Promise<ExamDefinitionDetail | undefined> {
    const [row] = await db
      .select({
        test: examDefinitions,
        module: moduleColumns,
        numOfQuestions,
        marksTotal,
        source: { id: source.id, title: source.title },
        creator: { firstName: creator.firstName, lastName: creator.lastName },
        modifier: { firstName: modifier.firstName, lastName: modifier.lastName },
      })
      .from(examDefinitions)
      .leftJoin(programModules, eq(programModules.id, examDefinitions.programModuleId))
      .leftJoin(programs, eq(programs.id, programModules.programId))
      .leftJoin(source, eq(source.id, examDefinitions.clonedFromId))
      .leftJoin(creator, eq(creator.id, examDefinitions.createdBy))
      .leftJoin(modifier, eq(modifier.id, examDefinitions.modifiedBy))
      .where(and(eq(examDefinitions.id, id), eq(examDefinitions.accountId, accountId)));
    if (!row) return undefined;
    return {
      test: row.test,
      programModule: row.module?.id ? (row.module as ModuleLink) : null,
      numOfQuestions: row.numOfQuestions,
      marksTotal: row.marksTotal,
      clonedFrom: row.source?.id ? { id: row.source.id, title: row.source.title } : null,
      createdByName: nameOf(row.creator),
      modifiedByName: nameOf(row.modifier),
    };
  }

  /** The account's test holding a title (titles are unique within an account). */
  async findByTitle(title: string, accountId: string): Promise<ExamDefinitionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(examDefinitions)
      .where(and(eq(examDefinitions.accountId, accountId), sql`lower(${examDefinitions.title}) = lower(${title})`));
    return row;
  }

  /** Undefined when the title is taken in the account. */
  async insert(values: typeof examDefinitions.$inferInsert & { accountId: string }, db: Executor = this.db): Promise<ExamDefinitionRow | undefined> {
    const [row] = await db.insert(examDefinitions).values(values).onConflictDoNothing().returning();
    return row;
  }

  async update(id: string, values: Partial<typeof examDefinitions.$inferInsert>, db: Executor = this.db): Promise<ExamDefinitionRow | undefined | 'duplicate'> {
    try {
      const [row] = await db.update(examDefinitions).set(values).where(eq(examDefinitions.id, id)).returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  /** Locks the account's test: status changes and edits of its content cannot interleave. */
  async lockById(tx: Executor, id: string, accountId: string): Promise<ExamDefinitionRow | undefined> {
    const [row] = await tx
      .select()
      .from(examDefinitions)
      .where(and(eq(examDefinitions.id, id), eq(examDefinitions.accountId, accountId)))
      .for('update');
    return row;
  }

  /** A module of one of the account's programs; another account's is not found. */
  async findModule(moduleId: string, accountId: string, db: Executor = this.db): Promise<ModuleLink | undefined> {
    const [row] = await db
      .select(moduleColumns)
      .from(programModules)
      .innerJoin(programs, eq(programs.id, programModules.programId))
      .where(and(eq(programModules.id, moduleId), eq(programs.accountId, accountId)));
    return row;
  }

  /** Modules a test may examine: active ones of the account's programs that are not archived (of these programs only, when given). */
  async findLinkableModules(accountId: string, programIds?: readonly string[]): Promise<ModuleLink[]> {
    const conditions = [eq(programs.accountId, accountId), eq(programModules.isInactive, false), ne(programs.status, 3)];
    if (programIds) conditions.push(programIds.length ? inArray(programs.id, [...programIds]) : sql`false`);
    return this.db
      .select(moduleColumns)
      .from(programModules)
      .innerJoin(programs, eq(programs.id, programModules.programId))
      .where(and(...conditions))
      .orderBy(asc(programs.programCode), asc(programModules.isRenewal), asc(programModules.sortOrder));
  }

  /**
   * The programs whose tests a user builds (exam-definition.policy.ts): those they manage (named
   * manager or the manager role) or examine, with their program types; of the account they work in.
   */
  async findTestBuilderPrograms(userId: string, accountId: string, db: Executor = this.db): Promise<{ programId: string; programType: number }[]> {
    const builds = db
      .select({ id: programUsers.programId })
      .from(programUsers)
      .where(and(eq(programUsers.userId, userId), inArray(programUsers.role, [PROGRAM_USER_ROLES.manager, PROGRAM_USER_ROLES.examiner])));
    return db
      .select({ programId: programs.id, programType: programs.programType })
      .from(programs)
      .where(and(eq(programs.accountId, accountId), or(eq(programs.programManagerId, userId), inArray(programs.id, builds))));
  }

  // Sections.

  async findSections(testId: string, db: Executor = this.db): Promise<ExamSectionRow[]> {
    return db.select().from(examSections).where(eq(examSections.examDefinitionId, testId)).orderBy(asc(examSections.sortOrder), asc(examSections.createdOn));
  }

  /** A section of one of the account's tests; another account's is not found. */
  async findSection(id: string, accountId: string, db: Executor = this.db): Promise<ExamSectionRow | undefined> {
    const [row] = await db
      .select({ section: examSections })
      .from(examSections)
      .innerJoin(examDefinitions, eq(examDefinitions.id, examSections.examDefinitionId))
      .where(and(eq(examSections.id, id), eq(examDefinitions.accountId, accountId)));
    return row?.section;
  }

  async appendSection(tx: Executor, values: Omit<typeof examSections.$inferInsert, 'sortOrder'>): Promise<ExamSectionRow> {
    const [last] = await tx.select({ n: max(examSections.sortOrder) }).from(examSections).where(eq(examSections.examDefinitionId, values.examDefinitionId));
    const [row] = await tx
      .insert(examSections)
      .values({ ...values, sortOrder: (last?.n ?? 0) + 1 })
      .returning();
    if (!row) throw new Error('section not inserted');
    return row;
  }

  async updateSection(tx: Executor, id: string, values: Partial<typeof examSections.$inferInsert>): Promise<void> {
    await tx.update(examSections).set(values).where(eq(examSections.id, id));
  }

  /** Removes a section; its questions go to the end of the default section. */
  async removeSection(tx: Executor, testId: string, id: string, actorId: string): Promise<void> {
    const moving = await tx
      .select({ id: examSectionQuestions.id })
      .from(examSectionQuestions)
      .where(eq(examSectionQuestions.sectionId, id))
      .orderBy(asc(examSectionQuestions.sortOrder));
    let next = await this.nextEntryOrder(tx, testId, null);
    for (const entry of moving) {
      await tx.update(examSectionQuestions).set({ sectionId: null, sortOrder: next, modifiedBy: actorId, modifiedOn: new Date() }).where(eq(examSectionQuestions.id, entry.id));
      next += 1;
    }
    await tx.delete(examSections).where(eq(examSections.id, id));
  }

  async reorderSections(tx: Executor, ids: readonly string[], actorId: string): Promise<void> {
    for (const [index, id] of ids.entries()) {
      await tx.update(examSections).set({ sortOrder: index + 1, modifiedBy: actorId, modifiedOn: new Date() }).where(eq(examSections.id, id));
    }
  }

  // Questions of a test (`testsectionquestions`).

  async findEntries(testId: string, db: Executor = this.db): Promise<EntryDetail[]> {
    const rows = await db
      .select({
        entry: examSectionQuestions,
        questionNumber: questions.questionNumber,
        currentVersion: questions.currentVersion,
        currentVersionId: currentVersion.id,
        pinned: {
          version: questionVersions.version,
          questionType: questionVersions.questionType,
          difficulty: questionVersions.difficulty,
          plainText: questionVersions.plainText,
          content: questionVersions.content,
          canUploadAnswerPaper: questionVersions.canUploadAnswerPaper,
        },
        current: {
          version: currentVersion.version,
          questionType: currentVersion.questionType,
          difficulty: currentVersion.difficulty,
          plainText: currentVersion.plainText,
          content: currentVersion.content,
          canUploadAnswerPaper: currentVersion.canUploadAnswerPaper,
        },
      })
      .from(examSectionQuestions)
      .innerJoin(questions, eq(questions.id, examSectionQuestions.questionId))
      .innerJoin(questionVersions, eq(questionVersions.id, examSectionQuestions.questionVersionId))
      .innerJoin(currentVersion, and(eq(currentVersion.questionId, questions.id), eq(currentVersion.version, questions.currentVersion)))
      .leftJoin(examSections, eq(examSections.id, examSectionQuestions.sectionId))
      .where(eq(examSectionQuestions.examDefinitionId, testId))
      .orderBy(sql`coalesce(${examSections.sortOrder}, -1)`, asc(examSectionQuestions.sortOrder), asc(examSectionQuestions.createdOn));
    return rows;
  }

  /** A question entry of one of the account's tests; another account's is not found. */
  async findEntry(id: string, accountId: string, db: Executor = this.db): Promise<ExamEntryRow | undefined> {
    const [row] = await db
      .select({ entry: examSectionQuestions })
      .from(examSectionQuestions)
      .innerJoin(examDefinitions, eq(examDefinitions.id, examSectionQuestions.examDefinitionId))
      .where(and(eq(examSectionQuestions.id, id), eq(examDefinitions.accountId, accountId)));
    return row?.entry;
  }

  async nextEntryOrder(tx: Executor, testId: string, sectionId: string | null): Promise<number> {
    const [last] = await tx.select({ n: max(examSectionQuestions.sortOrder) }).from(examSectionQuestions).where(inSection(testId, sectionId));
    return (last?.n ?? 0) + 1;
  }

  async insertEntries(tx: Executor, values: (typeof examSectionQuestions.$inferInsert)[]): Promise<void> {
    if (values.length) await tx.insert(examSectionQuestions).values(values);
  }

  async updateEntry(tx: Executor, id: string, values: Partial<typeof examSectionQuestions.$inferInsert>): Promise<void> {
    await tx.update(examSectionQuestions).set(values).where(eq(examSectionQuestions.id, id));
  }

  async removeEntry(tx: Executor, id: string): Promise<void> {
    await tx.delete(examSectionQuestions).where(eq(examSectionQuestions.id, id));
  }

  async entryIdsOfSection(tx: Executor, testId: string, sectionId: string | null): Promise<string[]> {
    const rows = await tx.select({ id: examSectionQuestions.id }).from(examSectionQuestions).where(inSection(testId, sectionId));
    return rows.map((row) => row.id);
  }

  async reorderEntries(tx: Executor, ids: readonly string[], actorId: string): Promise<void> {
    for (const [index, id] of ids.entries()) {
      await tx.update(examSectionQuestions).set({ sortOrder: index + 1, modifiedBy: actorId, modifiedOn: new Date() }).where(eq(examSectionQuestions.id, id));
    }
  }

  /** Points every question of a draft at its current version: what publishing fixes for candidates. */
  async pinCurrentVersions(tx: Executor, testId: string): Promise<void> {
    await tx.execute(sql`
      update ${examSectionQuestions} set question_version_id = v.id
      from ${questions} q join ${questionVersions} v on v.question_id = q.id and v.version = q.current_version
      where ${examSectionQuestions.examDefinitionId} = ${testId} and q.id = ${examSectionQuestions.questionId}`);
  }

  /** Options of the pinned versions, for the candidate's view. */
  async findOptionsOfVersions(versionIds: readonly string[]) {
    if (versionIds.length === 0) return [];
    return this.db
      .select({ id: questionOptions.id, versionId: questionOptions.questionVersionId, option: questionOptions.option, order: questionOptions.sortOrder })
      .from(questionOptions)
      .where(inArray(questionOptions.questionVersionId, [...versionIds]))
      .orderBy(asc(questionOptions.sortOrder));
  }
}
