/** Roles of spec section 6. The numbers are stored and travel in tokens. */
export const ROLES = {
  SuperUser: 1,
  AccountAdministrator: 2,
  AccountContributor: 3,
  User: 4,
  Applicant: 5,
} as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_VALUES = [1, 2, 3, 4, 5] as const satisfies readonly Role[];
export const ADMIN_ROLE_VALUES = [1, 2, 3, 4] as const satisfies readonly Role[];
export type AdminRole = (typeof ADMIN_ROLE_VALUES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  1: 'Super User',
  2: 'Account Administrator',
  3: 'Account Contributor',
  4: 'User',
  5: 'Applicant',
};

export const USER_TYPES = ['admin', 'applicant'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** The short labels the spec also uses for the two user types. */
export const USER_TYPE_LABELS: Record<UserType, string> = { admin: 'Admin', applicant: 'Student' };

export function userTypeOfRole(role: Role): UserType {
  return role === ROLES.Applicant ? 'applicant' : 'admin';
}

/** Roles allowed to manage admin users (issue 2: only super users and account administrators). */
export const USER_MANAGER_ROLES: readonly Role[] = [ROLES.SuperUser, ROLES.AccountAdministrator];

/** Role home pages of spec section 2, as app routes. */
export const ROLE_HOME_PATHS: Record<Role, string> = {
  1: '/admin/superUserHome',
  2: '/admin/accountAdminHome',
  3: '/admin/accountContributorHome',
  4: '/admin/userHome',
  5: '/student/applicantHome',
};

export const LOGIN_PATHS: Record<UserType, string> = {
  admin: '/admin/login',
  applicant: '/student/login',
};

/** A path starting with /admin counts as the admin area (spec section 2). */
export function loginPathFor(currentPath: string): string {
  return currentPath.startsWith('/admin') ? LOGIN_PATHS.admin : LOGIN_PATHS.applicant;
}
