import { z } from 'zod';
import { pagedResponse, pagingShape } from '../common/paging';
import { dayRangeInZone } from '../common/dates';
import { richText } from '../program/program-rules';
import { DEFAULT_DIFFICULTY, DIFFICULTIES, MAX_OPTIONS, MIN_CHOICES, QUESTION_TYPES, QUESTION_TYPE_INFO, type QuestionType } from './question-type';

export const QUESTION_MESSAGES = {
  contentRequired: 'Content is required',
  contentMax: 'Content must be at most 20000 characters',
  questionTypeRequired: 'Question Type is required',
  difficultyRequired: 'Difficulty is required',
  subjectsRequired: 'Subjects are required',
  tagsRequired: 'Tags are required',
  optionRequired: 'Option is required',
  optionMax: 'Option must be at most 1000 characters',
  optionsDiffer: 'Options must all differ',
  tooManyOptions: `A question has at most ${MAX_OPTIONS} options`,
  choicesRequired: `Add at least ${MIN_CHOICES} options`,
  singleCorrect: 'A General Single Answer question has exactly one correct option',
  multipleCorrect: 'A Multiple Answer question needs at least one correct option',
  acceptedAnswersRequired: 'Add at least one accepted answer',
  descriptiveNoOptions: 'A Descriptive question has no options',
  unknownSubject: 'A chosen subject no longer exists',
  unknownTag: 'A chosen tag no longer exists',
  notFound: 'Question not found',
  invalidDate: 'Enter a date as DD/MM/YYYY or YYYY-MM-DD',
  dateOrder: 'The "to" date is before the "from" date',
} as const;

export const QuestionOptionInput = z.strictObject({
  option: z
    .string({ error: QUESTION_MESSAGES.optionRequired })
    .trim()
    .min(1, QUESTION_MESSAGES.optionRequired)
    .max(1000, QUESTION_MESSAGES.optionMax),
  correctAnswer: z.boolean().default(false),
  /** Where the option stands; options are saved in this order and renumbered 1, 2, 3... */
  order: z.number().int().optional(),
});
export type QuestionOptionInput = z.input<typeof QuestionOptionInput>;

/** The option rules of each type, shared by the form, the API and every import. */
export function optionIssues(questionType: QuestionType, options: readonly { option: string; correctAnswer: boolean }[]): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const info = QUESTION_TYPE_INFO[questionType];
  if (!info.hasChoices && !info.hasAcceptedAnswers) {
    if (options.length > 0) issues.push({ path: ['options'], message: QUESTION_MESSAGES.descriptiveNoOptions });
    return issues;
  }
  if (options.length > MAX_OPTIONS) issues.push({ path: ['options'], message: QUESTION_MESSAGES.tooManyOptions });
  const seen = new Map<string, number>();
  options.forEach((option, index) => {
    const key = option.option.trim().toLowerCase();
    if (!key) return;
    if (seen.has(key)) issues.push({ path: ['options', index, 'option'], message: QUESTION_MESSAGES.optionsDiffer });
    else seen.set(key, index);
  });
  if (info.hasAcceptedAnswers) {
    if (options.length === 0) issues.push({ path: ['options'], message: QUESTION_MESSAGES.acceptedAnswersRequired });
    return issues;
  }
  const correct = options.filter((option) => option.correctAnswer).length;
  if (options.length < MIN_CHOICES) issues.push({ path: ['options'], message: QUESTION_MESSAGES.choicesRequired });
  else if (questionType === 'General Single Answer' && correct !== 1) issues.push({ path: ['options'], message: QUESTION_MESSAGES.singleCorrect });
  else if (questionType === 'Multiple Answer' && correct < 1) issues.push({ path: ['options'], message: QUESTION_MESSAGES.multipleCorrect });
  return issues;
}

/** The question form of spec sections 3 and 5; the same schema checks the form and the API. */
export const QuestionRequest = z
  .strictObject({
    content: richText(QUESTION_MESSAGES.contentRequired, 20000, QUESTION_MESSAGES.contentMax),
    questionType: z.enum(QUESTION_TYPES, { error: QUESTION_MESSAGES.questionTypeRequired }),
    difficulty: z.enum(DIFFICULTIES, { error: QUESTION_MESSAGES.difficultyRequired }).default(DEFAULT_DIFFICULTY),
    subjects: z.array(z.uuid({ error: QUESTION_MESSAGES.subjectsRequired }), { error: QUESTION_MESSAGES.subjectsRequired }).min(1, QUESTION_MESSAGES.subjectsRequired).max(50),
    tags: z.array(z.uuid({ error: QUESTION_MESSAGES.tagsRequired }), { error: QUESTION_MESSAGES.tagsRequired }).min(1, QUESTION_MESSAGES.tagsRequired).max(50),
    canUploadAnswerPaper: z.boolean().default(false),
    options: z.array(QuestionOptionInput).max(MAX_OPTIONS * 2).default([]),
  })
  .superRefine((question, ctx) => {
    for (const issue of optionIssues(question.questionType, question.options)) ctx.addIssue({ code: 'custom', ...issue });
  });
export type QuestionRequest = z.input<typeof QuestionRequest>;
export type QuestionValues = z.output<typeof QuestionRequest>;

export const QuestionReference = z.object({ id: z.string(), title: z.string() });

export const QuestionOption = z.object({ id: z.string(), option: z.string(), correctAnswer: z.boolean(), order: z.number().int() });
export type QuestionOption = z.infer<typeof QuestionOption>;

export const Question = z.object({
  id: z.string(),
  questionNumber: z.number().int(),
  /** The version staff edit now; versions before it stay as exams gave them. */
  version: z.number().int(),
  versionId: z.string(),
  content: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  difficulty: z.enum(DIFFICULTIES),
  canUploadAnswerPaper: z.boolean(),
  subjects: z.array(QuestionReference),
  tags: z.array(QuestionReference),
  options: z.array(QuestionOption),
  /** Tests that hold this question: a published one keeps the version it was published with. */
  usedInTests: z.array(z.object({ id: z.string(), title: z.string(), status: z.string(), version: z.number().int() })),
  createdOn: z.string(),
  modifiedOn: z.string(),
  createdBy: z.string(),
  modifiedBy: z.string(),
});
export type Question = z.infer<typeof Question>;

/** Spec section 3, Question list item: createdOn, modifiedOn, subjects, tags; with what staff need to pick one. */
export const QuestionListRow = z.object({
  id: z.string(),
  questionNumber: z.number().int(),
  version: z.number().int(),
  contentText: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  difficulty: z.enum(DIFFICULTIES),
  canUploadAnswerPaper: z.boolean(),
  numOfOptions: z.number().int(),
  subjects: z.array(QuestionReference),
  tags: z.array(QuestionReference),
  createdOn: z.string(),
  modifiedOn: z.string(),
});
export type QuestionListRow = z.infer<typeof QuestionListRow>;
export const QuestionPage = pagedResponse(QuestionListRow);
export type QuestionPage = z.infer<typeof QuestionPage>;

/** `GET api/question`: the bank, newest change first. */
export const QuestionListQuery = z.strictObject({ ...pagingShape });
export type QuestionListQuery = z.input<typeof QuestionListQuery>;

const dayText = z
  .string()
  .trim()
  .refine((text) => text === '' || dayRangeInZone(text) !== null, QUESTION_MESSAGES.invalidDate)
  .optional();

/**
 * `POST api/question/search`. Blank terms are no terms (spec section 5); days are read in the
 * account's time zone (Sydney for the first account) and both ends are included.
 */
export const QuestionSearchRequest = z
  .strictObject({
    ...pagingShape,
    text: z.string().max(200).optional(),
    questionType: z.enum(QUESTION_TYPES).optional(),
    difficulty: z.enum(DIFFICULTIES).optional(),
    subjectIds: z.array(z.uuid()).max(50).optional(),
    tagIds: z.array(z.uuid()).max(50).optional(),
    createdFrom: dayText,
    createdTo: dayText,
    modifiedFrom: dayText,
    modifiedTo: dayText,
    /** Leaves out the questions already in this test (the test builder's picker). */
    excludeTestId: z.uuid().optional(),
  })
  .superRefine((search, ctx) => {
    for (const [from, to] of [
      ['createdFrom', 'createdTo'],
      ['modifiedFrom', 'modifiedTo'],
    ] as const) {
      const start = search[from] ? dayRangeInZone(search[from]) : null;
      const end = search[to] ? dayRangeInZone(search[to]) : null;
      if (start && end && end.from < start.from) ctx.addIssue({ code: 'custom', path: [to], message: QUESTION_MESSAGES.dateOrder });
    }
  });
export type QuestionSearchRequest = z.input<typeof QuestionSearchRequest>;
export type QuestionSearchValues = z.output<typeof QuestionSearchRequest>;

/** One saved version of a question, for its history. */
export const QuestionVersionSummary = z.object({
  version: z.number().int(),
  questionType: z.enum(QUESTION_TYPES),
  difficulty: z.enum(DIFFICULTIES),
  contentText: z.string(),
  numOfOptions: z.number().int(),
  savedOn: z.string(),
  savedBy: z.string(),
});
export const QuestionVersionList = z.array(QuestionVersionSummary);
