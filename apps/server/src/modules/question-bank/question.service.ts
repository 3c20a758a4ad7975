import { dayRangeInZone } from '@certs/shared/common/dates';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import {
  QUESTION_MESSAGES,
  type Question,
  type QuestionOption,
  type QuestionPage,
  type QuestionSearchValues,
  type QuestionValues,
} from '@certs/shared/question-bank/question.contract';
import { QUESTION_TYPE_INFO, type Difficulty, type QuestionType } from '@certs/shared/question-bank/question-type';
import { z } from 'zod';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { sanitizeQuestionContent } from '../../platform/rich-text';
import { excerpt, toQuestion, toQuestionListRow, toQuestionOption } from './question.mapper';
import type { NewVersion, QuestionFilters, QuestionRepository, QuestionVersionRow } from './question.repository';
import { htmlToPlainText } from './question-text';
import type { ReferenceRepository } from './reference.repository';
import { assertCanRead, assertCanWrite } from './reference.service';
import type { AccountTimeZones } from '../account/account-time-zone';

const UUID = z.uuid();
const QUESTION_NUMBER = /^(?:q-?)?(\d{1,9})$/i;

/** What a question version holds, cleaned: the one shape every way in (form, import) saves. */
export interface PreparedQuestion extends NewVersion {
  subjectIds: string[];
  tagIds: string[];
}

/**
 * Cleans a question as it will be stored: sanitised content and its plain text, options in their
 * order; accepted answers are all correct; a descriptive question has none.
 */
export function prepareVersion(input: {
  content: string;
  questionType: QuestionType;
  difficulty: Difficulty;
  canUploadAnswerPaper: boolean;
  options: readonly { option: string; correctAnswer: boolean; order?: number }[];
}): NewVersion {
  const content = sanitizeQuestionContent(input.content);
  const info = QUESTION_TYPE_INFO[input.questionType];
  const ordered = input.options
    .map((option, index) => ({ ...option, position: option.order ?? index }))
    .sort((a, b) => a.position - b.position);
  const options = info.hasChoices || info.hasAcceptedAnswers ? ordered.map((option) => ({ option: option.option.trim(), correctAnswer: info.hasAcceptedAnswers || option.correctAnswer })) : [];
  return { questionType: input.questionType, difficulty: input.difficulty, content, plainText: htmlToPlainText(content), canUploadAnswerPaper: input.canUploadAnswerPaper, options };
}

function isSameVersion(current: QuestionVersionRow, currentOptions: { option: string; correctAnswer: boolean }[], next: NewVersion): boolean {
  return (
    current.questionType === next.questionType &&
    current.difficulty === next.difficulty &&
    current.content === next.content &&
    current.canUploadAnswerPaper === next.canUploadAnswerPaper &&
    currentOptions.length === next.options.length &&
    currentOptions.every((option, i) => option.option === next.options[i]?.option && option.correctAnswer === next.options[i]?.correctAnswer)
  );
}

/** The instants a filter's days begin and end, as the account counts days (its time zone). */
function dayBounds(from: string | undefined, to: string | undefined, timeZone: string): { from?: Date; to?: Date } | undefined {
  const start = from ? dayRangeInZone(from, timeZone) : null;
  const end = to ? dayRangeInZone(to, timeZone) : null;
  if (!start && !end) return undefined;
  return { from: start?.from, to: end?.to };
}

/** Who saves a question and the account whose bank it joins. */
export interface QuestionOwner {
  actorId: string;
  accountId: string;
}

/**
 * The question bank: list and search, create, edit (a new version each time), options. Each
 * account has its own bank (decision 033): staff reach only their account's questions, subjects
 * and tags; another account's answer 404, or, named in a form, as unknown.
 */
export class QuestionService {
  constructor(
    private readonly repository: QuestionRepository,
    private readonly subjects: ReferenceRepository,
    private readonly tags: ReferenceRepository,
    private readonly zones: Pick<AccountTimeZones, 'ofAccount'>,
  ) {}

  /** One transaction for work spanning several saves (an import). */
  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.repository.transaction(work);
  }

  async findQuestions(actor: CurrentUser, query: { page: number; pageSize: number }): Promise<QuestionPage> {
    return this.searchQuestions(actor, { page: query.page, pageSize: query.pageSize });
  }

  async searchQuestions(actor: CurrentUser, search: QuestionSearchValues): Promise<QuestionPage> {
    assertCanRead(actor);
    const text = searchTermOrUndefined(search.text);
    const number = text ? QUESTION_NUMBER.exec(text) : null;
    const accountId = staffAccountOf(actor);
    const timeZone = await this.zones.ofAccount(accountId);
    const filters: QuestionFilters = {
      accountId,
      page: search.page,
      pageSize: search.pageSize,
      text,
      questionNumber: number ? Number(number[1]) : undefined,
      questionType: search.questionType,
      difficulty: search.difficulty,
      subjectIds: search.subjectIds?.length ? search.subjectIds : undefined,
      tagIds: search.tagIds?.length ? search.tagIds : undefined,
      created: dayBounds(searchTermOrUndefined(search.createdFrom), searchTermOrUndefined(search.createdTo), timeZone),
      modified: dayBounds(searchTermOrUndefined(search.modifiedFrom), searchTermOrUndefined(search.modifiedTo), timeZone),
      excludeTestId: search.excludeTestId,
    };
    const { rows, totalRows } = await this.repository.findPage(filters);
    return { rows: rows.map(toQuestionListRow), page: search.page, pageSize: search.pageSize, totalRows };
  }

  async findQuestion(actor: CurrentUser, id: string): Promise<Question> {
    assertCanRead(actor);
    return toQuestion(await this.existing(actor, id));
  }

  /** `questionoptions/{id}`: the options of the question's current version, in order. */
  async findOptions(actor: CurrentUser, id: string): Promise<QuestionOption[]> {
    assertCanRead(actor);
    return (await this.existing(actor, id)).options.map(toQuestionOption);
  }

  async findVersions(actor: CurrentUser, id: string) {
    assertCanRead(actor);
    await this.existing(actor, id);
    const rows = await this.repository.findVersions(id);
    return rows.map((row) => ({
      version: row.version.version,
      questionType: row.version.questionType as QuestionType,
      difficulty: row.version.difficulty as Difficulty,
      contentText: excerpt(row.version.plainText),
      numOfOptions: row.numOfOptions,
      savedOn: row.version.createdOn.toISOString(),
      savedBy: row.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : '-',
    }));
  }

  async createQuestion(actor: CurrentUser, input: QuestionValues): Promise<Question> {
    assertCanWrite(actor);
    const owner = { actorId: actor.id, accountId: staffAccountOf(actor) };
    const prepared = await this.prepare(input, owner.accountId);
    const { id } = await this.repository.transaction((tx) => this.insertPrepared(tx, owner, prepared));
    return this.findQuestion(actor, id);
  }

  /**
   * Saves an edit. When what a candidate reads or answers changes, it becomes a new version and the
   * old one stays as it was (tests and attempts point at versions); re-filing under other subjects
   * or tags changes no version.
   */
  async updateQuestion(actor: CurrentUser, id: string, input: QuestionValues): Promise<Question> {
    assertCanWrite(actor);
    const { question } = await this.existing(actor, id);
    const prepared = await this.prepare(input, question.accountId);
    await this.repository.transaction(async (tx) => {
      const locked = await this.repository.lockById(tx, id, question.accountId);
      if (!locked) throw new AppError('NOT_FOUND', QUESTION_MESSAGES.notFound);
      const current = await this.repository.findDetail(id, question.accountId, tx);
      if (!current) throw new AppError('NOT_FOUND', QUESTION_MESSAGES.notFound);
      const now = new Date();
      let currentVersion = locked.currentVersion;
      if (!isSameVersion(current.version, current.options, prepared)) {
        currentVersion += 1;
        await this.repository.insertVersion(tx, id, currentVersion, prepared, actor.id);
      }
      await this.repository.updateQuestion(tx, id, { currentVersion, modifiedBy: actor.id, modifiedOn: now });
      await this.repository.replaceReferences(tx, id, prepared.subjectIds, prepared.tagIds);
    });
    return this.findQuestion(actor, id);
  }

  /**
   * Inserts a prepared question as version 1 in the owner's account, inside the caller's transaction
   * (the form, an import); its subjects and tags must be of that account (prepare checks them).
   */
  async insertPrepared(tx: Executor, owner: QuestionOwner, prepared: PreparedQuestion): Promise<{ id: string; questionNumber: number }> {
    const question = await this.repository.insertQuestion(tx, owner.actorId, owner.accountId);
    await this.repository.insertVersion(tx, question.id, 1, prepared, owner.actorId);
    await this.repository.replaceReferences(tx, question.id, prepared.subjectIds, prepared.tagIds);
    return { id: question.id, questionNumber: question.questionNumber };
  }

  /**
   * For the tests module: the current version of each question of the account (absent when the
   * question does not exist or is another account's, so a test takes only its own account's questions).
   */
  async findCurrentVersions(accountId: string, questionIds: readonly string[], tx?: Executor) {
    return this.repository.findCurrentVersions(questionIds, accountId, tx);
  }

  /** For export: whole questions of the caller's account, a selection or the bank. */
  async findForExport(actor: CurrentUser, questionIds?: readonly string[]) {
    assertCanRead(actor);
    return this.repository.findForExport(staffAccountOf(actor), questionIds);
  }

  private async prepare(input: QuestionValues, accountId: string): Promise<PreparedQuestion> {
    const version = prepareVersion(input);
    // The content may be all markup the sanitiser removes (a lone script): then it is empty.
    if (!version.plainText) throw new AppError('BAD_REQUEST', QUESTION_MESSAGES.contentRequired, { content: QUESTION_MESSAGES.contentRequired });
    const subjectIds = [...new Set(input.subjects)];
    const tagIds = [...new Set(input.tags)];
    // Another account's subject or tag is as unknown as one that does not exist.
    const [foundSubjects, foundTags] = await Promise.all([this.subjects.findByIds(subjectIds, accountId), this.tags.findByIds(tagIds, accountId)]);
    if (foundSubjects.length !== subjectIds.length) throw new AppError('BAD_REQUEST', QUESTION_MESSAGES.unknownSubject, { subjects: QUESTION_MESSAGES.unknownSubject });
    if (foundTags.length !== tagIds.length) throw new AppError('BAD_REQUEST', QUESTION_MESSAGES.unknownTag, { tags: QUESTION_MESSAGES.unknownTag });
    return { ...version, subjectIds, tagIds };
  }

  /** A question of the caller's account; another account's answers 404 as if it did not exist. */
  private async existing(actor: CurrentUser, id: string) {
    const found = UUID.safeParse(id).success ? await this.repository.findDetail(id, staffAccountOf(actor)) : undefined;
    if (!found) throw new AppError('NOT_FOUND', QUESTION_MESSAGES.notFound);
    return found;
  }
}
