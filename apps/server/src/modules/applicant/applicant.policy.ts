import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';

/** An applicant reads and changes only their own profile; staff with the Users menu read any. */
export function canReadApplicant(actor: CurrentUser, applicantId: string): boolean {
  return actor.applicantId === applicantId || hasMenuAccess(actor, 'Users');
}

export function canChangeApplicant(actor: CurrentUser, applicantId: string): boolean {
  return actor.userType === 'applicant' && actor.applicantId === applicantId;
}

/** Confirming memberships is staff work on the applicant's record (Users menu). */
export function canManageApplicants(actor: CurrentUser): boolean {
  return hasMenuAccess(actor, 'Users');
}
