import { ROLES } from '@certs/shared/auth/roles';
import type { CurrentUser } from '../../platform/auth/authenticate';

/** The platform's super users create accounts and move between them (decision 033). */
export function isPlatformSuperUser(actor: CurrentUser): boolean {
  return actor.userType === 'admin' && actor.role === ROLES.SuperUser;
}

/**
 * An account's settings: a super user's for every account; an account administrator's for their
 * own only (another account's answers 404, as if it did not exist).
 */
export function canManageAccountSettings(actor: CurrentUser, accountId: string): boolean {
  if (isPlatformSuperUser(actor)) return true;
  return actor.userType === 'admin' && actor.role === ROLES.AccountAdministrator && actor.accountId === accountId;
}
