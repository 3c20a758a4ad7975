import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';

/**
 * The bank is staff-only: applicants never read it (the questions of an exam reach a candidate
 * only through the exam, without the answers). Staff building tests (Examinations) read it to
 * pick questions; writing it is the Libraries screen's work.
 */
export function canReadQuestionBank(actor: CurrentUser): boolean {
  return hasMenuAccess(actor, 'Libraries') || hasMenuAccess(actor, 'Examinations');
}

export function canWriteQuestionBank(actor: CurrentUser): boolean {
  return hasMenuAccess(actor, 'Libraries');
}
