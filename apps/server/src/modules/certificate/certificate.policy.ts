import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';
import { canManageApplications, isApplicationAdministrator, type ProgramStanding } from '../application/application-workflow.policy';

/**
 * Certificate templates sit with the library documents (spec section 1): super users, account
 * administrators and staff with the Libraries menu read and change them.
 */
export function canManageTemplates(actor: CurrentUser): boolean {
  return actor.userType === 'admin' && (isApplicationAdministrator(actor) || hasMenuAccess(actor, 'Libraries'));
}

/** Which template a program's certificates use is decided by who manages the program (administrators or its manager). */
export function canAssignTemplate(actor: CurrentUser, standing: ProgramStanding): boolean {
  return actor.userType === 'admin' && canManageApplications(actor, standing);
}
