import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, APPLICATION_TYPE_PATHS, type ApplicationStatus } from './application-status';
import {
  APPLICATION_ACTIONS,
  APPLICATION_TRANSITIONS,
  WORKFLOW_STAGES,
  actionsFrom,
  canMove,
  canMoveStage,
  nextStage,
  resultStageOf,
  statusesOf,
  targetOf,
  terminalStatuses,
  type ApplicationAction,
} from './application-workflow';

/** The whole table, read as rows of (action, from, to): the documented moves and nothing else. */
const ALLOWED: [ApplicationAction, ApplicationStatus, ApplicationStatus][] = [
  ['submit', 'Application Started', 'Application Submitted'],
  ['assignAssessor', 'Application Submitted', 'Being Assessed'],
  ['assignAssessor', 'Being Assessed', 'Being Assessed'],
  ['requestInformation', 'Being Assessed', 'Application Started'],
  ['acceptAssessment', 'Being Assessed', 'Assessment Completed'],
  ['rejectAssessment', 'Being Assessed', 'Failed'],
  ['startExaminations', 'Assessment Completed', 'Examinations Stage'],
  ['award', 'Examinations Stage', 'Awarded'],
  ['failExaminations', 'Examinations Stage', 'Failed'],
  ['applyForResit', 'Failed', 'Applied for re-sit'],
  ['resitPassed', 'Applied for re-sit', 'Awarded'],
  ['resitFailed', 'Applied for re-sit', 'Failed'],
  ['applyForReview', 'Failed', 'Applied for review'],
  ['reviewUpheld', 'Applied for review', 'Awarded'],
  ['reviewRefused', 'Applied for review', 'Failed'],
  ['holdAward', 'Awarded', 'Awarded OnHold'],
  ['releaseAward', 'Awarded OnHold', 'Awarded'],
  ['cancelAward', 'Awarded', 'Award Cancelled'],
  ['cancelAward', 'Awarded OnHold', 'Award Cancelled'],
  ['reinstateAward', 'Award Cancelled', 'Awarded'],
  ['withdrawAward', 'Awarded', 'Award Withdrawn'],
  ['applyForRenewal', 'Awarded', 'Applied for Renewal'],
  ['applyForRenewal', 'Award Withdrawn', 'Applied for Renewal'],
  ['renew', 'Applied for Renewal', 'Awarded'],
  ['refuseRenewal', 'Applied for Renewal', 'Award Withdrawn'],
  ['applyForRevalidation', 'Awarded', 'Applied for Revalidation'],
  ['revalidate', 'Applied for Revalidation', 'Awarded'],
  ['refuseRevalidation', 'Applied for Revalidation', 'Award Withdrawn'],
];

describe('the application transition table', () => {
  it.each(ALLOWED)('%s moves %s to %s', (action, from, to) => {
    expect(targetOf(action, from)).toBe(to);
  });

  it('refuses every other (action, status) pair', () => {
    const allowed = new Set(ALLOWED.map(([action, from]) => `${action}|${from}`));
    const refused: string[] = [];
    for (const action of APPLICATION_ACTIONS) {
      for (const from of APPLICATION_STATUSES) {
        if (allowed.has(`${action}|${from}`)) continue;
        if (canMove(action, from)) refused.push(`${action} from ${from}`);
      }
    }
    expect(refused).toEqual([]);
    expect(APPLICATION_ACTIONS.length * APPLICATION_STATUSES.length - ALLOWED.length).toBe(25 * 14 - 28);
  });

  it('knows the 14 statuses of spec section 4, and every one is reached and (but the final ones) left', () => {
    expect(APPLICATION_STATUSES).toHaveLength(14);
    const reached = new Set(['Application Started', ...ALLOWED.map(([, , to]) => to)]);
    expect(APPLICATION_STATUSES.filter((status) => !reached.has(status))).toEqual([]);
    // A cancelled award was final until issue 43: an upheld appeal reinstates it.
    expect(terminalStatuses()).toEqual([]);
  });

  it('keeps the slice of issue 6 as the brief says', () => {
    expect(actionsFrom('Application Submitted')).toEqual(['assignAssessor']);
    expect(actionsFrom('Being Assessed')).toEqual(['assignAssessor', 'requestInformation', 'acceptAssessment', 'rejectAssessment']);
    expect(actionsFrom('Application Started')).toEqual(['submit']);
  });

  it('gives renewal to Certification and AICIP, revalidation to Welder Qualification, re-sits to modular programs', () => {
    expect(canMove('applyForRenewal', 'Awarded', 'certificationapplication')).toBe(true);
    expect(canMove('applyForRenewal', 'Awarded', 'aicipapplication')).toBe(true);
    expect(canMove('applyForRenewal', 'Awarded', 'qualificationapplication')).toBe(false);
    expect(canMove('applyForRevalidation', 'Awarded', 'welderqualificationapplication')).toBe(true);
    expect(canMove('applyForRevalidation', 'Awarded', 'certificationapplication')).toBe(false);
    expect(canMove('applyForResit', 'Failed', 'qualificationapplication')).toBe(true);
    expect(canMove('applyForResit', 'Failed', 'certificationapplication')).toBe(false);
    expect(statusesOf('qualificationapplication')).not.toContain('Applied for Renewal');
    expect(statusesOf('welderqualificationapplication')).toContain('Applied for Revalidation');
    for (const type of APPLICATION_TYPE_PATHS) expect(statusesOf(type)).toContain('Being Assessed');
  });

  it('awards only once the modules are evaluated, when the stage is given', () => {
    expect(canMove('award', 'Examinations Stage', 'qualificationapplication', 'Exam Modules Sent')).toBe(false);
    expect(canMove('award', 'Examinations Stage', 'qualificationapplication', 'Exam Modules Evaluation Completed')).toBe(true);
    // Certification has no modules: its result is recorded once the invoice is paid.
    expect(canMove('award', 'Examinations Stage', 'certificationapplication', 'Payment Stage Completed')).toBe(true);
    expect(canMove('failExaminations', 'Examinations Stage', 'certificationapplication', 'Payment Stage Completed')).toBe(true);
    expect(canMove('award', 'Examinations Stage', 'certificationapplication', 'Payment Stage Requested')).toBe(false);
    expect(canMove('award', 'Examinations Stage', 'qualificationapplication', 'Payment Stage Completed')).toBe(false);
    expect(resultStageOf('certificationapplication')).toBe('Payment Stage Completed');
    expect(resultStageOf('aicipapplication')).toBe('Exam Modules Evaluation Completed');
  });

  it('says who makes each move', () => {
    expect(APPLICATION_TRANSITIONS.submit.by).toBe('applicant');
    expect(APPLICATION_TRANSITIONS.assignAssessor.by).toBe('staff');
    expect(APPLICATION_TRANSITIONS.requestInformation.by).toBe('staff');
  });
});

describe('the exam workflow stages', () => {
  it('run in the order of spec section 4, one after another', () => {
    const walked: (string | null)[] = [];
    for (let stage = nextStage(null); stage; stage = nextStage(stage)) walked.push(stage);
    expect(walked).toEqual([...WORKFLOW_STAGES]);
  });

  it('move only inside Examinations Stage (or a re-sit), one step at a time', () => {
    expect(canMoveStage('Examinations Stage', null, 'preExamination Completed')).toBe(true);
    expect(canMoveStage('Examinations Stage', 'preExamination Completed', 'Payment Stage Requested')).toBe(true);
    expect(canMoveStage('Examinations Stage', 'preExamination Completed', 'Payment Stage Completed')).toBe(false);
    expect(canMoveStage('Applied for re-sit', 'Payment Stage Requested', 'Payment Stage Completed')).toBe(true);
    expect(canMoveStage('Being Assessed', null, 'preExamination Completed')).toBe(false);
    expect(canMoveStage('Examinations Stage', 'Exam Modules Evaluation Completed', 'preExamination Completed')).toBe(false);
  });
});
