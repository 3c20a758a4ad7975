import type { CurrentUser } from '../../platform/auth/authenticate';
import { hasMenuAccess } from '../../platform/auth/authenticate';
import { canManageApplications, canSeeApplications, type ProgramStanding } from '../application/application-workflow.policy';

/** The applicant applies for and reads the re-sits of their own application only (others get 404). */
export function isResitHolder(actor: CurrentUser, application: { applicantId: string }): boolean {
  return actor.userType === 'applicant' && !!actor.applicantId && actor.applicantId === application.applicantId;
}

/** Staff read re-sits where they may read the program's applications (decision 006). */
export function canReadResits(actor: CurrentUser, standing: ProgramStanding): boolean {
  return actor.userType === 'admin' && canSeeApplications(actor, standing);
}

/** Payment link, schedule, send and the result: administrators and the program's manager (as for a module exam, decision 009). */
export function canManageResits(actor: CurrentUser, standing: ProgramStanding): boolean {
  return actor.userType === 'admin' && canManageApplications(actor, standing);
}

/** The assessment: those who manage re-sits, or the examiner the re-sit is scheduled with. */
export function canAssessResit(actor: CurrentUser, standing: ProgramStanding, examinerId: string | null): boolean {
  return canManageResits(actor, standing) || (actor.userType === 'admin' && hasMenuAccess(actor, 'Programs') && !!examinerId && examinerId === actor.id);
}
