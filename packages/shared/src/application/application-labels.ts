import { APPLICATION_STATUSES, type ApplicationStatus } from './application-status';
import { WORKFLOW_STAGES, type WorkflowStage } from './application-workflow';

/**
 * The words people read for an application's status and exam workflow stage (issue 21 item 8).
 * The stored values stay the spec's; screens and exports show these labels instead. The spec's
 * statuses read well as they are, but one; its stages are internal names, each relabelled.
 */
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  'Application Started': 'Application Started',
  'Application Submitted': 'Application Submitted',
  'Being Assessed': 'Being Assessed',
  'Assessment Completed': 'Assessment Completed',
  'Examinations Stage': 'Examinations Stage',
  Awarded: 'Awarded',
  Failed: 'Failed',
  'Applied for Renewal': 'Applied for Renewal',
  'Award Cancelled': 'Award Cancelled',
  'Awarded OnHold': 'Award On Hold',
  'Applied for re-sit': 'Applied for re-sit',
  'Applied for review': 'Applied for review',
  'Award Withdrawn': 'Award Withdrawn',
  'Applied for Revalidation': 'Applied for Revalidation',
};

export const WORKFLOW_STAGE_LABELS: Record<WorkflowStage, string> = {
  'preExamination Completed': 'Pre-examination completed',
  'Payment Stage Requested': 'Payment requested',
  'Payment Stage Completed': 'Payment completed',
  'Exam Initialization Completed': 'Exams scheduled',
  'Exam Modules Sent': 'Exam modules sent',
  'Exam Modules Evaluation Completed': 'Exam results recorded',
};

/** A status's label; a value outside the spec's list (none is stored) shows as it is. */
export function statusLabelOf(status: string): string {
  return (APPLICATION_STATUSES as readonly string[]).includes(status) ? APPLICATION_STATUS_LABELS[status as ApplicationStatus] : status;
}

/** A stage's label; an application before its exam workflow has "No stage yet". */
export function stageLabelOf(stage: string | null): string {
  if (!stage) return 'No stage yet';
  return (WORKFLOW_STAGES as readonly string[]).includes(stage) ? WORKFLOW_STAGE_LABELS[stage as WorkflowStage] : stage;
}

/** Options of a status filter: the stored value, shown by its label. */
export const APPLICATION_STATUS_OPTIONS = APPLICATION_STATUSES.map((status) => ({ value: status, label: APPLICATION_STATUS_LABELS[status] }));
/** Options of a stage filter: the stored value, shown by its label. */
export const WORKFLOW_STAGE_OPTIONS = WORKFLOW_STAGES.map((stage) => ({ value: stage, label: WORKFLOW_STAGE_LABELS[stage] }));
