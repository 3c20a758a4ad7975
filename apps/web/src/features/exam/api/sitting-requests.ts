import {
  ExamSessionResponse,
  ExamTimer,
  SubmitExamResponse,
  UpdateInstancesResponse,
  type QuestionInstanceUpdate,
} from '@certs/shared/exam/exam.contract';
import type { ExamType } from '@certs/shared/program/program-type';
import { apiRequest } from '../../../lib/api-client';
import { INSTANCE_PATHS } from './exam.keys';

/**
 * How long a sitting's call may take before it counts as not reaching the server: a half-open
 * connection (a captive portal, a dropped mobile link) must not hold the answer queue or the
 * submission forever. The queue and the countdown retry on their own.
 */
export const SITTING_TIMEOUTS_MS = { update: 20_000, remainingTime: 10_000, claim: 20_000, submit: 30_000 } as const;

/**
 * How long the sitting's one-off calls keep asking a server that answers busy (503, issue 22: at the
 * start of a large sitting every candidate launches in the same minute). Each is safe to repeat: a
 * second launch finds the same sitting, a claim by the same session holds it again, and a second
 * submission is refused as already submitted. Answer saves retry in their queue.
 *
 * The launch keeps asking longest: the candidate's time starts only when the sitting is made, so a
 * wait costs them no exam time, while giving up would leave them to press Retry into the same queue
 * (3 Dec: 676 of 10,000 launches turned away after 120 s behind a load balancer's queue).
 */
export const SITTING_BUSY_RETRY_MS = { launch: 15 * 60_000, claim: 60_000, submit: 60_000 } as const;

/** `updateInstances`: a batch of sequenced, cumulative answer updates of one sitting, for this tab's session. */
export function updateInstances(examType: ExamType, examInstanceId: string, sessionId: string, updates: QuestionInstanceUpdate[]): Promise<UpdateInstancesResponse> {
  return apiRequest('/api/updateInstances', { method: 'POST', body: { examInstanceId, examType, sessionId, updates }, schema: UpdateInstancesResponse, timeoutMs: SITTING_TIMEOUTS_MS.update });
}

/** `remainingtime`: the server's timer. The browser claims nothing. */
export function fetchRemainingTime(examType: ExamType, examInstanceId: string): Promise<ExamTimer> {
  return apiRequest('/api/remainingtime', { method: 'POST', body: { examInstanceId, examType }, schema: ExamTimer, timeoutMs: SITTING_TIMEOUTS_MS.remainingTime });
}

/** `isexaminprogress`: holds the sitting for this tab; 409 when another holds it, unless taking over. */
export function claimExamSession(examType: ExamType, examInstanceId: string, sessionId: string, takeOver: boolean): Promise<ExamSessionResponse> {
  return apiRequest('/api/isexaminprogress', {
    method: 'PUT',
    body: { examInstanceId, examType, sessionId, ...(takeOver ? { takeOver: true } : {}) },
    schema: ExamSessionResponse,
    timeoutMs: SITTING_TIMEOUTS_MS.claim,
    retryWhileBusyMs: SITTING_BUSY_RETRY_MS.claim,
  });
}

/** Submits once, from the session that holds the sitting; a second submission is refused (409) and changes nothing. */
export function submitExam(examType: ExamType, examInstanceId: string, sessionId: string): Promise<SubmitExamResponse> {
  return apiRequest(`/api/${INSTANCE_PATHS[examType]}/${encodeURIComponent(examInstanceId)}/submit`, {
    method: 'POST',
    body: { sessionId },
    schema: SubmitExamResponse,
    timeoutMs: SITTING_TIMEOUTS_MS.submit,
    retryWhileBusyMs: SITTING_BUSY_RETRY_MS.submit,
  });
}
