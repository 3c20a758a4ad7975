import type { CurrentUser } from '../../platform/auth/authenticate';
import { canManageApplications, type ProgramStanding } from '../application/application-workflow.policy';

/** The holder renews their own award; anyone else is told it does not exist (404). */
export function isRenewalHolder(actor: CurrentUser, renewal: { applicantId: string }): boolean {
  return actor.userType !== 'admin' && !!actor.applicantId && actor.applicantId === renewal.applicantId;
}

/**
 * Staff read a program's renewal queue, read a renewal and decide it where they manage the
 * program's applications (decision 006: administrators and the program's manager, with the
 * Programs menu); staff who only serve on the program, and staff of other programs, get 403.
 */
export function canManageRenewals(actor: CurrentUser, standing: ProgramStanding): boolean {
  return actor.userType === 'admin' && canManageApplications(actor, standing);
}
