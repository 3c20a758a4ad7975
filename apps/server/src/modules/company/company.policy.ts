import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';

/** Companies are kept under Users, beside applicants (spec section 2, Users menu; decision 027). */
export function canManageCompanies(actor: CurrentUser): boolean {
  return hasMenuAccess(actor, 'Users');
}

/** An applicant chooses their own employer, and only that. */
export function isApplicantActor(actor: CurrentUser): actor is CurrentUser & { applicantId: string } {
  return actor.userType === 'applicant' && !!actor.applicantId;
}
