import { ROLES } from '@certs/shared/auth/roles';

/** Who opens Account settings: super users (for whichever account they work in) and account administrators (their own). */
export function canManageAccountSettings(user: { userType: string; role: number }): boolean {
  return user.userType === 'admin' && (user.role === ROLES.SuperUser || user.role === ROLES.AccountAdministrator);
}

/** Only the platform's super users create accounts and move between them. */
export function isPlatformSuperUser(user: { userType: string; role: number }): boolean {
  return user.userType === 'admin' && user.role === ROLES.SuperUser;
}
