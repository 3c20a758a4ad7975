import { ROLES, type Role } from '@certs/shared/auth/roles';
import type { CurrentUser } from '../../platform/auth/authenticate';

/** Who completes deletion requests: the account-wide administrators (decision 016). */
export const DELETION_REQUEST_ROLES: readonly Role[] = [ROLES.SuperUser, ROLES.AccountAdministrator];
/** Who reads the staff access log: super users only, since it is the check on everyone else. */
export const ACCESS_LOG_ROLES: readonly Role[] = [ROLES.SuperUser];

/** An applicant exports and asks to delete only their own data; the id comes from the session. */
export function isOwnApplicant(actor: CurrentUser): actor is CurrentUser & { applicantId: string } {
  return actor.userType === 'applicant' && !!actor.applicantId;
}

export function canManageDeletionRequests(actor: CurrentUser): boolean {
  return actor.userType === 'admin' && DELETION_REQUEST_ROLES.includes(actor.role);
}

export function canReadAccessLog(actor: CurrentUser): boolean {
  return actor.userType === 'admin' && ACCESS_LOG_ROLES.includes(actor.role);
}

/** Staff reads of an applicant's data are logged; an applicant reading their own is not. */
export function isLoggedRead(actor: CurrentUser): boolean {
  return actor.userType === 'admin';
}
