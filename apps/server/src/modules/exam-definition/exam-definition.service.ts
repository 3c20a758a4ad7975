import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import {
  TEST_MESSAGES,
  type CloneTestRequest,
  type ExamDefinition,
  type ExamDefinitionPage,
  type LinkableModule,
  type TestTitleLookup,
  type TestValues,
} from '@certs/shared/exam-definition/exam-definition.contract';
import { publishProblems } from '@certs/shared/exam-definition/exam-definition-rules';
import {
  EXAM_DEFINITION_STATUS_INFO,
  EXAM_DEFINITION_TRANSITIONS,
  canChangeExamDefinition,
  isExamContentLocked,
  type ExamDefinitionAction,
  type ExamDefinitionStatus,
} from '@certs/shared/exam-definition/exam-definition-status';
import { DEFAULT_SECTION, type CandidateExamPreview } from '@certs/shared/exam-definition/exam-section.contract';
import { QUESTION_TYPE_INFO, type QuestionType } from '@certs/shared/question-bank/question-type';
import { z } from 'zod';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { sanitizeRichText } from '../../platform/rich-text';
import { shapeOf, toExamDefinition, toListRow, toSections } from './exam-definition.mapper';
import { canManageTest, canManageTests, isTestAdministrator, type TestBuilderStanding, type TestScope } from './exam-definition.policy';
import type { ExamDefinitionRepository, ExamDefinitionRow, ModuleLink } from './exam-definition.repository';

const UUID = z.uuid();
const TEST_NUMBER = /^(?:t-?)?(\d{1,9})$/i;

/** What candidates answer: fixed once a test has been published. */
const LOCKED_FIELDS = ['testType', 'programType', 'overallTime', 'minimumTime', 'totalTestMarks', 'isSectionSplit', 'canUploadAnswerPaper', 'shuffleQuestions', 'shuffleOptions', 'partialMarks'] as const;

export function assertCanManageTests(actor: CurrentUser): void {
  if (!canManageTests(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
}

/** The programs (and program types) in which the caller builds tests; null for administrators, who build every test. */
export async function testBuilderStandingOf(repository: ExamDefinitionRepository, actor: CurrentUser, db?: Executor): Promise<TestBuilderStanding | null> {
  if (isTestAdministrator(actor)) return null;
  const programs = await repository.findTestBuilderPrograms(actor.id, staffAccountOf(actor), db);
  return { programIds: programs.map((program) => program.programId), programTypes: [...new Set(programs.map((program) => program.programType))] };
}

/**
 * Refuses (403) a test, or a test about to be created or linked, that belongs to a program the
 * caller does not build tests for (exam-definition.policy.ts). `programId` is the program of the
 * test's module; for a stored row, pass `programModuleId` and it is looked up.
 */
export async function assertCanManageTest(
  repository: ExamDefinitionRepository,
  actor: CurrentUser,
  test: TestScope | { programModuleId: string | null; programType: number },
  db?: Executor,
): Promise<void> {
  assertCanManageTests(actor);
  if (isTestAdministrator(actor)) return;
  let scope: TestScope;
  if ('programId' in test) {
    scope = test;
  } else {
    const module = test.programModuleId ? await repository.findModule(test.programModuleId, staffAccountOf(actor), db) : undefined;
    scope = { programId: module?.programId ?? null, programType: test.programType };
  }
  if (!canManageTest(actor, scope, await testBuilderStandingOf(repository, actor, db))) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
}

export function isUuid(id: string): boolean {
  return UUID.safeParse(id).success;
}

/**
 * Locks a test whose content is about to change, refusing a caller outside its program and any
 * change once it has been published; another account's test is not found.
 */
export async function lockEditableTest(repository: ExamDefinitionRepository, tx: Executor, testId: string, actor: CurrentUser): Promise<ExamDefinitionRow> {
  const locked = isUuid(testId) ? await repository.lockById(tx, testId, staffAccountOf(actor)) : undefined;
  if (!locked) throw new AppError('NOT_FOUND', TEST_MESSAGES.notFound);
  await assertCanManageTest(repository, actor, locked, tx);
  if (isExamContentLocked(locked.status as ExamDefinitionStatus)) throw new AppError('CONFLICT', TEST_MESSAGES.contentLocked);
  return locked;
}

function titleTaken(): AppError {
  return new AppError('CONFLICT', TEST_MESSAGES.titleTaken, { title: TEST_MESSAGES.titleTaken });
}

const ACTION_PAST: Record<ExamDefinitionAction, string> = { publish: 'published', unpublish: 'unpublished' };

/**
 * Tests (exam definitions): list, title lookup, create, edit, publish, unpublish, clone, preview.
 * Each account has its own tests (decision 033): another account's answer 404, and a test examines
 * only a module of its own account's programs.
 */
export class ExamDefinitionService {
  constructor(private readonly repository: ExamDefinitionRepository) {}

  async findTests(actor: CurrentUser, query: { page: number; pageSize: number; search?: string; testType?: string; programType?: number; status?: string }): Promise<ExamDefinitionPage> {
    assertCanManageTests(actor);
    const search = searchTermOrUndefined(query.search);
    const number = search ? TEST_NUMBER.exec(search) : null;
    // Staff outside a program do not see its tests listed (they could not open them either).
    const scope = (await testBuilderStandingOf(this.repository, actor)) ?? undefined;
    const { rows, totalRows } = await this.repository.findPage({ ...query, accountId: staffAccountOf(actor), search, testNumber: number ? Number(number[1]) : undefined, scope });
    return { rows: rows.map(toListRow), page: query.page, pageSize: query.pageSize, totalRows };
  }

  async findByTitle(actor: CurrentUser, title: string): Promise<TestTitleLookup> {
    assertCanManageTests(actor);
    const trimmed = title.trim();
    const row = trimmed ? await this.repository.findByTitle(trimmed, staffAccountOf(actor)) : undefined;
    return { test: row ? { id: row.id, title: row.title } : null };
  }

  async findTest(actor: CurrentUser, id: string, db?: Executor): Promise<ExamDefinition> {
    assertCanManageTests(actor);
    const detail = isUuid(id) ? await this.repository.findDetail(id, staffAccountOf(actor), db) : undefined;
    if (!detail) throw new AppError('NOT_FOUND', TEST_MESSAGES.notFound);
    await assertCanManageTest(this.repository, actor, { programId: detail.programModule?.programId ?? null, programType: detail.test.programType }, db);
    const [sections, entries] = await Promise.all([this.repository.findSections(id, db), this.repository.findEntries(id, db)]);
    return toExamDefinition(detail, toSections(sections, entries));
  }

  async findLinkableModules(actor: CurrentUser): Promise<LinkableModule[]> {
    assertCanManageTests(actor);
    const standing = await testBuilderStandingOf(this.repository, actor);
    return this.repository.findLinkableModules(staffAccountOf(actor), standing?.programIds);
  }

  async createTest(actor: CurrentUser, input: TestValues): Promise<ExamDefinition> {
    assertCanManageTests(actor);
    const accountId = staffAccountOf(actor);
    const module = await this.assertModuleFits(input, accountId);
    await assertCanManageTest(this.repository, actor, { programId: module?.programId ?? null, programType: input.programType });
    const row = await this.repository.insert({ ...this.columnsOf(input), accountId, status: 'draft', createdBy: actor.id, modifiedBy: actor.id });
    if (!row) throw titleTaken();
    return this.findTest(actor, row.id);
  }

  /**
   * Edits a test. Once published, only what does not change what candidates answer may change
   * (title, description, instruction, the module link); the rest is refused field by field.
   */
  async updateTest(actor: CurrentUser, id: string, input: TestValues): Promise<ExamDefinition> {
    assertCanManageTests(actor);
    const accountId = staffAccountOf(actor);
    const module = await this.assertModuleFits(input, accountId);
    const columns = this.columnsOf(input);
    await this.repository.transaction(async (tx) => {
      const locked = isUuid(id) ? await this.repository.lockById(tx, id, accountId) : undefined;
      if (!locked) throw new AppError('NOT_FOUND', TEST_MESSAGES.notFound);
      // The test as it is, and where the edit would link it: both must be the caller's programs.
      await assertCanManageTest(this.repository, actor, locked, tx);
      await assertCanManageTest(this.repository, actor, { programId: module?.programId ?? null, programType: input.programType }, tx);
      if (isExamContentLocked(locked.status as ExamDefinitionStatus)) {
        const changed = LOCKED_FIELDS.filter((field) => locked[field] !== columns[field]);
        if (changed.length) throw new AppError('CONFLICT', TEST_MESSAGES.contentLocked, Object.fromEntries(changed.map((field) => [field, TEST_MESSAGES.contentLocked])));
      }
      const row = await this.repository.update(id, { ...columns, modifiedBy: actor.id, modifiedOn: new Date() }, tx);
      if (row === 'duplicate') throw titleTaken();
    });
    return this.findTest(actor, id);
  }

  /**
   * Publishes or unpublishes under a row lock. Publishing checks the test as it is inside the
   * transaction (questions, empty sections, marks against totalTestMarks) and fixes the version of
   * every question; a test published before keeps the versions it had.
   */
  async changeStatus(actor: CurrentUser, id: string, action: ExamDefinitionAction): Promise<ExamDefinition> {
    assertCanManageTests(actor);
    await this.repository.transaction(async (tx) => {
      const locked = isUuid(id) ? await this.repository.lockById(tx, id, staffAccountOf(actor)) : undefined;
      if (!locked) throw new AppError('NOT_FOUND', TEST_MESSAGES.notFound);
      await assertCanManageTest(this.repository, actor, locked, tx);
      const from = locked.status as ExamDefinitionStatus;
      if (!canChangeExamDefinition(action, from)) {
        const label = EXAM_DEFINITION_STATUS_INFO[from].label.toLowerCase();
        throw new AppError('CONFLICT', `${/^[aeiou]/.test(label) ? 'An' : 'A'} ${label} test cannot be ${ACTION_PAST[action]}`);
      }
      const now = new Date();
      if (action === 'publish') {
        if (from === 'draft') await this.repository.pinCurrentVersions(tx, id);
        const sections = toSections(await this.repository.findSections(id, tx), await this.repository.findEntries(id, tx));
        const problems = publishProblems(shapeOf(locked.totalTestMarks, locked.isSectionSplit, sections));
        if (problems.length) throw new AppError('BAD_REQUEST', `The test cannot be published yet: ${problems.join('; ')}`);
      }
      await this.repository.update(
        id,
        { status: EXAM_DEFINITION_TRANSITIONS[action].to, modifiedBy: actor.id, modifiedOn: now, ...(action === 'publish' ? { publishedOn: now } : {}) },
        tx,
      );
    });
    return this.findTest(actor, id);
  }

  /**
   * A new draft from a test: its details always; with `withSections`, its sections and every
   * question in them (the default section's too) with their marks. The copy is marked `isCloned`.
   */
  async cloneTest(actor: CurrentUser, id: string, input: CloneTestRequest): Promise<ExamDefinition> {
    assertCanManageTests(actor);
    const cloneId = await this.repository.transaction(async (tx) => {
      const source = isUuid(id) ? await this.repository.findDetail(id, staffAccountOf(actor), tx) : undefined;
      if (!source) throw new AppError('NOT_FOUND', TEST_MESSAGES.notFound);
      // The copy keeps the source's module link, so the source's program decides.
      await assertCanManageTest(this.repository, actor, { programId: source.programModule?.programId ?? null, programType: source.test.programType }, tx);
      const { test } = source;
      const copy = await this.repository.insert(
        {
          accountId: test.accountId,
          title: input.title,
          description: test.description,
          instruction: test.instruction,
          testType: test.testType,
          programType: test.programType,
          programModuleId: test.programModuleId,
          overallTime: test.overallTime,
          minimumTime: test.minimumTime,
          totalTestMarks: test.totalTestMarks,
          isSectionSplit: test.isSectionSplit,
          canUploadAnswerPaper: test.canUploadAnswerPaper,
          shuffleQuestions: test.shuffleQuestions,
          shuffleOptions: test.shuffleOptions,
          partialMarks: test.partialMarks,
          isTrialExam: test.isTrialExam,
          status: 'draft',
          isCloned: true,
          clonedFromId: test.id,
          createdBy: actor.id,
          modifiedBy: actor.id,
        },
        tx,
      );
      if (!copy) throw titleTaken();
      if (input.withSections) {
        const sectionIds = new Map<string, string>();
        for (const section of await this.repository.findSections(id, tx)) {
          const created = await this.repository.appendSection(tx, { examDefinitionId: copy.id, title: section.title, createdBy: actor.id, modifiedBy: actor.id });
          sectionIds.set(section.id, created.id);
        }
        const entries = await this.repository.findEntries(id, tx);
        await this.repository.insertEntries(
          tx,
          entries.map(({ entry }) => ({
            examDefinitionId: copy.id,
            sectionId: entry.sectionId ? (sectionIds.get(entry.sectionId) ?? null) : null,
            questionId: entry.questionId,
            questionVersionId: entry.questionVersionId,
            marks: entry.marks,
            sortOrder: entry.sortOrder,
            createdBy: actor.id,
            modifiedBy: actor.id,
          })),
        );
      }
      return copy.id;
    });
    return this.findTest(actor, cloneId);
  }

  /**
   * The test as a candidate would receive it (published: the fixed versions; a draft: the current
   * ones), with nothing that marks an answer right. Staff check it; the exam sitting uses the same shape.
   */
  async preview(actor: CurrentUser, id: string): Promise<CandidateExamPreview> {
    const test = await this.findTest(actor, id);
    const isDraft = test.status === 'draft';
    const entries = await this.repository.findEntries(id);
    const versionOf = (item: (typeof entries)[number]) => (isDraft ? item.currentVersionId : item.entry.questionVersionId);
    const choiceVersions = entries.filter((item) => QUESTION_TYPE_INFO[(isDraft ? item.current : item.pinned).questionType as QuestionType].hasChoices).map(versionOf);
    const options = await this.repository.findOptionsOfVersions(choiceVersions);
    return {
      title: test.title,
      instruction: test.instruction,
      overallTime: test.overallTime,
      minimumTime: test.minimumTime,
      totalTestMarks: test.totalTestMarks,
      isSectionSplit: test.isSectionSplit,
      canUploadAnswerPaper: test.canUploadAnswerPaper,
      sections: test.sectionInfo.map((section) => ({
        id: section.id,
        title: section.title,
        order: section.order,
        questions: entries
          .filter((item) => (item.entry.sectionId ?? DEFAULT_SECTION.id) === section.id)
          .map((item) => {
            const shown = isDraft ? item.current : item.pinned;
            return {
              id: item.entry.id,
              questionType: shown.questionType as QuestionType,
              content: shown.content,
              marks: item.entry.marks,
              canUploadAnswerPaper: shown.canUploadAnswerPaper,
              options: options.filter((option) => option.versionId === versionOf(item)).map(({ id: optionId, option, order }) => ({ id: optionId, option, order })),
            };
          }),
      })),
    };
  }

  /**
   * The module the test is to examine, once it exists in one of the account's programs and fits the
   * test's program type: another account's module is as unknown as one that does not exist.
   */
  private async assertModuleFits(input: TestValues, accountId: string): Promise<ModuleLink | undefined> {
    if (!input.programModuleId) return undefined;
    const module = await this.repository.findModule(input.programModuleId, accountId);
    if (!module) throw new AppError('BAD_REQUEST', TEST_MESSAGES.programModuleNotFound, { programModuleId: TEST_MESSAGES.programModuleNotFound });
    if (module.programType !== input.programType) {
      throw new AppError('BAD_REQUEST', TEST_MESSAGES.programModuleType, { programModuleId: TEST_MESSAGES.programModuleType });
    }
    return module;
  }

  private columnsOf(input: TestValues) {
    return {
      title: input.title,
      description: input.description,
      instruction: sanitizeRichText(input.instruction),
      testType: input.testType,
      programType: input.programType,
      programModuleId: input.programModuleId,
      overallTime: input.overallTime,
      minimumTime: input.minimumTime,
      totalTestMarks: input.totalTestMarks,
      isSectionSplit: input.isSectionSplit,
      canUploadAnswerPaper: input.canUploadAnswerPaper,
      shuffleQuestions: input.shuffleQuestions,
      shuffleOptions: input.shuffleOptions,
      partialMarks: input.partialMarks,
      isTrialExam: input.testType === 'trial',
    };
  }
}
