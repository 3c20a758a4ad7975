import { APPLICATION_STATUSES, type ApplicationStatus, type ApplicationTypePath } from './application-status';

/**
 * The exam workflow stages of spec section 4. They are a separate field beside the status: an
 * application in Examinations Stage (or re-sitting) moves through them in this order.
 */
export const WORKFLOW_STAGES = [
  'preExamination Completed',
  'Payment Stage Requested',
  'Payment Stage Completed',
  'Exam Initialization Completed',
  'Exam Modules Sent',
  'Exam Modules Evaluation Completed',
] as const;
export type WorkflowStage = (typeof WORKFLOW_STAGES)[number];

/** Who makes a move: the applicant, staff on the application page, or the platform itself (payments, jobs). */
export type TransitionActor = 'applicant' | 'staff' | 'system';

export const APPLICATION_ACTIONS = [
  'submit',
  'assignAssessor',
  'requestInformation',
  'acceptAssessment',
  'rejectAssessment',
  'startExaminations',
  'award',
  'failExaminations',
  'applyForResit',
  'resitPassed',
  'resitFailed',
  'applyForReview',
  'reviewUpheld',
  'reviewRefused',
  'holdAward',
  'releaseAward',
  'cancelAward',
  'withdrawAward',
  'applyForRenewal',
  'renew',
  'refuseRenewal',
  'applyForRevalidation',
  'revalidate',
  'refuseRevalidation',
  'reinstateAward',
] as const;
export type ApplicationAction = (typeof APPLICATION_ACTIONS)[number];

export interface ApplicationTransition {
  from: ApplicationStatus;
  to: ApplicationStatus;
  by: TransitionActor;
  /** Only these application types take the move; every type when absent. */
  types?: readonly ApplicationTypePath[];
  /** The workflow stage the application must be in (examination moves); any when absent. */
  stage?: WorkflowStage;
  /** Another required stage for some types (Certification has no modules to examine). */
  stageFor?: Partial<Record<ApplicationTypePath, WorkflowStage>>;
  /** What the move means to an awarding body, for the history and the documentation. */
  meaning: string;
}

/**
 * Certification programs have no modules: once the invoice is paid there is nothing to schedule,
 * and staff decide the result on the assessment (portfolio, referees, interview).
 */
const NO_MODULE_RESULT_STAGES: Partial<Record<ApplicationTypePath, WorkflowStage>> = { certificationapplication: 'Payment Stage Completed' };

/** The stage at which the overall result of this type of application is recorded. */
export function resultStageOf(type: ApplicationTypePath): WorkflowStage {
  return NO_MODULE_RESULT_STAGES[type] ?? 'Exam Modules Evaluation Completed';
}

const RENEWABLE: readonly ApplicationTypePath[] = ['certificationapplication', 'aicipapplication'];
const REVALIDATED: readonly ApplicationTypePath[] = ['welderqualificationapplication'];

/**
 * Every move an application may make (spec section 4 lists the statuses but not the moves; these
 * are the ones an awarding body allows). A move not in this table is refused with 409.
 *
 * Application Started -> Application Submitted: the applicant submits (again, after a request for information).
 * Application Submitted -> Being Assessed: staff assign an assessor (a program user with the assessor role).
 * Being Assessed -> Being Assessed: staff hand the application to another assessor (a new round).
 * Being Assessed -> Application Started: the assessment asks for more information; the applicant edits and resubmits.
 * Being Assessed -> Assessment Completed: accepted into examinations.
 * Being Assessed -> Failed: rejected at assessment.
 * Assessment Completed -> Examinations Stage: the pre-exam stage issues the invoice.
 * Examinations Stage -> Awarded / Failed: the overall result, once the modules are evaluated.
 * Failed -> Applied for re-sit -> Awarded / Failed: a re-sit of failed modules.
 * Failed -> Applied for review -> Awarded / Failed: a review of the result (where the program allows review).
 * Awarded <-> Awarded OnHold; Awarded / Awarded OnHold -> Award Cancelled; Awarded -> Award Withdrawn: award actions.
 * Awarded -> Applied for Renewal -> Awarded / Award Withdrawn: renewal of certifications (Certification, AICIP).
 * Awarded -> Applied for Revalidation -> Awarded / Award Withdrawn: revalidation of welder qualifications.
 * Award Cancelled -> Awarded: an upheld appeal against the cancellation reinstates the award (issue 43).
 */
export const APPLICATION_TRANSITIONS: Record<ApplicationAction, ApplicationTransition> = {
  submit: { from: 'Application Started', to: 'Application Submitted', by: 'applicant', meaning: 'The applicant submits the application' },
  assignAssessor: { from: 'Application Submitted', to: 'Being Assessed', by: 'staff', meaning: 'An assessor is assigned' },
  requestInformation: { from: 'Being Assessed', to: 'Application Started', by: 'staff', meaning: 'More information is requested from the applicant' },
  acceptAssessment: { from: 'Being Assessed', to: 'Assessment Completed', by: 'staff', meaning: 'Accepted into examinations' },
  rejectAssessment: { from: 'Being Assessed', to: 'Failed', by: 'staff', meaning: 'Rejected at assessment' },
  startExaminations: { from: 'Assessment Completed', to: 'Examinations Stage', by: 'staff', meaning: 'The pre-exam stage issues the invoice' },
  award: { from: 'Examinations Stage', to: 'Awarded', by: 'staff', stage: 'Exam Modules Evaluation Completed', stageFor: NO_MODULE_RESULT_STAGES, meaning: 'Every module passed: awarded' },
  failExaminations: { from: 'Examinations Stage', to: 'Failed', by: 'staff', stage: 'Exam Modules Evaluation Completed', stageFor: NO_MODULE_RESULT_STAGES, meaning: 'The examinations were not passed' },
  applyForResit: { from: 'Failed', to: 'Applied for re-sit', by: 'applicant', types: ['qualificationapplication', 'aicipapplication'], meaning: 'The applicant applies to re-sit failed modules' },
  resitPassed: { from: 'Applied for re-sit', to: 'Awarded', by: 'staff', meaning: 'The re-sit was passed' },
  resitFailed: { from: 'Applied for re-sit', to: 'Failed', by: 'staff', meaning: 'The re-sit was not passed' },
  applyForReview: { from: 'Failed', to: 'Applied for review', by: 'applicant', meaning: 'The applicant asks for a review of the result' },
  reviewUpheld: { from: 'Applied for review', to: 'Awarded', by: 'staff', meaning: 'The review changes the result: awarded' },
  reviewRefused: { from: 'Applied for review', to: 'Failed', by: 'staff', meaning: 'The review keeps the result' },
  holdAward: { from: 'Awarded', to: 'Awarded OnHold', by: 'staff', meaning: 'The award is put on hold' },
  releaseAward: { from: 'Awarded OnHold', to: 'Awarded', by: 'staff', meaning: 'The award is released from hold' },
  cancelAward: { from: 'Awarded', to: 'Award Cancelled', by: 'staff', meaning: 'The award is cancelled' },
  withdrawAward: { from: 'Awarded', to: 'Award Withdrawn', by: 'staff', meaning: 'The award is withdrawn (or has expired)' },
  applyForRenewal: { from: 'Awarded', to: 'Applied for Renewal', by: 'applicant', types: RENEWABLE, meaning: 'The holder applies to renew the certification' },
  renew: { from: 'Applied for Renewal', to: 'Awarded', by: 'staff', types: RENEWABLE, meaning: 'The certification is renewed' },
  refuseRenewal: { from: 'Applied for Renewal', to: 'Award Withdrawn', by: 'staff', types: RENEWABLE, meaning: 'The renewal is refused' },
  applyForRevalidation: { from: 'Awarded', to: 'Applied for Revalidation', by: 'applicant', types: REVALIDATED, meaning: 'The welder applies for revalidation' },
  revalidate: { from: 'Applied for Revalidation', to: 'Awarded', by: 'staff', types: REVALIDATED, meaning: 'The qualification is revalidated' },
  refuseRevalidation: { from: 'Applied for Revalidation', to: 'Award Withdrawn', by: 'staff', types: REVALIDATED, meaning: 'The revalidation is refused' },
  reinstateAward: { from: 'Award Cancelled', to: 'Awarded', by: 'staff', meaning: 'An upheld appeal reinstates the cancelled award' },
};

/**
 * Cancelling an award on hold is also allowed: the table keeps one `from` per action, so this one
 * extra source is listed here and read by `sourcesOf`.
 */
const EXTRA_SOURCES: Partial<Record<ApplicationAction, readonly ApplicationStatus[]>> = {
  cancelAward: ['Awarded OnHold'],
  // Handing the application to another assessor starts a new round without leaving the status.
  assignAssessor: ['Being Assessed'],
  // A late renewal of an expired award, within the program's grace period (the renewal module checks both; decision 023).
  applyForRenewal: ['Award Withdrawn'],
};

/** The statuses an action may start from. */
export function sourcesOf(action: ApplicationAction): readonly ApplicationStatus[] {
  return [APPLICATION_TRANSITIONS[action].from, ...(EXTRA_SOURCES[action] ?? [])];
}

/** The status an action leads to from this status, or null when the move is not allowed. */
export function targetOf(action: ApplicationAction, from: ApplicationStatus, type?: ApplicationTypePath, stage?: WorkflowStage | null): ApplicationStatus | null {
  const transition = APPLICATION_TRANSITIONS[action];
  if (!sourcesOf(action).includes(from)) return null;
  if (type && transition.types && !transition.types.includes(type)) return null;
  const requiredStage = (type && transition.stageFor?.[type]) || transition.stage;
  if (requiredStage && stage !== undefined && stage !== requiredStage) return null;
  // A reassignment keeps the status.
  if (action === 'assignAssessor' && from === 'Being Assessed') return 'Being Assessed';
  return transition.to;
}

export function canMove(action: ApplicationAction, from: ApplicationStatus, type?: ApplicationTypePath, stage?: WorkflowStage | null): boolean {
  return targetOf(action, from, type, stage) !== null;
}

/** The actions available from a status, for screens that offer the next steps. */
export function actionsFrom(from: ApplicationStatus, type?: ApplicationTypePath): ApplicationAction[] {
  return APPLICATION_ACTIONS.filter((action) => canMove(action, from, type));
}

/** Statuses no move leaves: none since issue 43 (a cancelled award is left only by an upheld appeal; an expired one may be renewed late). */
export function terminalStatuses(): ApplicationStatus[] {
  return APPLICATION_STATUSES.filter((status) => actionsFrom(status).length === 0);
}

/**
 * The stage moves inside Examinations Stage, in order. The first (preExamination Completed) is
 * set by `startExaminations`; each later one follows the one before it.
 */
export function nextStage(current: WorkflowStage | null): WorkflowStage | null {
  if (current === null) return WORKFLOW_STAGES[0];
  const index = WORKFLOW_STAGES.indexOf(current);
  return WORKFLOW_STAGES[index + 1] ?? null;
}

export function canMoveStage(status: ApplicationStatus, from: WorkflowStage | null, to: WorkflowStage): boolean {
  const inExaminations = status === 'Examinations Stage' || status === 'Applied for re-sit';
  return inExaminations && nextStage(from) === to;
}

/** Each application type's statuses: renewal and revalidation belong to some types only. */
export function statusesOf(type: ApplicationTypePath): ApplicationStatus[] {
  const reachable = new Set<ApplicationStatus>(['Application Started']);
  for (const action of APPLICATION_ACTIONS) {
    const transition = APPLICATION_TRANSITIONS[action];
    if (!transition.types || transition.types.includes(type)) reachable.add(transition.to);
  }
  return APPLICATION_STATUSES.filter((status) => reachable.has(status));
}
