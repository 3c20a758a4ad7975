import { LaunchedExam } from '@certs/shared/exam/exam.contract';
import type { ExamType } from '@certs/shared/program/program-type';
import { apiRequest } from '../../../lib/api-client';
import { SITTING_BUSY_RETRY_MS } from './sitting-requests';

/**
 * `launchexam/inittrial` (a published trial test, any time) or `launchexam/init` (a scheduled
 * module, within its window): the sitting, created once; the same sitting on every later launch.
 * With the page's exam session, the launch also holds the sitting for it when it can (`session`).
 * A busy server is asked again (`onBusy` is told each time) for up to `SITTING_BUSY_RETRY_MS.launch`.
 */
export function launchExam(examType: ExamType, referenceId: string, isResit: boolean, sessionId: string | null, onBusy?: () => void): Promise<LaunchedExam> {
  const session = sessionId ? { sessionId } : {};
  const launch = (path: string, body: Record<string, string>) =>
    apiRequest(path, { method: 'POST', body: { ...body, ...session }, schema: LaunchedExam, retryWhileBusyMs: SITTING_BUSY_RETRY_MS.launch, onBusy });
  // A re-sit (issue 17): `launchexam/initresit` by the re-sit module's id makes a new sitting.
  if (isResit) return launch('/api/launchexam/initresit', { resitModuleId: referenceId });
  return examType === 'trial' ? launch('/api/launchexam/inittrial', { testId: referenceId }) : launch('/api/launchexam/init', { applicationModuleId: referenceId });
}
