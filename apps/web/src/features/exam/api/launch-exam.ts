import { LaunchedExam } from '@certs/shared/exam/exam.contract';
import type { ExamType } from '@certs/shared/program/program-type';
import { apiRequest } from '../../../lib/api-client';

/**
 * `launchexam/inittrial` (a published trial test, any time) or `launchexam/init` (a scheduled
 * module, within its window): the sitting, created once; the same sitting on every later launch.
 * With the page's exam session, the launch also holds the sitting for it when it can (`session`).
 */
export function launchExam(examType: ExamType, referenceId: string, isResit: boolean, sessionId: string | null): Promise<LaunchedExam> {
  const session = sessionId ? { sessionId } : {};
  // A re-sit (issue 17): `launchexam/initresit` by the re-sit module's id makes a new sitting.
  if (isResit) return apiRequest('/api/launchexam/initresit', { method: 'POST', body: { resitModuleId: referenceId, ...session }, schema: LaunchedExam });
  return examType === 'trial'
    ? apiRequest('/api/launchexam/inittrial', { method: 'POST', body: { testId: referenceId, ...session }, schema: LaunchedExam })
    : apiRequest('/api/launchexam/init', { method: 'POST', body: { applicationModuleId: referenceId, ...session }, schema: LaunchedExam });
}
