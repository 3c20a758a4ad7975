import { ROLES } from '@certs/shared/auth/roles';
import type { CurrentUser } from '../../platform/auth/authenticate';

/** The admin-only support actions (spec section 6) are for super users and account administrators. */
export const SUPPORT_ROLES = [ROLES.SuperUser, ROLES.AccountAdministrator] as const;

export function canUseSupport(actor: CurrentUser): boolean {
  return actor.userType === 'admin' && (SUPPORT_ROLES as readonly number[]).includes(actor.role);
}

/** Only a super user changes a super user's account; nobody changes their own here (they would lock themselves out). */
export function canChangeAccount(actor: CurrentUser, target: { id: string; role: number }): 'yes' | 'self' | 'superUser' {
  if (actor.id === target.id) return 'self';
  if (target.role === ROLES.SuperUser && actor.role !== ROLES.SuperUser) return 'superUser';
  return 'yes';
}
