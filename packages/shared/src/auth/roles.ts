/** Roles of spec section 6. The numbers are stored and travel in tokens. */
export const ROLES = {
  SuperUser: 1,
  AccountAdministrator: 2,
  AccountContributor: 3,
  User: 4,
  Applicant: 5,
  /** A company's own users (issue 42, decision 037): the coordinator manages the company's people and users. */
  CompanyCoordinator: 6,
  /** A company user who reads the company's people and checks certificates, and changes nothing. */
  CompanyViewer: 7,
} as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];
export const ROLE_VALUES = [1, 2, 3, 4, 5, 6, 7] as const satisfies readonly Role[];
export const ADMIN_ROLE_VALUES = [1, 2, 3, 4] as const satisfies readonly Role[];
export type AdminRole = (typeof ADMIN_ROLE_VALUES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  1: 'Super User',
  2: 'Account Administrator',
  3: 'Account Contributor',
  4: 'User',
  5: 'Applicant',
  6: 'Company coordinator',
  7: 'Company viewer',
};

/** The two roles of a company's own users. */
export const COMPANY_ROLE_VALUES = [6, 7] as const satisfies readonly Role[];
export type CompanyRole = (typeof COMPANY_ROLE_VALUES)[number];

export const USER_TYPES = ['admin', 'applicant', 'employer'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** The short labels the spec also uses for the user types. */
export const USER_TYPE_LABELS: Record<UserType, string> = { admin: 'Admin', applicant: 'Student', employer: 'Employer' };

export function userTypeOfRole(role: Role): UserType {
  if (role === ROLES.Applicant) return 'applicant';
  return role === ROLES.CompanyCoordinator || role === ROLES.CompanyViewer ? 'employer' : 'admin';
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
  6: '/employer',
  7: '/employer',
};

export const LOGIN_PATHS: Record<UserType, string> = {
  admin: '/admin/login',
  applicant: '/student/login',
  employer: '/employer/login',
};

/** A path starting with /admin counts as the admin area (spec section 2), /employer as the company's. */
export function loginPathFor(currentPath: string): string {
  if (currentPath.startsWith('/admin')) return LOGIN_PATHS.admin;
  return currentPath.startsWith('/employer') ? LOGIN_PATHS.employer : LOGIN_PATHS.applicant;
}
