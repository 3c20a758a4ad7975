import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';

/** An applicant changes only their own profile (staff reads: applicant-reach.ts). */
export function canChangeApplicant(actor: CurrentUser, applicantId: string): boolean {
  return actor.userType === 'applicant' && actor.applicantId === applicantId;
}

/** Confirming memberships is staff work on the applicant's record (Users menu). */
export function canManageApplicants(actor: CurrentUser): boolean {
  return hasMenuAccess(actor, 'Users');
}
