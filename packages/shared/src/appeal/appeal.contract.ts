import { z } from 'zod';
import { Attachment } from '../attachment/attachment.contract';
import { AwardDateRange, awardedOnField } from '../award/award-date';
import { CASE_OUTCOMES, CASE_STATUSES, CASE_TEXT_MAX, CaseEntry, CaseNoteRequest } from '../case/case.contract';
import { formatDate } from '../common/dates';
import { pagedResponse, pagingShape } from '../common/paging';
import { ReviewableModule } from '../review/review.contract';

/**
 * Appeals against a decision (issue 43, ISO/IEC 17024 9.8) for all four program types: a result,
 * an assessment that refused the application, a refused renewal, an award put on hold or
 * cancelled. The person lodges within the program's window (`review_window_days` from the
 * decision's day, in the awarding body's zone), gets a reference (APL-YYYY-NNNNN) and an
 * acknowledgement; staff assign a handler who took no part in the application, record the
 * investigation and decide (upheld, partly upheld, dismissed) with reasons. An upheld appeal's
 * change (a result corrected, an award reinstated) is linked to the history row that records it;
 * a partly upheld appeal of a result with modules passes the modules named (the result stays Failed).
 * Statuses, outcomes, targets and entries are the case contract's (shared with complaints).
 * Today's reviews of a failed result are appeals of a result (`reviewId`): both routes work.
 */
export const APPEAL_SUBJECTS = ['result', 'assessment', 'renewal_refusal', 'award_hold', 'award_cancellation'] as const;
export type AppealSubject = (typeof APPEAL_SUBJECTS)[number];
export const APPEAL_SUBJECT_LABELS: Record<AppealSubject, string> = {
  result: 'A failed result',
  assessment: 'An assessment that refused the application',
  renewal_refusal: 'A refused renewal',
  award_hold: 'An award put on hold',
  award_cancellation: 'A cancelled award',
};
/** The register's short words for the subject column. */
export const APPEAL_SUBJECT_SHORT: Record<AppealSubject, string> = {
  result: 'Result',
  assessment: 'Assessment',
  renewal_refusal: 'Renewal refused',
  award_hold: 'Award on hold',
  award_cancellation: 'Award cancelled',
};

export const APPEAL_CHANGE_KINDS = ['result_corrected', 'award_reinstated', 'renewal_reopened', 'other'] as const;
export type AppealChangeKind = (typeof APPEAL_CHANGE_KINDS)[number];
export const APPEAL_CHANGE_LABELS: Record<AppealChangeKind, string> = {
  result_corrected: 'Result corrected',
  award_reinstated: 'Award reinstated',
  renewal_reopened: 'Renewal reopened',
  other: 'Other change',
};

/** The roles an involvement names ("they were its examiner"), in the order a refusal names the first. */
export const INVOLVEMENT_ROLES = ['assessor', 'examiner', 'invigilator', 'decision maker'] as const;
export type InvolvementRole = (typeof INVOLVEMENT_ROLES)[number];

export const APPEAL_GROUNDS_MAX = 2000;
export const APPEAL_FILES_MAX = 10;
export const APPEAL_CHANGE_MAX = 1000;

export const APPEAL_MESSAGES = {
  notFound: 'Appeal not found',
  applicationNotFound: 'Application not found',
  subjectRequired: 'Choose the decision you are appealing',
  groundsRequired: 'Grounds are required',
  groundsMax: `Grounds must be at most ${APPEAL_GROUNDS_MAX} characters`,
  tooManyFiles: `At most ${APPEAL_FILES_MAX} files may be attached`,
  fileNotFound: 'One of the files was not found among your uploads',
  windowClosed: (day: string) => `The appeal window closed on ${day}`,
  noDecision: {
    result: 'There is no failed result to appeal',
    assessment: 'There is no refused assessment to appeal',
    renewal_refusal: 'There is no refused renewal to appeal',
    award_hold: 'The award is not on hold',
    award_cancellation: 'The award is not cancelled',
  } satisfies Record<AppealSubject, string>,
  resultNotAppealable: 'No failed module of this result allows an appeal',
  programDoesNotAllow: "This program's results cannot be appealed",
  alreadyOpen: 'An appeal of this decision is already open',
  alreadyAppealed: 'This decision has already been appealed',
  referenceInvalid: 'Enter the reference from your acknowledgement mail, for example APL-2026-00012',
  handlerRequired: 'Choose the handler',
  notOpen: 'This appeal is no longer open',
  statusNotAllowed: (from: string, to: string) => `An appeal that is ${from} cannot be moved to ${to}`,
  resultNotWithdrawn: 'An appeal of a result is closed by deciding it',
  deciderNotAllowed: "Only the appeal's handler or the program's managers can decide it",
  deciderInvolved: (role: string) => `You cannot decide this appeal: you were involved in what is appealed as its ${role}`,
  modulesRequired: 'Choose the modules whose result the appeal changes',
  partlyUpheldModulesRequired: 'A partly upheld appeal of a result passes at least one module: choose the modules that now pass',
  moduleNotAppealable: 'Only the failed modules of this application that allow an appeal can pass on appeal',
  partlyUpheldPassesAll: 'Partly upheld leaves at least one module not passed: to pass them all, uphold the appeal',
  descriptionRequired: 'Describe the change the outcome makes',
  descriptionMax: `The description must be at most ${APPEAL_CHANGE_MAX} characters`,
  awardedOnOnlyUpheld: 'An award date is given only when the appeal is upheld',
  awardNotHeld: 'The award is no longer on hold or cancelled: there is nothing to reinstate',
} as const;

/** The web's pages of appeals: the person's (by reference) and staff's register and appeal page. */
import { APPEAL_PAGES } from './appeal-pages';

export { APPEAL_PAGES };
export const applicantAppealPath = (reference: string) => `${APPEAL_PAGES.applicant}/${encodeURIComponent(reference)}`;
export const staffAppealPath = (id: string) => `${APPEAL_PAGES.staff}/${encodeURIComponent(id)}`;

/** The reference as people type it, read forgivingly (case, spaces). */
export const APPEAL_REFERENCE_PATTERN = /^APL-\d{4}-\d{5,}$/;
export function normaliseAppealReference(text: string): string {
  return text.trim().toUpperCase().replace(/\s+/g, '');
}

/** "The appeal window closed on 03-Mar-2027": the day in the spec's display format. */
export function appealWindowClosedMessage(closesOn: string): string {
  return APPEAL_MESSAGES.windowClosed(dayText(closesOn));
}

/** A YYYY-MM-DD day as the spec shows dates (DD-MMM-YYYY), the same day in every zone. */
export function dayText(day: string): string {
  return formatDate(`${day}T12:00:00Z`, 'day', 'UTC');
}

// ---- Requests ------------------------------------------------------------------------------------

export const LodgeAppealRequest = z.strictObject({
  applicationId: z.uuid(APPEAL_MESSAGES.applicationNotFound),
  subject: z.enum(APPEAL_SUBJECTS, { error: APPEAL_MESSAGES.subjectRequired }),
  grounds: z.string({ error: APPEAL_MESSAGES.groundsRequired }).trim().min(1, APPEAL_MESSAGES.groundsRequired).max(APPEAL_GROUNDS_MAX, APPEAL_MESSAGES.groundsMax),
  attachmentIds: z.array(z.uuid(APPEAL_MESSAGES.fileNotFound)).max(APPEAL_FILES_MAX, APPEAL_MESSAGES.tooManyFiles).default([]),
});
export type LodgeAppealRequest = z.input<typeof LodgeAppealRequest>;

export const AppealOptionsQuery = z.strictObject({ applicationId: z.uuid(APPEAL_MESSAGES.applicationNotFound) });

export const MyAppealsQuery = z.strictObject({ ...pagingShape, applicationId: z.uuid(APPEAL_MESSAGES.applicationNotFound).optional() });

const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');

export const AppealRegisterQuery = z.strictObject({
  ...pagingShape,
  status: z.enum(CASE_STATUSES).optional(),
  subject: z.enum(APPEAL_SUBJECTS).optional(),
  programId: z.uuid().optional(),
  handlerId: z.uuid().optional(),
  applicationId: z.uuid().optional(),
  overdue: booleanText.optional(),
  /** The reference, the application number or the person's name; sent only when non-blank. */
  search: z.string().trim().max(200).optional(),
});
export type AppealRegisterQuery = z.input<typeof AppealRegisterQuery>;

export const AssignHandlerRequest = z.strictObject({
  handlerId: z.uuid(APPEAL_MESSAGES.handlerRequired),
  /** A manager's reason to assign despite a declared conflict (the impartiality check's override); never past an involvement. */
  overrideReason: z.string().trim().min(1).max(1000).optional(),
});
export type AssignHandlerRequest = z.input<typeof AssignHandlerRequest>;

export const APPEAL_STATUS_MOVES = ['investigating', 'withdrawn'] as const;
export const AppealStatusRequest = z.strictObject({
  status: z.enum(APPEAL_STATUS_MOVES),
  /** Why, for the record (a withdrawal: the person's words). */
  note: z.string().trim().max(CASE_TEXT_MAX).optional(),
});
export type AppealStatusRequest = z.input<typeof AppealStatusRequest>;

export const AppealDecisionRequest = z
  .strictObject({
    outcome: z.enum(CASE_OUTCOMES, { error: 'Outcome is required' }),
    reasons: z.string({ error: 'Reasons are required' }).trim().min(1, 'Reasons are required').max(CASE_TEXT_MAX, `Text must be at most ${CASE_TEXT_MAX} characters`),
    /**
     * An upheld or partly upheld appeal of a result with modules: the application modules whose
     * result becomes Pass (partly upheld: at least one, and not all that are not passed).
     */
    moduleIds: z.array(z.uuid(APPEAL_MESSAGES.modulesRequired)).max(50).default([]),
    /** An upheld appeal of a result: the day the body decided the award; absent means today in the body's zone. */
    awardedOn: awardedOnField,
    /** What the outcome changes where the platform makes no change itself (an assessment, a renewal), or besides the modules passed when partly upheld. */
    changeDescription: z.string().trim().max(APPEAL_CHANGE_MAX, APPEAL_MESSAGES.descriptionMax).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.awardedOn && value.outcome !== 'upheld') ctx.addIssue({ code: 'custom', path: ['awardedOn'], message: APPEAL_MESSAGES.awardedOnOnlyUpheld });
  });
export type AppealDecisionRequest = z.input<typeof AppealDecisionRequest>;

// ---- Answers -------------------------------------------------------------------------------------

export const AppealChange = z.object({
  kind: z.enum(APPEAL_CHANGE_KINDS),
  description: z.string(),
  applicationId: z.string().nullable(),
  awardId: z.string().nullable(),
  /** The application's or the award's history row that records the change. */
  historyId: z.string().nullable(),
});
export type AppealChange = z.infer<typeof AppealChange>;

/** One decision of an application the person may appeal (or why not now). */
export const AppealableDecision = z.object({
  subject: z.enum(APPEAL_SUBJECTS),
  label: z.string(),
  decidedOn: z.string(),
  windowClosesOn: z.string(),
  /** Null when it may be appealed now; otherwise why not, in words. */
  cannotAppealBecause: z.string().nullable(),
  awardId: z.string().nullable(),
});
export type AppealableDecision = z.infer<typeof AppealableDecision>;
export const AppealOptions = z.object({ applicationId: z.string(), decisions: z.array(AppealableDecision) });
export type AppealOptions = z.infer<typeof AppealOptions>;

/** A row of the register (staff) and of the person's own list (no staff names). */
export const AppealRow = z.object({
  id: z.string(),
  reference: z.string(),
  subject: z.enum(APPEAL_SUBJECTS),
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  applicationId: z.string().nullable(),
  applicationNumber: z.string().nullable(),
  appellantName: z.string(),
  status: z.enum(CASE_STATUSES),
  outcome: z.enum(CASE_OUTCOMES).nullable(),
  handlerName: z.string().nullable(),
  receivedOn: z.string(),
  decideBy: z.string(),
  decidedOn: z.string().nullable(),
  /** Days since receipt (to the decision, once decided). */
  ageDays: z.number().int(),
  overdue: z.boolean(),
});
export type AppealRow = z.infer<typeof AppealRow>;
export const AppealPage = pagedResponse(AppealRow);
export type AppealPage = z.infer<typeof AppealPage>;

/** What staff may do on the appeal page, and what the decision form needs. */
export const AppealStaffView = z.object({
  appellantEmail: z.string(),
  canAssign: z.boolean(),
  /** Take the appeal oneself (staff of the program, not involved). */
  canTakeIt: z.boolean(),
  canRecord: z.boolean(),
  canDecide: z.boolean(),
  /** Why the caller may not decide (involved, not the handler or a manager, no handler yet); null when they may or it is decided. */
  cannotDecideBecause: z.string().nullable(),
  /** Why the caller may not take it (their involvement); null otherwise. */
  cannotTakeBecause: z.string().nullable(),
  /** A result with modules: the failed modules an upheld or partly upheld appeal may pass. */
  modules: z.array(ReviewableModule),
  /** Upheld and partly upheld need modules named (a result with modules). */
  needsModules: z.boolean(),
  /** Upheld needs a description of the change (the platform makes none itself). */
  needsDescription: z.boolean(),
  awardDateRange: AwardDateRange.nullable(),
  /** Where the application opens on the staff side (its type's path word), when there is one. */
  applicationTypePath: z.string().nullable(),
});
export type AppealStaffView = z.infer<typeof AppealStaffView>;

export const Appeal = AppealRow.extend({
  grounds: z.string(),
  files: z.array(Attachment),
  awardId: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  reviewId: z.string().nullable(),
  applicationTypePath: z.string().nullable(),
  acknowledgedOn: z.string().nullable(),
  acknowledgeBy: z.string(),
  outcomeReasons: z.string().nullable(),
  /** Staff's name for staff; null for the person. */
  decidedBy: z.string().nullable(),
  handlerId: z.string().nullable(),
  changes: z.array(AppealChange),
  /** Staff: every entry; the person: the entries shared with them. */
  entries: z.array(CaseEntry),
  /** Null for the person. */
  staff: AppealStaffView.nullable(),
});
export type Appeal = z.infer<typeof Appeal>;

export const HandlerCandidate = z.object({ id: z.string(), name: z.string(), email: z.string(), involvedAs: z.string().nullable() });
export type HandlerCandidate = z.infer<typeof HandlerCandidate>;
export const HandlerCandidates = z.object({ rows: z.array(HandlerCandidate) });
export type HandlerCandidates = z.infer<typeof HandlerCandidates>;

/** A note of the investigation (the case contract's, unknown fields refused). */
export const AppealNoteRequest = z.strictObject(CaseNoteRequest.shape);
export type AppealNoteRequest = z.input<typeof AppealNoteRequest>;
