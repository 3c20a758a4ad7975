import { ROLES, USER_MANAGER_ROLES, type Role } from '@certs/shared/auth/roles';
import { hasMenuAccess, type CurrentUser } from '../../platform/auth/authenticate';

/** Only super users and account administrators with the Users menu manage admin users (issue 2). */
export function canManageUsers(actor: CurrentUser): boolean {
  return USER_MANAGER_ROLES.includes(actor.role) && hasMenuAccess(actor, 'Users');
}

/** An account administrator may neither touch a super user nor make one. */
export function canManageRole(actor: CurrentUser, role: Role): boolean {
  return actor.role === ROLES.SuperUser || role !== ROLES.SuperUser;
}

/** The saved menu is readable by user managers and by the user themself. */
export function canReadAccessMenu(actor: CurrentUser, userId: string): boolean {
  return actor.id === userId || canManageUsers(actor);
}
