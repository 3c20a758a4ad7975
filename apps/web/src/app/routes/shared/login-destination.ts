import { LOGIN_PATHS, ROLE_HOME_PATHS, type Role, type UserType } from '@certs/shared/auth/roles';

const AREA_PREFIXES: Record<UserType, string> = { admin: '/admin/', applicant: '/student/', employer: '/employer/' };

/**
 * Where to go after signing in: the `next` path the user was sent from when it is a page of the
 * same area on this site, else the role's home page. Anything else (another site, the other area,
 * a login page) is ignored, so a crafted link cannot send a user elsewhere.
 */
export function loginDestination(next: string | null, userType: UserType, role: number): string {
  const home = ROLE_HOME_PATHS[role as Role] ?? LOGIN_PATHS[userType];
  if (!next || !next.startsWith(AREA_PREFIXES[userType]) || next.includes('\\')) return home;
  const pathOnly = next.split(/[?#]/)[0] ?? '';
  if (pathOnly === LOGIN_PATHS[userType]) return home;
  return next;
}
