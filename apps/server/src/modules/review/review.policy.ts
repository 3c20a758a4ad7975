import type { CurrentUser } from '../../platform/auth/authenticate';
import { canManageApplications, canSeeApplications, type ProgramStanding } from '../application/application-workflow.policy';

/** The applicant asks for a review of their own application only (others get 404: no hint it exists). */
export function isReviewHolder(actor: CurrentUser, application: { applicantId: string }): boolean {
  return actor.userType === 'applicant' && !!actor.applicantId && actor.applicantId === application.applicantId;
}

/** Staff read a review (reason, files, outcome) where they may read the program's applications (decision 006). */
export function canReadReview(actor: CurrentUser, standing: ProgramStanding): boolean {
  return actor.userType === 'admin' && canSeeApplications(actor, standing);
}

/** Upholding or refusing: whoever manages the program's applications (administrators and the program's manager). */
export function canDecideReview(actor: CurrentUser, standing: ProgramStanding): boolean {
  return actor.userType === 'admin' && canManageApplications(actor, standing);
}
