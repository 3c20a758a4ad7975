import { z } from 'zod';
import { Applicant } from '../applicant/applicant.contract';
import { pagedResponse, pagingShape } from '../common/paging';
import { Application } from './application.contract';
import { APPLICATION_STATUSES } from './application-status';
import { WORKFLOW_STAGES } from './application-workflow';
import { overrideField } from '../impartiality/assignment-check.contract';

/** Messages of the staff stages (spec section 5, Assessment, and what an awarding body's screens say). */
export const STAGE_MESSAGES = {
  notFound: 'Application not found',
  selectOne: 'Please select one option',
  assessmentReportRequired: 'Assessment report is required',
  assessmentReportMax: 'Assessment report must be at most 8000 characters',
  messageRequired: 'Please write the message to the applicant',
  messageMax: 'The message must be at most 4000 characters',
  reviewRequired: 'Assessor review is required',
  reviewMax: 'Assessor review must be at most 8000 characters',
  assessorRequired: 'Please choose an assessor',
  notAnAssessor: 'This user is not an active assessor of the program',
  notAssignedAssessor: 'Only the assigned assessor or an administrator can review this application',
  reviewSubmitted: 'The assessor review has been submitted and can no longer be changed',
  reviewNotSubmitted: 'The assessor has not submitted their review yet',
  assessmentSubmitted: 'The assessment has been submitted and can no longer be changed',
  unmetCriterion: 'An application with an unmet criterion cannot be accepted',
  moved: 'Someone else has moved this application on; reload it to see where it is now',
  notAllowed: (status: string, what: string) => `An application that is ${status} cannot be ${what}`,
  fileNoteRequired: 'File note is required',
  fileNoteMax: 'A file note must be at most 4000 characters',
} as const;

/** Yes / No / N/A answers of each acceptance criterion. */
export const CRITERION_ANSWERS = ['Yes', 'No', 'N/A'] as const;
export type CriterionAnswer = (typeof CRITERION_ANSWERS)[number];

/** Criteria every application is assessed against, before the program's own requirements. */
export const GENERAL_CRITERIA = [
  { criterion: 'identity', label: "The applicant's identity is confirmed" },
  { criterion: 'evidence', label: 'The evidence is authentic, current and sufficient' },
  { criterion: 'declaration', label: 'The declaration is accepted and the application is complete' },
] as const;

export const AssessmentCriterion = z.object({ criterion: z.string(), label: z.string() });
export type AssessmentCriterion = z.infer<typeof AssessmentCriterion>;

/** The acceptance criteria of one application: the general ones, then one per program requirement. */
export function assessmentCriteriaOf(requirements: readonly { requirementId: string; requirementCode: string; requirementDescription: string }[]): AssessmentCriterion[] {
  return [
    ...GENERAL_CRITERIA.map((c) => ({ criterion: c.criterion, label: c.label })),
    ...requirements.map((r) => ({ criterion: `requirement:${r.requirementId}`, label: `${r.requirementCode}: ${r.requirementDescription}` })),
  ];
}

/** The outcomes of an assessment (spec issue: accept into examinations, request more information, reject). */
export const ASSESSMENT_OUTCOMES = ['accept', 'moreInformation', 'reject'] as const;
export type AssessmentOutcome = (typeof ASSESSMENT_OUTCOMES)[number];
export const ASSESSMENT_OUTCOME_LABELS: Record<AssessmentOutcome, string> = {
  accept: 'Accept into examinations',
  moreInformation: 'Request more information',
  reject: 'Reject',
};

/** The assessor's recommendation to the assessment. */
export const ASSESSOR_RECOMMENDATIONS = ['accept', 'moreInformation', 'reject'] as const;
export type AssessorRecommendation = (typeof ASSESSOR_RECOMMENDATIONS)[number];

// ---- Queue ----------------------------------------------------------------------------------

export const QUEUE_ORDER_BY = ['applicationNumber', 'applicationDate', 'status'] as const;

/**
 * The staff queue of one type (`{type}/pagination`), shaped like the spec's renewal lists: page
 * size 10, page 1, ordering by applicationNumber, ascending false by default. With `programId` one
 * program's applications; without it those of every program the caller may see.
 */
export const ApplicationQueueQuery = z.strictObject({
  ...pagingShape,
  programId: z.uuid({ error: 'Program not found' }).optional(),
  status: z.enum(APPLICATION_STATUSES).optional(),
  stage: z.enum(WORKFLOW_STAGES).optional(),
  searchTerm: z.string().max(200).optional(),
  orderBy: z.enum(QUEUE_ORDER_BY).default('applicationNumber'),
  ascending: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type ApplicationQueueQuery = z.input<typeof ApplicationQueueQuery>;

/** The spec's applications columns, and who applied. */
export const ApplicationQueueRow = z.object({
  id: z.string(),
  applicationNumber: z.string(),
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  programType: z.number().int(),
  applicationDate: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  workflowStage: z.enum(WORKFLOW_STAGES).nullable(),
  applicantName: z.string(),
  applicantEmail: z.string(),
  assessorName: z.string().nullable(),
});
export type ApplicationQueueRow = z.infer<typeof ApplicationQueueRow>;
export const ApplicationQueuePage = pagedResponse(ApplicationQueueRow);
export type ApplicationQueuePage = z.infer<typeof ApplicationQueuePage>;

// ---- The staff's application page ---------------------------------------------------------

export const ApplicationHistoryEntry = z.object({
  id: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  /** The exam workflow stage before and after, when the move changed it. */
  fromStage: z.string().nullable(),
  toStage: z.string().nullable(),
  note: z.string(),
  changedOn: z.string(),
  changedBy: z.string(),
});
export type ApplicationHistoryEntry = z.infer<typeof ApplicationHistoryEntry>;

export const AssessorReview = z.object({
  round: z.number().int(),
  assessorId: z.string(),
  assessorName: z.string(),
  /** Who last saved or submitted it: an administrator may act for the assessor (issue 45 item 8). */
  savedByName: z.string(),
  review: z.string(),
  recommendation: z.enum(ASSESSOR_RECOMMENDATIONS).nullable(),
  modifiedOn: z.string(),
  submittedOn: z.string().nullable(),
});
export type AssessorReview = z.infer<typeof AssessorReview>;

export const CriterionSelection = z.strictObject({
  criterion: z.string().min(1).max(64),
  answer: z.enum(CRITERION_ANSWERS, { error: STAGE_MESSAGES.selectOne }),
});

export const Assessment = z.object({
  round: z.number().int(),
  assessmentReport: z.string(),
  selections: z.array(z.object({ criterion: z.string(), answer: z.enum(CRITERION_ANSWERS) })),
  outcome: z.enum(ASSESSMENT_OUTCOMES).nullable(),
  messageToApplicant: z.string(),
  modifiedOn: z.string(),
  submittedOn: z.string().nullable(),
  submittedBy: z.string().nullable(),
});
export type Assessment = z.infer<typeof Assessment>;

export const StagePermissions = z.object({
  /** Administrators and the program's manager: assign assessors and decide the assessment. */
  canManage: z.boolean(),
  /** The assigned assessor, or an administrator, while the application is being assessed. */
  canReview: z.boolean(),
  canAddFileNote: z.boolean(),
});
export type StagePermissions = z.infer<typeof StagePermissions>;

/** Everything the staff's application page shows (`{type}/{id}/details`). */
export const StaffApplicationDetails = z.object({
  application: Application,
  applicant: Applicant,
  workflowStage: z.enum(WORKFLOW_STAGES).nullable(),
  assessmentRound: z.number().int(),
  assessor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** The program's assessor instruction (Certification and AICIP settings); null for other types. */
  assessorInstruction: z.string().nullable(),
  assessorReview: AssessorReview.nullable(),
  assessment: Assessment.nullable(),
  criteria: z.array(AssessmentCriterion),
  history: z.array(ApplicationHistoryEntry),
  permissions: StagePermissions,
});
export type StaffApplicationDetails = z.infer<typeof StaffApplicationDetails>;

// ---- Moves ----------------------------------------------------------------------------------

/** `assessmentRound` is the round the caller saw: a handover someone else made meanwhile answers 409. */
export const AssignAssessorRequest = z.strictObject({
  assessorId: z.uuid({ error: STAGE_MESSAGES.assessorRequired }),
  assessmentRound: z.number().int().min(0),
  note: z.string().trim().max(1000).default(''),
  /** A manager's override of an impartiality refusal, with the reason (issue 43). */
  override: overrideField,
});
export type AssignAssessorRequest = z.input<typeof AssignAssessorRequest>;

/** Saving keeps an incomplete review; submitting checks it with `AssessorSubmitRequest`. */
export const AssessorSaveRequest = z.strictObject({
  review: z.string().max(8000, STAGE_MESSAGES.reviewMax).default(''),
  recommendation: z.enum(ASSESSOR_RECOMMENDATIONS, { error: STAGE_MESSAGES.selectOne }).nullable().default(null),
});
export type AssessorSaveRequest = z.input<typeof AssessorSaveRequest>;

export const AssessorSubmitRequest = z.strictObject({
  review: z.string().trim().min(1, STAGE_MESSAGES.reviewRequired).max(8000, STAGE_MESSAGES.reviewMax),
  recommendation: z.enum(ASSESSOR_RECOMMENDATIONS, { error: STAGE_MESSAGES.selectOne }),
});
export type AssessorSubmitRequest = z.input<typeof AssessorSubmitRequest>;

export const AssessmentSaveRequest = z.strictObject({
  assessmentReport: z.string().max(8000, STAGE_MESSAGES.assessmentReportMax).default(''),
  selections: z.array(CriterionSelection).max(120).default([]),
  outcome: z.enum(ASSESSMENT_OUTCOMES, { error: STAGE_MESSAGES.selectOne }).nullable().default(null),
  messageToApplicant: z.string().max(4000, STAGE_MESSAGES.messageMax).default(''),
});
export type AssessmentSaveRequest = z.input<typeof AssessmentSaveRequest>;

/**
 * Submitting an assessment: the report is mandatory, every criterion of the application answered
 * ("Please select one option", at `selections.<criterion>`), an outcome chosen; asking for more
 * information or rejecting needs a message to the applicant; accepting needs no criterion answered No.
 */
export function assessmentSubmitErrors(input: z.output<typeof AssessmentSaveRequest>, criteria: readonly AssessmentCriterion[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!input.assessmentReport.trim()) errors.assessmentReport = STAGE_MESSAGES.assessmentReportRequired;
  const answers = new Map(input.selections.map((s) => [s.criterion, s.answer]));
  for (const { criterion } of criteria) {
    if (!answers.has(criterion)) errors[`selections.${criterion}`] = STAGE_MESSAGES.selectOne;
  }
  if (!input.outcome) errors.outcome = STAGE_MESSAGES.selectOne;
  if ((input.outcome === 'moreInformation' || input.outcome === 'reject') && !input.messageToApplicant.trim()) errors.messageToApplicant = STAGE_MESSAGES.messageRequired;
  if (input.outcome === 'accept' && criteria.some(({ criterion }) => answers.get(criterion) === 'No')) errors.outcome = STAGE_MESSAGES.unmetCriterion;
  return errors;
}

/** Selections for criteria the application does not have are dropped rather than stored. */
export function knownSelections<T extends { criterion: string }>(selections: readonly T[], criteria: readonly AssessmentCriterion[]): T[] {
  const known = new Set(criteria.map((c) => c.criterion));
  const seen = new Set<string>();
  return selections.filter((s) => known.has(s.criterion) && !seen.has(s.criterion) && seen.add(s.criterion));
}

// ---- File notes -------------------------------------------------------------------------------

export const FileNoteRequest = z.strictObject({
  note: z.string({ error: STAGE_MESSAGES.fileNoteRequired }).trim().min(1, STAGE_MESSAGES.fileNoteRequired).max(4000, STAGE_MESSAGES.fileNoteMax),
});
export type FileNoteRequest = z.input<typeof FileNoteRequest>;

export const FileNote = z.object({ id: z.string(), note: z.string(), createdOn: z.string(), createdBy: z.string() });
export type FileNote = z.infer<typeof FileNote>;
export const FileNoteList = z.array(FileNote);
