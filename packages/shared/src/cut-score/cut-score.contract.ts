import { z } from 'zod';

/**
 * Cut scores of module tests (issue 43, ISO/IEC 17024 9.3): studies with their method and
 * evidence, versioned per test. A modified Angoff study holds its judges and their ratings (the
 * figures are computed, angoff.ts); a study of another method holds its description and the cut
 * score entered. Adopting a draft supersedes the test's adopted study and sets the pass mark of
 * the module the test examines.
 */

export const CUT_SCORE_METHODS = ['modified_angoff', 'other'] as const;
export type CutScoreMethod = (typeof CUT_SCORE_METHODS)[number];
export const CUT_SCORE_METHOD_LABELS: Record<CutScoreMethod, string> = {
  modified_angoff: 'Modified Angoff',
  other: 'Other method',
};

export const CUT_SCORE_STATUSES = ['draft', 'adopted', 'superseded'] as const;
export type CutScoreStatus = (typeof CUT_SCORE_STATUSES)[number];
export const CUT_SCORE_STATUS_LABELS: Record<CutScoreStatus, string> = {
  draft: 'Draft',
  adopted: 'Adopted',
  superseded: 'Superseded',
};

/** An Angoff panel needs a spread to report: two judges at the least (standard-setting practice asks for more). */
export const MIN_ANGOFF_JUDGES = 2;
/** How many missing cells a refusal names before it counts the rest. */
export const MISSING_CELLS_NAMED = 10;

export const CUT_SCORE_MESSAGES = {
  testNotFound: 'Test not found',
  studyNotFound: 'Cut score study not found',
  judgeNotFound: 'Judge not found',
  trialTest: 'Cut scores are set for module tests: a trial test passes or fails no one',
  testDraft: 'Publish the test first: while it is a draft its questions and marks may still change, and the ratings with them',
  methodRequired: 'Choose the method: modified Angoff or another method',
  descriptionMax: 'The description must be at most 5000 characters',
  judgeNameRequired: 'Judge name is required',
  judgeNameMax: 'Judge name must be at most 120 characters',
  expertiseMax: 'Expertise must be at most 500 characters',
  judgeNameTaken: 'A judge of this name is on the panel already',
  ratingRange: 'A rating is a percentage from 0 to 100',
  ratingsRequired: 'Give at least one rating',
  ratingsTooMany: 'At most 5000 ratings at a time',
  ratingUnknownJudge: 'A rating names a judge who is not on this panel',
  ratingUnknownQuestion: 'A rating names a question that is not in this test',
  cutScoreRange: 'The cut score is a percentage above 0 and at most 100',
  angoffOnly: 'Judges and ratings belong to a modified Angoff study',
  angoffComputed: "A modified Angoff study's cut score is computed from the judges' ratings",
  noQuestions: 'The test has no questions to rate',
  tooFewJudges: `A modified Angoff panel needs at least ${MIN_ANGOFF_JUDGES} judges`,
  descriptionRequired: 'Describe the method and the evidence behind the cut score',
  cutScoreRequired: 'Enter the cut score',
} as const;

/** The refusal to change a study that is on record. */
export function studyLockedMessage(version: number, status: CutScoreStatus): string {
  return `Version ${version} is ${CUT_SCORE_STATUS_LABELS[status].toLowerCase()}: what it records cannot change. Start a new version to change the cut score.`;
}

/** The refusal to adopt an incomplete grid, naming the missing cells (the first ten, then how many more). */
export function incompleteGridMessage(cells: readonly { judgeName: string; questionLabel: string }[]): string {
  const named = cells.slice(0, MISSING_CELLS_NAMED).map((cell) => `${cell.judgeName} on ${cell.questionLabel}`);
  const more = cells.length - named.length;
  const count = `${cells.length} rating${cells.length === 1 ? ' is' : 's are'} missing`;
  return `The rating grid is incomplete: ${count} (${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}).`;
}

/** Adopting sets the module's pass mark, so it needs the right to edit the program. */
export function passMarkNotEditableMessage(moduleCode: string, programCode: string): string {
  return `Adopting this cut score sets the pass mark of module ${moduleCode}, and you may not edit program ${programCode} (its management and the Programs menu are needed).`;
}

export function programArchivedMessage(programCode: string): string {
  return `Program ${programCode} is archived: the pass marks of its modules do not change. Restore it to adopt a new cut score.`;
}

export const CutScoreMethodSchema = z.enum(CUT_SCORE_METHODS, { error: CUT_SCORE_MESSAGES.methodRequired });
const description = z.string().trim().max(5000, CUT_SCORE_MESSAGES.descriptionMax);
const cutScorePercent = z.number({ error: CUT_SCORE_MESSAGES.cutScoreRange }).gt(0, CUT_SCORE_MESSAGES.cutScoreRange).max(100, CUT_SCORE_MESSAGES.cutScoreRange);

export const CreateCutScoreStudyRequest = z.strictObject({
  method: CutScoreMethodSchema,
  description: description.default(''),
});
export type CreateCutScoreStudyRequest = z.infer<typeof CreateCutScoreStudyRequest>;

/** A draft's description, and for another method its cut score (null: not decided yet). */
export const UpdateCutScoreStudyRequest = z.strictObject({
  description,
  cutScorePercent: cutScorePercent.nullable().optional(),
});
export type UpdateCutScoreStudyRequest = z.infer<typeof UpdateCutScoreStudyRequest>;

export const CutScoreJudgeRequest = z.strictObject({
  name: z.string({ error: CUT_SCORE_MESSAGES.judgeNameRequired }).trim().min(1, CUT_SCORE_MESSAGES.judgeNameRequired).max(120, CUT_SCORE_MESSAGES.judgeNameMax),
  /** Why the judge is a subject-matter expert. */
  expertise: z.string().trim().max(500, CUT_SCORE_MESSAGES.expertiseMax).default(''),
});
export type CutScoreJudgeRequest = z.infer<typeof CutScoreJudgeRequest>;

export const RatingValue = z.number({ error: CUT_SCORE_MESSAGES.ratingRange }).min(0, CUT_SCORE_MESSAGES.ratingRange).max(100, CUT_SCORE_MESSAGES.ratingRange);

/** Cells of the grid to set; a null rating clears its cell. */
export const SaveCutScoreRatingsRequest = z.strictObject({
  ratings: z
    .array(z.strictObject({ judgeId: z.uuid(), questionId: z.uuid(), rating: RatingValue.nullable() }), { error: CUT_SCORE_MESSAGES.ratingsRequired })
    .min(1, CUT_SCORE_MESSAGES.ratingsRequired)
    .max(5000, CUT_SCORE_MESSAGES.ratingsTooMany),
});
export type SaveCutScoreRatingsRequest = z.infer<typeof SaveCutScoreRatingsRequest>;

export const CutScoreQuestion = z.object({
  questionId: z.string(),
  questionNumber: z.number(),
  /** The start of the question's text as candidates get it (its pinned version). */
  text: z.string(),
  sectionTitle: z.string(),
  marks: z.number(),
});
export type CutScoreQuestion = z.infer<typeof CutScoreQuestion>;

export const CutScoreModule = z.object({
  id: z.string(),
  programId: z.string(),
  programCode: z.string(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  /** The pass mark that marks candidates today (program_modules.pass_percentage). */
  passPercentage: z.number(),
});
export type CutScoreModule = z.infer<typeof CutScoreModule>;

export const CutScoreTest = z.object({
  id: z.string(),
  title: z.string(),
  testNumber: z.number(),
  testType: z.enum(['trial', 'module']),
  status: z.string(),
  module: CutScoreModule.nullable(),
  /** Sum of the questions' marks: what the cut score is a percentage of. */
  totalMarks: z.number(),
  /** The questions judges rate: the test's own (a test's questions are fixed, none is drawn at random). */
  questions: z.array(CutScoreQuestion),
  /** The caller may start, edit and adopt studies (the program's manager, an administrator). */
  canEdit: z.boolean(),
  /** Adoption can set the module's pass mark (a linked module, a program the caller may edit). */
  canSetPassMark: z.boolean(),
});
export type CutScoreTest = z.infer<typeof CutScoreTest>;

export const CutScoreStudySummary = z.object({
  id: z.string(),
  testId: z.string(),
  version: z.number(),
  method: CutScoreMethodSchema,
  status: z.enum(CUT_SCORE_STATUSES),
  description: z.string(),
  cutScorePercent: z.number().nullable(),
  spreadPercent: z.number().nullable(),
  judgeCount: z.number(),
  createdOn: z.string(),
  createdBy: z.string(),
  adoptedOn: z.string().nullable(),
  adoptedBy: z.string().nullable(),
  /** The module's pass mark the adoption replaced (null: not adopted, or the test examined no module). */
  previousPassPercent: z.number().nullable().default(null),
});
export type CutScoreStudySummary = z.infer<typeof CutScoreStudySummary>;

export const CutScoreOverview = z.object({
  test: CutScoreTest,
  studies: z.array(CutScoreStudySummary),
});
export type CutScoreOverview = z.infer<typeof CutScoreOverview>;

export const CutScoreJudge = z.object({
  id: z.string(),
  name: z.string(),
  expertise: z.string(),
  /** Null until the judge has rated every question. */
  cutScorePercent: z.number().nullable(),
  ratedCount: z.number(),
});
export type CutScoreJudge = z.infer<typeof CutScoreJudge>;

export const CutScoreRating = z.object({ judgeId: z.string(), questionId: z.string(), rating: z.number() });
export type CutScoreRating = z.infer<typeof CutScoreRating>;

export const CutScoreFigures = z.object({
  cutScorePercent: z.number().nullable(),
  cutScoreMarks: z.number().nullable(),
  spreadPercent: z.number().nullable(),
  standardErrorPercent: z.number().nullable(),
  judgesCounted: z.number(),
  totalMarks: z.number(),
  missingCount: z.number(),
  isComplete: z.boolean(),
});
export type CutScoreFigures = z.infer<typeof CutScoreFigures>;

export const CutScoreStudy = CutScoreStudySummary.extend({
  test: CutScoreTest,
  judges: z.array(CutScoreJudge),
  ratings: z.array(CutScoreRating),
  /** Computed from the grid now (Angoff); for another method, the cut score entered. */
  figures: CutScoreFigures,
});
export type CutScoreStudy = z.infer<typeof CutScoreStudy>;

export const AdoptCutScoreResponse = z.object({
  study: CutScoreStudy,
  /** The version this adoption superseded, if one was adopted. */
  supersededVersion: z.number().nullable(),
  /** The module's pass mark before and after; null when the test examines no module. */
  passMark: z.object({ moduleCode: z.string(), moduleTitle: z.string(), before: z.number(), after: z.number() }).nullable(),
});
export type AdoptCutScoreResponse = z.infer<typeof AdoptCutScoreResponse>;
