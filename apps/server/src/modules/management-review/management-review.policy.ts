import { ROLES } from '@certs/shared/auth/roles';
import type { CurrentUser } from '../../platform/auth/authenticate';

/**
 * The management review (issue 43) is the body's top management's: account administrators (and the
 * platform's super user, working in an account) review every program of the account; other staff
 * review the programs they manage (named manager, or the manager role), and nothing else.
 */
export function reviewsWholeAccount(actor: CurrentUser): boolean {
  return actor.userType === 'admin' && (actor.role === ROLES.SuperUser || actor.role === ROLES.AccountAdministrator);
}

/** Whether the caller may review this program, given the programs they may review. */
export function mayReviewProgram(programId: string, reviewable: readonly { id: string }[]): boolean {
  return reviewable.some((program) => program.id === programId);
}
