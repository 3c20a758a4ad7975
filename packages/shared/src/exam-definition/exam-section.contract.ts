import { z } from 'zod';
import { DIFFICULTIES, QUESTION_TYPES } from '../question-bank/question-type';

/** Questions outside any section are shown under this one (spec sections 4 and 9). */
export const DEFAULT_SECTION = { id: 'default', title: 'Questions', order: -1 } as const;

export const SECTION_MESSAGES = {
  titleRequired: 'Section Title is required',
  titleMax: 'Section Title must be at most 150 characters',
  titleTaken: 'This test already has a section with this title',
  titleReserved: `"${DEFAULT_SECTION.title}" is the title of the default section`,
  notFound: 'Section not found',
  marksRequired: 'Marks are required',
  marksMin: 'Marks must be more than 0',
  marksMax: 'Marks must be at most 1000',
  marksDecimals: 'Use at most two decimals',
  questionsRequired: 'Choose at least one question',
  questionNotFound: 'A chosen question no longer exists',
  questionInTest: (label: string) => `${label} is already in this test`,
  entryNotFound: 'This question is not in the test',
  orderMismatch: 'The order must list every question of the section exactly once',
  sectionOrderMismatch: 'The order must list every section of the test exactly once',
} as const;

const sectionTitle = z
  .string({ error: SECTION_MESSAGES.titleRequired })
  .trim()
  .min(1, SECTION_MESSAGES.titleRequired)
  .max(150, SECTION_MESSAGES.titleMax);

export const CreateSectionRequest = z.strictObject({ testId: z.uuid(), title: sectionTitle });
export const UpdateSectionRequest = z.strictObject({ title: sectionTitle });
export type CreateSectionRequest = z.infer<typeof CreateSectionRequest>;

export const ReorderSectionsRequest = z.strictObject({ testId: z.uuid(), ids: z.array(z.uuid()).min(1).max(200) });
export type ReorderSectionsRequest = z.infer<typeof ReorderSectionsRequest>;

/** A section id as the API takes it: a section's id, or `default`. */
export const SectionRef = z.union([z.literal(DEFAULT_SECTION.id), z.uuid()]);

export const Section = z.object({
  id: z.string(),
  title: z.string(),
  order: z.number().int(),
  isDefault: z.boolean(),
  numOfQuestions: z.number().int(),
  marks: z.number(),
});
export type Section = z.infer<typeof Section>;
export const SectionList = z.array(Section);

export const questionMarks = z
  .number({ error: SECTION_MESSAGES.marksRequired })
  .gt(0, SECTION_MESSAGES.marksMin)
  .max(1000, SECTION_MESSAGES.marksMax)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, SECTION_MESSAGES.marksDecimals);

/** `testsectionquestions`: questions added to a section with their marks. */
export const AddSectionQuestionsRequest = z.strictObject({
  testId: z.uuid(),
  sectionId: SectionRef,
  questions: z
    .array(z.strictObject({ questionId: z.uuid(), marks: questionMarks }))
    .min(1, SECTION_MESSAGES.questionsRequired)
    .max(200),
});
export type AddSectionQuestionsRequest = z.infer<typeof AddSectionQuestionsRequest>;

export const UpdateSectionQuestionRequest = z.strictObject({ marks: questionMarks, sectionId: SectionRef });
export type UpdateSectionQuestionRequest = z.infer<typeof UpdateSectionQuestionRequest>;

export const ReorderSectionQuestionsRequest = z.strictObject({
  testId: z.uuid(),
  sectionId: SectionRef,
  ids: z.array(z.uuid()).min(1).max(1000),
});
export type ReorderSectionQuestionsRequest = z.infer<typeof ReorderSectionQuestionsRequest>;

export const SectionQuestion = z.object({
  id: z.string(),
  sectionId: z.string(),
  questionId: z.string(),
  questionNumber: z.number().int(),
  /** The version candidates are given: fixed at publication. */
  version: z.number().int(),
  currentVersion: z.number().int(),
  contentText: z.string(),
  questionType: z.enum(QUESTION_TYPES),
  difficulty: z.enum(DIFFICULTIES),
  marks: z.number(),
  order: z.number().int(),
});
export type SectionQuestion = z.infer<typeof SectionQuestion>;
export const SectionQuestionList = z.array(SectionQuestion);

/**
 * A test as a candidate would receive it: the pinned versions, in section order, without what
 * marks an answer right (no correct flags, and no accepted answers of fill-in-the-blank questions).
 */
export const CandidateExamPreview = z.object({
  title: z.string(),
  instruction: z.string(),
  overallTime: z.number().int(),
  minimumTime: z.number().int(),
  totalTestMarks: z.number(),
  isSectionSplit: z.boolean(),
  canUploadAnswerPaper: z.boolean(),
  sections: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      order: z.number().int(),
      questions: z.array(
        z.object({
          id: z.string(),
          questionType: z.enum(QUESTION_TYPES),
          content: z.string(),
          marks: z.number(),
          canUploadAnswerPaper: z.boolean(),
          options: z.array(z.object({ id: z.string(), option: z.string(), order: z.number().int() })),
        }),
      ),
    }),
  ),
});
export type CandidateExamPreview = z.infer<typeof CandidateExamPreview>;
