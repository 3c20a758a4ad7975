import { z } from 'zod';
import { ITEM_FLAGS } from './statistics';

/** The exam quality report (issue 43: "the exam quality report under /api/examquality"). */
export const EXAM_QUALITY_PATHS = {
  tests: '/api/examquality/tests',
  myFlags: '/api/examquality/flags/mine',
  report: (testId: string) => `/api/examquality/tests/${testId}/report`,
  csv: (testId: string) => `/api/examquality/tests/${testId}/report.csv`,
  pdf: (testId: string) => `/api/examquality/tests/${testId}/report.pdf`,
} as const;

export const EXAM_QUALITY_MESSAGES = {
  testNotFound: 'Test not found',
  notAModuleTest: 'The quality report covers module tests only',
  toBeforeFrom: 'To must not be before From',
  invalidDay: 'Use a date as YYYY-MM-DD',
} as const;

/** How discrimination is computed, in the words the report prints beside it. */
export const DISCRIMINATION_METHOD = 'Corrected point-biserial (item-rest correlation): each question against the total of the other questions';

const day = z.iso.date({ error: EXAM_QUALITY_MESSAGES.invalidDay });

/** A period of days (the account's time zone) in which sittings were submitted; open at either end when left out. */
export const ExamQualityQuery = z
  .strictObject({
    from: day.optional(),
    to: day.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: EXAM_QUALITY_MESSAGES.toBeforeFrom });
export type ExamQualityQuery = z.infer<typeof ExamQualityQuery>;

/** A module test the caller may read the report of, with its marked sittings so far. */
export const ExamQualityTest = z.object({
  id: z.uuid(),
  title: z.string(),
  testNumber: z.number().int(),
  status: z.enum(['draft', 'published', 'unpublished']),
  programCode: z.string().nullable(),
  moduleCode: z.string().nullable(),
  markedSittings: z.number().int(),
});
export type ExamQualityTest = z.infer<typeof ExamQualityTest>;
export const ExamQualityTestList = z.array(ExamQualityTest);

export const ItemFlag = z.enum(ITEM_FLAGS);

export const ExamQualityOption = z.object({
  optionId: z.uuid(),
  /** A, B, C ... in the test's order. */
  label: z.string(),
  text: z.string(),
  isCorrect: z.boolean(),
  count: z.number().int(),
  /** 0 to 1. */
  share: z.number(),
});

export const ExamQualityItem = z.object({
  questionId: z.uuid(),
  questionNumber: z.number().int(),
  /** "Q-12". */
  questionLabel: z.string(),
  questionType: z.string(),
  /** The question's text without markup, cut at 200 characters. */
  content: z.string(),
  sectionTitle: z.string(),
  maxMarks: z.number(),
  /** Mean share of the question's marks earned, 0 to 1 (three decimals). */
  facility: z.number().nullable(),
  /** Corrected point-biserial, -1 to 1 (three decimals); null when the question or the rest did not vary. */
  discrimination: z.number().nullable(),
  /** Choice questions: each option's choices; empty for others. */
  options: z.array(ExamQualityOption),
  flags: z.array(ItemFlag),
});
export type ExamQualityItem = z.infer<typeof ExamQualityItem>;

export const ExamQualityReport = z.object({
  test: z.object({
    id: z.uuid(),
    title: z.string(),
    testNumber: z.number().int(),
    status: z.enum(['draft', 'published', 'unpublished']),
    programCode: z.string().nullable(),
    programTitle: z.string().nullable(),
    moduleCode: z.string().nullable(),
    moduleTitle: z.string().nullable(),
    totalMarks: z.number(),
    /** The module's pass percentage the pass rate is judged against; null for a test linked to no module (its sittings' recorded results count). */
    passPercentage: z.number().nullable(),
  }),
  period: z.object({ from: z.string().nullable(), to: z.string().nullable(), timeZone: z.string() }),
  generatedOn: z.string(),
  /** Marked sittings (every answer marked) submitted in the period. */
  candidates: z.number().int(),
  /** Fewer than 30 candidates: the figures are shown with a caution. */
  isSmallSample: z.boolean(),
  summary: z.object({
    meanScore: z.number().nullable(),
    meanPercent: z.number().nullable(),
    /** Standard deviation of the total marks (divided by N). */
    standardDeviation: z.number().nullable(),
    lowestPercent: z.number().nullable(),
    highestPercent: z.number().nullable(),
    passed: z.number().int(),
    /** 0 to 1; null with no candidates. */
    passRate: z.number().nullable(),
    reliabilityMethod: z.enum(['KR-20', 'Cronbach alpha']),
    reliability: z.number().nullable(),
    /** SD x sqrt(1 - reliability), in marks. */
    standardErrorOfMeasurement: z.number().nullable(),
  }),
  /** Candidates per 10 % band of the score. */
  distribution: z.array(z.object({ fromPercent: z.number(), toPercent: z.number(), count: z.number().int() })),
  discriminationMethod: z.string(),
  items: z.array(ExamQualityItem),
});
export type ExamQualityReport = z.infer<typeof ExamQualityReport>;

/** One of the caller's questions flagged in a published test (the author's badge in the question bank). */
export const MyQuestionFlag = z.object({
  questionId: z.uuid(),
  questionLabel: z.string(),
  testId: z.uuid(),
  testTitle: z.string(),
  candidates: z.number().int(),
  facility: z.number().nullable(),
  discrimination: z.number().nullable(),
  flags: z.array(ItemFlag),
});
export type MyQuestionFlag = z.infer<typeof MyQuestionFlag>;
export const MyQuestionFlagList = z.array(MyQuestionFlag);

export const MyQuestionFlagsQuery = z.strictObject({ questionId: z.uuid().optional() });
export type MyQuestionFlagsQuery = z.infer<typeof MyQuestionFlagsQuery>;

/** Three decimals for correlations and shares, two for marks and percentages. */
export function round3(value: number | null): number | null {
  return value === null ? null : Math.round(value * 1000) / 1000;
}
export function round2(value: number | null): number | null {
  return value === null ? null : Math.round(value * 100) / 100;
}

/** A, B, ..., Z, then AA. */
export function optionLabel(index: number): string {
  return index < 26 ? String.fromCharCode(65 + index) : `${optionLabel(Math.floor(index / 26) - 1)}${String.fromCharCode(65 + (index % 26))}`;
}
