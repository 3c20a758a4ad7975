import { z } from 'zod';
import { pagedResponse, pagingShape } from '../common/paging';
import { richText } from '../program/program-rules';
import { EXAM_TYPES } from '../program/program-type';
import { EXAM_DEFINITION_STATUSES } from './exam-definition-status';

export const TEST_MESSAGES = {
  titleRequired: 'Title is required',
  titleMax: 'Title must be at most 150 characters',
  titleTaken: 'A test with this title already exists',
  testTypeRequired: 'Test Type is required',
  programTypeRequired: 'Program Type is required',
  overallTimeRequired: 'Overall Time is required',
  minimumTimeRequired: 'Minimum Time is required',
  totalTestMarksRequired: 'Total Test Marks is required',
  tooLess: 'Too less',
  wholeMinutes: 'Enter whole minutes',
  timeMax: 'At most 1440 minutes (one day)',
  marksDecimals: 'Use at most two decimals',
  marksMax: 'At most 10000 marks',
  minimumOverOverall: 'Minimum Time cannot be more than Overall Time',
  descriptionRequired: 'Description is required',
  descriptionMax: 'Description must be at most 2000 characters',
  instructionRequired: 'Instruction is required',
  instructionMax: 'Instruction must be at most 5000 characters',
  programModuleNotFound: 'Program module not found',
  programModuleType: 'The program module belongs to a program of another Program Type',
  notFound: 'Test not found',
  contentLocked: 'This test has been published: its questions, sections, marks, times, type and exam settings cannot change. Clone it to make a new test.',
  noQuestions: 'Add at least one question before publishing',
} as const;

const MAX_MINUTES = 24 * 60;

const minutes = (requiredMessage: string) =>
  z
    .number({ error: requiredMessage })
    .min(1, TEST_MESSAGES.tooLess)
    .int(TEST_MESSAGES.wholeMinutes)
    .max(MAX_MINUTES, TEST_MESSAGES.timeMax);

const hasTwoDecimalsAtMost = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const TestTitle = z
  .string({ error: TEST_MESSAGES.titleRequired })
  .trim()
  .min(1, TEST_MESSAGES.titleRequired)
  .max(150, TEST_MESSAGES.titleMax);

const programTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: TEST_MESSAGES.programTypeRequired });

/** The test form of spec sections 3 and 5; the same schema checks the form and the API. */
export const TestRequest = z
  .strictObject({
    title: TestTitle,
    testType: z.enum(EXAM_TYPES, { error: TEST_MESSAGES.testTypeRequired }),
    programType: programTypeSchema,
    overallTime: minutes(TEST_MESSAGES.overallTimeRequired),
    minimumTime: minutes(TEST_MESSAGES.minimumTimeRequired),
    totalTestMarks: z
      .number({ error: TEST_MESSAGES.totalTestMarksRequired })
      .min(1, TEST_MESSAGES.tooLess)
      .max(10000, TEST_MESSAGES.marksMax)
      .refine(hasTwoDecimalsAtMost, TEST_MESSAGES.marksDecimals),
    description: z
      .string({ error: TEST_MESSAGES.descriptionRequired })
      .trim()
      .min(1, TEST_MESSAGES.descriptionRequired)
      .max(2000, TEST_MESSAGES.descriptionMax),
    instruction: richText(TEST_MESSAGES.instructionRequired, 5000, TEST_MESSAGES.instructionMax),
    isSectionSplit: z.boolean().default(false),
    canUploadAnswerPaper: z.boolean().default(false),
    /** Each candidate gets the questions of every section in their own order. */
    shuffleQuestions: z.boolean().default(false),
    /** Each candidate sees the options of choice questions in their own order. */
    shuffleOptions: z.boolean().default(false),
    /** Multiple answer questions earn part of their marks (see autoMark in exam-rules). */
    partialMarks: z.boolean().default(false),
    /** The program module this test examines (optional); its program must be of `programType`. */
    programModuleId: z.uuid().nullable().default(null),
  })
  .superRefine((test, ctx) => {
    if (test.minimumTime > test.overallTime) ctx.addIssue({ code: 'custom', path: ['minimumTime'], message: TEST_MESSAGES.minimumOverOverall });
  });
export type TestRequest = z.input<typeof TestRequest>;
export type TestValues = z.output<typeof TestRequest>;

export const TestSectionInfo = z.object({
  id: z.string(),
  title: z.string(),
  order: z.number().int(),
  numOfQuestions: z.number().int(),
  marks: z.number(),
});

export const ExamDefinition = z.object({
  id: z.string(),
  testNumber: z.number().int(),
  title: z.string(),
  description: z.string(),
  instruction: z.string(),
  testType: z.enum(EXAM_TYPES),
  programType: z.number().int(),
  programModule: z.object({ id: z.string(), moduleCode: z.string(), moduleTitle: z.string(), programCode: z.string() }).nullable(),
  overallTime: z.number().int(),
  minimumTime: z.number().int(),
  totalTestMarks: z.number(),
  isSectionSplit: z.boolean(),
  canUploadAnswerPaper: z.boolean(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  partialMarks: z.boolean(),
  /** Read from the test type: a trial exam is a practice run. */
  isTrialExam: z.boolean(),
  status: z.enum(EXAM_DEFINITION_STATUSES),
  published: z.boolean(),
  unPublished: z.boolean(),
  publishedOn: z.string().nullable(),
  isCloned: z.boolean(),
  clonedFrom: z.object({ id: z.string(), title: z.string() }).nullable(),
  numOfQuestions: z.number().int(),
  /** The sum of the questions' marks, beside totalTestMarks. */
  marksTotal: z.number(),
  sectionInfo: z.array(TestSectionInfo),
  /** Shown, never blocking: e.g. sectioned and unsectioned questions mixed. */
  warnings: z.array(z.string()),
  /** What stops publishing now; empty when it can be published. */
  publishProblems: z.array(z.string()),
  createdOn: z.string(),
  modifiedOn: z.string(),
  createdBy: z.string(),
  modifiedBy: z.string(),
});
export type ExamDefinition = z.infer<typeof ExamDefinition>;

/** `tests/pagination`: search by title or number, filters by type, program type and published state. */
export const ExamDefinitionListQuery = z.strictObject({
  ...pagingShape,
  search: z.string().max(200).optional(),
  testType: z.enum(EXAM_TYPES).optional(),
  programType: z.coerce.number().int().min(1).max(4).optional(),
  status: z.enum(EXAM_DEFINITION_STATUSES).optional(),
});
export type ExamDefinitionListQuery = z.input<typeof ExamDefinitionListQuery>;

export const ExamDefinitionListRow = ExamDefinition.pick({
  id: true,
  testNumber: true,
  title: true,
  testType: true,
  programType: true,
  programModule: true,
  overallTime: true,
  totalTestMarks: true,
  status: true,
  published: true,
  unPublished: true,
  publishedOn: true,
  isCloned: true,
  numOfQuestions: true,
  marksTotal: true,
  modifiedOn: true,
});
export type ExamDefinitionListRow = z.infer<typeof ExamDefinitionListRow>;
export const ExamDefinitionPage = pagedResponse(ExamDefinitionListRow);
export type ExamDefinitionPage = z.infer<typeof ExamDefinitionPage>;

/** Title lookup: null when the title is free (spec section 5). */
export const TestTitleLookup = z.object({ test: z.object({ id: z.string(), title: z.string() }).nullable() });
export type TestTitleLookup = z.infer<typeof TestTitleLookup>;

export const CloneTestRequest = z.strictObject({ title: TestTitle, withSections: z.boolean() });
export type CloneTestRequest = z.infer<typeof CloneTestRequest>;

/** Program modules a test can examine, for the form. */
export const LinkableModule = z.object({
  id: z.string(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  programId: z.string(),
  programCode: z.string(),
  programType: z.number().int(),
});
export const LinkableModuleList = z.array(LinkableModule);
export type LinkableModule = z.infer<typeof LinkableModule>;
