import dayjs from 'dayjs';
import { QUESTION_MESSAGES, optionIssues } from '@certs/shared/question-bank/question.contract';
import {
  IMPORT_MESSAGES,
  MAX_IMPORT_QUESTIONS,
  type ExportFile,
  type ImportPreview,
  type ImportPreviewItem,
  type ImportResult,
  type TransferFormat,
} from '@certs/shared/question-bank/question-transfer.contract';
import { DIFFICULTIES, type Difficulty, type QuestionType } from '@certs/shared/question-bank/question-type';
import { REFERENCE_TITLE_MAX } from '@certs/shared/question-bank/reference.contract';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { prepareVersion, type QuestionOwner, type QuestionService } from './question.service';
import { excerpt } from './question.mapper';
import { parseQuestionCsv, questionCsvTemplate, writeQuestionCsv } from './question-csv';
import { parseMoodleXml, writeMoodleXml } from './question-moodle';
import type { EmbeddedFile, ExportedQuestion, ParsedFile, ParsedQuestion } from './question-transfer.types';
import type { ReferenceRepository } from './reference.repository';
import { assertCanRead, assertCanWrite } from './reference.service';

const CONTENT_MAX = 20000;
const OPTION_MAX = 1000;

/** Stores an image embedded in an imported question where question content can show it; answers its `src`. */
export interface QuestionImageStore {
  storeQuestionImage(ownerUserId: string, image: { name: string; bytes: Buffer; contentType: string }): Promise<string>;
  /** The image a question's content shows at `src`, or null when `src` is not a stored question image. */
  readQuestionImage(src: string): Promise<{ name: string; bytes: Buffer; contentType: string } | null>;
}

interface ImportInput {
  format: TransferFormat;
  content: string;
  defaultSubject?: string;
  defaultTag?: string;
}

/** A checked item: what the preview shows, and what import saves when nothing is wrong. */
interface CheckedItem {
  preview: ImportPreviewItem;
  question: ParsedQuestion & { questionType: QuestionType; difficulty: Difficulty };
}

interface CheckedFile {
  preview: ImportPreview;
  items: CheckedItem[];
}

function parseFile(format: TransferFormat, content: string): ParsedFile {
  return format === 'csv' ? parseQuestionCsv(content) : parseMoodleXml(content);
}

/** Titles not yet in the bank, first spelling kept, whatever their case. */
function newTitles(wanted: readonly string[], existing: readonly { title: string }[]): string[] {
  const known = new Set(existing.map((row) => row.title.toLowerCase()));
  const seen = new Set<string>();
  return wanted.filter((title) => {
    const key = title.toLowerCase();
    if (known.has(key) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Bringing questions in (CSV, Moodle XML) and out. An import is checked whole first: every item
 * gets the bank's own rules and messages, and one bad item means nothing is imported. Both sides
 * work on the caller's account's bank: an import files its questions under that account's
 * subjects and tags (creating them there), an export holds only that account's questions.
 */
export class QuestionTransferService {
  constructor(
    private readonly questions: QuestionService,
    private readonly subjects: ReferenceRepository,
    private readonly tags: ReferenceRepository,
    private readonly images: QuestionImageStore,
  ) {}

  async preview(actor: CurrentUser, input: ImportInput): Promise<ImportPreview> {
    assertCanWrite(actor);
    return (await this.check(input, staffAccountOf(actor))).preview;
  }

  async import(actor: CurrentUser, input: ImportInput): Promise<ImportResult> {
    assertCanWrite(actor);
    const owner = { actorId: actor.id, accountId: staffAccountOf(actor) };
    const checked = await this.check(input, owner.accountId);
    if (!checked.preview.canImport) {
      const { errorCount, items, fileErrors } = checked.preview;
      const detail = fileErrors.length ? fileErrors.join('; ') : `${errorCount} of ${items.length} questions have errors`;
      throw new AppError('BAD_REQUEST', `${IMPORT_MESSAGES.nothingImported} (${detail})`);
    }
    // Embedded images are stored first, so each question's content points at its own copy. Should the
    // transaction fail, those files are left without a question; nothing else is changed.
    const contents = await Promise.all(checked.items.map(({ question }) => this.withStoredImages(actor.id, question)));
    // One transaction: the subjects, tags and questions arrive together or not at all.
    return this.questions.transaction(async (tx) => {
      const subjectIds = await this.ensureTitles(tx, this.subjects, checked.items.flatMap((item) => item.question.subjects), owner);
      const tagIds = await this.ensureTitles(tx, this.tags, checked.items.flatMap((item) => item.question.tags), owner);
      const questionNumbers: number[] = [];
      for (const [index, { question }] of checked.items.entries()) {
        const version = prepareVersion({ ...question, content: contents[index] ?? question.content, options: question.options });
        const saved = await this.questions.insertPrepared(tx, owner, {
          ...version,
          subjectIds: question.subjects.map((title) => subjectIds.get(title.toLowerCase()) ?? ''),
          tagIds: question.tags.map((title) => tagIds.get(title.toLowerCase()) ?? ''),
        });
        questionNumbers.push(saved.questionNumber);
      }
      return { imported: questionNumbers.length, questionNumbers, newSubjects: checked.preview.newSubjects, newTags: checked.preview.newTags };
    });
  }

  async export(actor: CurrentUser, format: TransferFormat, questionIds?: readonly string[]): Promise<ExportFile> {
    assertCanRead(actor);
    const rows = await this.questions.findForExport(actor, questionIds);
    const questions: ExportedQuestion[] = rows.map((row) => ({
      questionNumber: row.question.questionNumber,
      version: row.version.version,
      questionType: row.version.questionType as QuestionType,
      difficulty: row.version.difficulty,
      content: row.version.content,
      subjects: row.subjects.map((subject) => subject.title),
      tags: row.tags.map((tag) => tag.title),
      canUploadAnswerPaper: row.version.canUploadAnswerPaper,
      options: row.options.map((option) => ({ option: option.option, correctAnswer: option.correctAnswer })),
    }));
    const stamp = dayjs().format('YYYY-MM-DD');
    if (format === 'csv') {
      return { fileName: `question-bank-${stamp}.csv`, contentType: 'text/csv', content: writeQuestionCsv(questions), count: questions.length };
    }
    const images = await this.imagesShownIn(questions);
    return { fileName: `question-bank-${stamp}.xml`, contentType: 'application/xml', content: writeMoodleXml(questions, images), count: questions.length };
  }

  /** The stored images the questions show, by `src`, for Moodle XML to embed (a round trip keeps them). */
  private async imagesShownIn(questions: readonly ExportedQuestion[]): Promise<Map<string, EmbeddedFile>> {
    const sources = new Set(questions.flatMap((question) => [...question.content.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/gi)].map((match) => match[1] ?? '')));
    const images = new Map<string, EmbeddedFile>();
    for (const src of sources) {
      const image = await this.images.readQuestionImage(src);
      if (image) images.set(src, { name: image.name, bytes: image.bytes });
    }
    return images;
  }

  private async withStoredImages(ownerUserId: string, question: ParsedQuestion): Promise<string> {
    let content = question.content;
    for (const image of question.images ?? []) {
      const src = await this.images.storeQuestionImage(ownerUserId, image);
      content = content.split(image.reference).join(src);
    }
    return content;
  }

  template(actor: CurrentUser): ExportFile {
    assertCanWrite(actor);
    return { fileName: 'question-import-template.csv', contentType: 'text/csv', content: questionCsvTemplate(), count: 4 };
  }

  private async check(input: ImportInput, accountId: string): Promise<CheckedFile> {
    const parsed = parseFile(input.format, input.content);
    const fileErrors = [...parsed.fileErrors];
    if (!fileErrors.length && parsed.items.length === 0) fileErrors.push(IMPORT_MESSAGES.noQuestions);
    if (parsed.items.length > MAX_IMPORT_QUESTIONS) fileErrors.push(IMPORT_MESSAGES.tooManyQuestions);
    const items = fileErrors.length ? [] : parsed.items.map((item) => checkItem(item, input));
    const [existingSubjects, existingTags] = await Promise.all([
      this.subjects.findByTitles(items.flatMap((item) => item.question.subjects), accountId),
      this.tags.findByTitles(items.flatMap((item) => item.question.tags), accountId),
    ]);
    const errorCount = items.filter((item) => item.preview.errors.length > 0).length;
    return {
      items,
      preview: {
        format: input.format,
        items: items.map((item) => item.preview),
        fileErrors,
        fileWarnings: fileErrors.length ? [] : (parsed.fileWarnings ?? []),
        newSubjects: newTitles(items.flatMap((item) => item.question.subjects), existingSubjects),
        newTags: newTitles(items.flatMap((item) => item.question.tags), existingTags),
        validCount: items.length - errorCount,
        errorCount,
        canImport: fileErrors.length === 0 && items.length > 0 && errorCount === 0,
      },
    };
  }

  /** Finds or creates each title in the owner's account, returning ids by lower-case title. */
  private async ensureTitles(tx: Executor, repository: ReferenceRepository, titles: readonly string[], owner: QuestionOwner): Promise<Map<string, string>> {
    const { actorId, accountId } = owner;
    const ids = new Map<string, string>();
    for (const row of await repository.findByTitles(titles, accountId, tx)) ids.set(row.title.toLowerCase(), row.id);
    for (const title of titles) {
      if (ids.has(title.toLowerCase())) continue;
      // Someone may add the same title meanwhile: then theirs is used.
      const row = (await repository.insert({ accountId, title, createdBy: actorId, modifiedBy: actorId }, tx)) ?? (await repository.findByTitle(title, accountId, tx));
      if (row) ids.set(title.toLowerCase(), row.id);
    }
    return ids;
  }
}

/** The bank's rules on one item from a file, with the form's own messages. */
function checkItem(item: ParsedQuestion, input: ImportInput): CheckedItem {
  const errors = [...item.errors];
  const subjects = item.subjects.length ? item.subjects : input.defaultSubject ? [input.defaultSubject] : [];
  const tags = item.tags.length ? item.tags : input.defaultTag ? [input.defaultTag] : [];
  const difficulty = DIFFICULTIES.find((d) => d === item.difficulty);
  if (!difficulty) errors.push(`Difficulty "${item.difficulty}" is not one of ${DIFFICULTIES.join(', ')}`);

  const content = prepareVersion({ content: item.content, questionType: item.questionType ?? 'Descriptive', difficulty: 'Medium', canUploadAnswerPaper: false, options: [] });
  if (!content.plainText) errors.push(QUESTION_MESSAGES.contentRequired);
  else if (content.content.length > CONTENT_MAX) errors.push(QUESTION_MESSAGES.contentMax);
  if (subjects.length === 0) errors.push(QUESTION_MESSAGES.subjectsRequired);
  if (tags.length === 0) errors.push(QUESTION_MESSAGES.tagsRequired);
  for (const title of [...subjects, ...tags]) {
    if (title.length > REFERENCE_TITLE_MAX) errors.push(`"${excerpt(title, 40)}" is longer than ${REFERENCE_TITLE_MAX} characters`);
  }
  if (item.options.some((option) => option.option.length > OPTION_MAX)) errors.push(QUESTION_MESSAGES.optionMax);
  if (item.questionType) {
    for (const issue of optionIssues(item.questionType, item.options)) if (!errors.includes(issue.message)) errors.push(issue.message);
  }
  return {
    preview: {
      source: item.source,
      questionType: item.questionType ?? '-',
      difficulty: item.difficulty,
      contentText: excerpt(content.plainText),
      subjects,
      tags,
      options: item.options,
      canUploadAnswerPaper: item.canUploadAnswerPaper,
      errors,
      warnings: item.warnings,
    },
    question: { ...item, subjects, tags, questionType: item.questionType ?? 'Descriptive', difficulty: difficulty ?? 'Medium' },
  };
}
