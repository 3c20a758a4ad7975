import { TEST_MESSAGES } from '@certs/shared/exam-definition/exam-definition.contract';
import {
  DEFAULT_SECTION,
  SECTION_MESSAGES,
  type AddSectionQuestionsRequest,
  type CreateSectionRequest,
  type ReorderSectionQuestionsRequest,
  type ReorderSectionsRequest,
  type Section,
  type SectionQuestion,
  type UpdateSectionQuestionRequest,
} from '@certs/shared/exam-definition/exam-section.contract';
import { questionLabel } from '@certs/shared/question-bank/question-type';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { QuestionService } from '../question-bank/question.service';
import { toSectionQuestion, toSections } from './exam-definition.mapper';
import type { ExamDefinitionRepository, ExamDefinitionRow } from './exam-definition.repository';
import { assertCanManageTest, assertCanManageTests, isUuid, lockEditableTest } from './exam-definition.service';

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && new Set(a).size === a.length && a.every((id) => b.includes(id));
}

/** `default` is the unsectioned list, stored as no section. */
function sectionColumnOf(sectionId: string): string | null {
  return sectionId === DEFAULT_SECTION.id ? null : sectionId;
}

/**
 * A test's sections and questions with their marks (`sections`, `testsectionquestions`). Every
 * change locks the test and is refused once it has been published: clone it instead.
 */
export class ExamContentService {
  constructor(
    private readonly repository: ExamDefinitionRepository,
    private readonly questions: QuestionService,
  ) {}

  async findSections(actor: CurrentUser, testId: string): Promise<Section[]> {
    assertCanManageTests(actor);
    await this.existingTest(actor, testId);
    return this.sectionsOf(testId);
  }

  async createSection(actor: CurrentUser, input: CreateSectionRequest): Promise<Section> {
    assertCanManageTests(actor);
    const id = await this.repository.transaction(async (tx) => {
      await lockEditableTest(this.repository, tx, input.testId, actor);
      await this.assertTitleFree(tx, input.testId, input.title, null);
      return (await this.repository.appendSection(tx, { examDefinitionId: input.testId, title: input.title, createdBy: actor.id, modifiedBy: actor.id })).id;
    });
    return this.sectionOf(input.testId, id);
  }

  async updateSection(actor: CurrentUser, id: string, input: { title: string }): Promise<Section> {
    assertCanManageTests(actor);
    const section = await this.existingSection(actor, id);
    await this.repository.transaction(async (tx) => {
      await lockEditableTest(this.repository, tx, section.examDefinitionId, actor);
      await this.assertTitleFree(tx, section.examDefinitionId, input.title, id);
      await this.repository.updateSection(tx, id, { title: input.title, modifiedBy: actor.id, modifiedOn: new Date() });
    });
    return this.sectionOf(section.examDefinitionId, id);
  }

  /** Removes a section; its questions stay in the test, in the default section. */
  async removeSection(actor: CurrentUser, id: string): Promise<void> {
    assertCanManageTests(actor);
    const section = await this.existingSection(actor, id);
    await this.repository.transaction(async (tx) => {
      await lockEditableTest(this.repository, tx, section.examDefinitionId, actor);
      await this.repository.removeSection(tx, section.examDefinitionId, id, actor.id);
    });
  }

  async reorderSections(actor: CurrentUser, input: ReorderSectionsRequest): Promise<Section[]> {
    assertCanManageTests(actor);
    await this.repository.transaction(async (tx) => {
      await lockEditableTest(this.repository, tx, input.testId, actor);
      const current = (await this.repository.findSections(input.testId, tx)).map((section) => section.id);
      if (!sameSet(input.ids, current)) throw new AppError('BAD_REQUEST', SECTION_MESSAGES.sectionOrderMismatch);
      await this.repository.reorderSections(tx, input.ids, actor.id);
    });
    return this.sectionsOf(input.testId);
  }

  async findQuestions(actor: CurrentUser, testId: string): Promise<SectionQuestion[]> {
    assertCanManageTests(actor);
    await this.existingTest(actor, testId);
    return this.questionsOf(actor, testId);
  }

  /** Adds questions of the test's own account to a section (or the default one) at its end, each with its marks. */
  async addQuestions(actor: CurrentUser, input: AddSectionQuestionsRequest): Promise<SectionQuestion[]> {
    assertCanManageTests(actor);
    const ids = input.questions.map((question) => question.questionId);
    if (new Set(ids).size !== ids.length) throw new AppError('BAD_REQUEST', 'A question is listed twice');
    await this.repository.transaction(async (tx) => {
      const test = await lockEditableTest(this.repository, tx, input.testId, actor);
      const sectionId = await this.sectionInTest(tx, test, input.sectionId);
      // Another account's question is as unknown as one that does not exist.
      const versions = await this.questions.findCurrentVersions(test.accountId, ids, tx);
      if (versions.length !== ids.length) throw new AppError('BAD_REQUEST', SECTION_MESSAGES.questionNotFound, { questions: SECTION_MESSAGES.questionNotFound });
      const present = new Set((await this.repository.findEntries(input.testId, tx)).map((item) => item.entry.questionId));
      const repeated = versions.filter((version) => present.has(version.questionId));
      if (repeated.length) {
        const labels = repeated.map((version) => questionLabel(version.questionNumber)).join(', ');
        throw new AppError('CONFLICT', SECTION_MESSAGES.questionInTest(labels));
      }
      let next = await this.repository.nextEntryOrder(tx, input.testId, sectionId);
      await this.repository.insertEntries(
        tx,
        input.questions.map((question) => {
          const version = versions.find((item) => item.questionId === question.questionId);
          return {
            examDefinitionId: input.testId,
            sectionId,
            questionId: question.questionId,
            questionVersionId: version?.versionId ?? '',
            marks: question.marks,
            sortOrder: next++,
            createdBy: actor.id,
            modifiedBy: actor.id,
          };
        }),
      );
      await this.touch(tx, input.testId, actor.id);
    });
    return this.questionsOf(actor, input.testId);
  }

  /** New marks, or a move to another section (to its end). */
  async updateQuestion(actor: CurrentUser, id: string, input: UpdateSectionQuestionRequest): Promise<SectionQuestion[]> {
    assertCanManageTests(actor);
    const entry = await this.existingEntry(actor, id);
    await this.repository.transaction(async (tx) => {
      const test = await lockEditableTest(this.repository, tx, entry.examDefinitionId, actor);
      const sectionId = await this.sectionInTest(tx, test, input.sectionId);
      const isMove = sectionId !== entry.sectionId;
      await this.repository.updateEntry(tx, id, {
        marks: input.marks,
        sectionId,
        ...(isMove ? { sortOrder: await this.repository.nextEntryOrder(tx, entry.examDefinitionId, sectionId) } : {}),
        modifiedBy: actor.id,
        modifiedOn: new Date(),
      });
      await this.touch(tx, entry.examDefinitionId, actor.id);
    });
    return this.questionsOf(actor, entry.examDefinitionId);
  }

  async removeQuestion(actor: CurrentUser, id: string): Promise<void> {
    assertCanManageTests(actor);
    const entry = await this.existingEntry(actor, id);
    await this.repository.transaction(async (tx) => {
      await lockEditableTest(this.repository, tx, entry.examDefinitionId, actor);
      await this.repository.removeEntry(tx, id);
      await this.touch(tx, entry.examDefinitionId, actor.id);
    });
  }

  async reorderQuestions(actor: CurrentUser, input: ReorderSectionQuestionsRequest): Promise<SectionQuestion[]> {
    assertCanManageTests(actor);
    await this.repository.transaction(async (tx) => {
      const test = await lockEditableTest(this.repository, tx, input.testId, actor);
      const sectionId = await this.sectionInTest(tx, test, input.sectionId);
      const current = await this.repository.entryIdsOfSection(tx, input.testId, sectionId);
      if (!sameSet(input.ids, current)) throw new AppError('BAD_REQUEST', SECTION_MESSAGES.orderMismatch);
      await this.repository.reorderEntries(tx, input.ids, actor.id);
    });
    return this.questionsOf(actor, input.testId);
  }

  private async sectionsOf(testId: string): Promise<Section[]> {
    const [sections, entries] = await Promise.all([this.repository.findSections(testId), this.repository.findEntries(testId)]);
    return toSections(sections, entries);
  }

  private async sectionOf(testId: string, id: string): Promise<Section> {
    const found = (await this.sectionsOf(testId)).find((section) => section.id === id);
    if (!found) throw new AppError('NOT_FOUND', SECTION_MESSAGES.notFound);
    return found;
  }

  /** The test's questions, for a caller already let into the test (so its account's). */
  private async questionsOf(actor: CurrentUser, testId: string): Promise<SectionQuestion[]> {
    const [detail, entries] = await Promise.all([this.repository.findDetail(testId, staffAccountOf(actor)), this.repository.findEntries(testId)]);
    const isDraft = detail?.test.status === 'draft';
    return entries.map((item) => toSectionQuestion(item, isDraft));
  }

  /** The section a request names, as stored (null: the default one); it must belong to the test. */
  private async sectionInTest(tx: Executor, test: ExamDefinitionRow, sectionId: string): Promise<string | null> {
    const column = sectionColumnOf(sectionId);
    if (column === null) return null;
    const section = await this.repository.findSection(column, test.accountId, tx);
    if (!section || section.examDefinitionId !== test.id) throw new AppError('NOT_FOUND', SECTION_MESSAGES.notFound);
    return column;
  }

  private async assertTitleFree(tx: Executor, testId: string, title: string, exceptId: string | null): Promise<void> {
    if (title.toLowerCase() === DEFAULT_SECTION.title.toLowerCase()) {
      throw new AppError('BAD_REQUEST', SECTION_MESSAGES.titleReserved, { title: SECTION_MESSAGES.titleReserved });
    }
    const sections = await this.repository.findSections(testId, tx);
    if (sections.some((section) => section.id !== exceptId && section.title.toLowerCase() === title.toLowerCase())) {
      throw new AppError('CONFLICT', SECTION_MESSAGES.titleTaken, { title: SECTION_MESSAGES.titleTaken });
    }
  }

  /** A change to a test's questions is a change to the test. */
  private async touch(tx: Executor, testId: string, actorId: string): Promise<void> {
    await this.repository.update(testId, { modifiedBy: actorId, modifiedOn: new Date() }, tx);
  }

  /** The test, once the caller may read its content (its questions with their correct answers). */
  private async existingTest(actor: CurrentUser, testId: string) {
    const detail = isUuid(testId) ? await this.repository.findDetail(testId, staffAccountOf(actor)) : undefined;
    if (!detail) throw new AppError('NOT_FOUND', TEST_MESSAGES.notFound);
    await assertCanManageTest(this.repository, actor, { programId: detail.programModule?.programId ?? null, programType: detail.test.programType });
    return detail;
  }

  /** A section of one of the caller's account's tests; another account's answers 404. */
  private async existingSection(actor: CurrentUser, id: string) {
    const section = isUuid(id) ? await this.repository.findSection(id, staffAccountOf(actor)) : undefined;
    if (!section) throw new AppError('NOT_FOUND', SECTION_MESSAGES.notFound);
    return section;
  }

  /** A question entry of one of the caller's account's tests; another account's answers 404. */
  private async existingEntry(actor: CurrentUser, id: string) {
    const entry = isUuid(id) ? await this.repository.findEntry(id, staffAccountOf(actor)) : undefined;
    if (!entry) throw new AppError('NOT_FOUND', SECTION_MESSAGES.entryNotFound);
    return entry;
  }
}
