import { ROLES } from '@certs/shared/auth/roles';
import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';

/** What the caller holds in the application's program (from the program module's privilege). */
export interface ProgramStanding {
  isManager: boolean;
  programRoles: readonly number[];
}

/** Account-wide administrators act on every program's applications. */
export function isApplicationAdministrator(actor: CurrentUser): boolean {
  return actor.role === ROLES.SuperUser || actor.role === ROLES.AccountAdministrator;
}

/**
 * Staff with the Programs menu see a program's applications when they administer the account or
 * serve on the program (its manager, or any program role: assessor, examiner, invigilator).
 * Decision 006.
 */
export function canSeeApplications(actor: CurrentUser, standing: ProgramStanding): boolean {
  return hasMenuAccess(actor, 'Programs') && (isApplicationAdministrator(actor) || standing.isManager || standing.programRoles.length > 0);
}

/** Assigning assessors and deciding the assessment: administrators and the program's manager. */
export function canManageApplications(actor: CurrentUser, standing: ProgramStanding): boolean {
  return hasMenuAccess(actor, 'Programs') && (isApplicationAdministrator(actor) || standing.isManager);
}

/** The assessor review: the assessor assigned to the current round, or an administrator. */
export function canReviewApplication(actor: CurrentUser, assessorId: string | null): boolean {
  return hasMenuAccess(actor, 'Programs') && (isApplicationAdministrator(actor) || (!!assessorId && assessorId === actor.id));
}
