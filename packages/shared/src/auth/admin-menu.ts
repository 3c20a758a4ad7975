/** Admin side menu items of spec section 2, in display order, with issue 43's four after Reports. */
export const ADMIN_MENU_ITEMS = [
  'Dashboard',
  'Programs',
  'Examinations',
  'Libraries',
  'Archives',
  'Users',
  'Emails',
  'Reports',
  // The certification body's evidence (issue 43, ISO/IEC 17024): each its own item, so a body gives
  // its quality manager these without the rest.
  'Appeals',
  'Complaints',
  'Impartiality',
  'Exam Quality',
  'Discount Codes',
  'Contact Us',
  'Utilities',
] as const;
export type AdminMenuItem = (typeof ADMIN_MENU_ITEMS)[number];

export const ADMIN_MENU_PATHS: Record<AdminMenuItem, string> = {
  Dashboard: '/admin/dashboard',
  Programs: '/admin/programs',
  Examinations: '/admin/examinations',
  Libraries: '/admin/libraries',
  Archives: '/admin/archives',
  Users: '/admin/users',
  Emails: '/admin/emails',
  Reports: '/admin/reports',
  /** Issue 43: the exam quality report (reliability, item statistics and flags) per test and period. */
  'Exam Quality': '/admin/exam-quality',
  'Discount Codes': '/admin/discount-codes',
  'Contact Us': '/admin/contact-us',
  /** Issue 43: the appeals register (results, assessments, refused renewals, held or cancelled awards). */
  Appeals: '/admin/appeals',
  /** Issue 43: the complaints register (the body, examiners, venues, certificate holders). */
  Complaints: '/admin/complaints',
  Utilities: '/admin/utilities',
  Impartiality: '/admin/impartiality',
};

/** The super user sees every item; everyone else sees their saved side menu (spec section 6). */
export function visibleMenuItems(isSuperUser: boolean, savedMenu: readonly string[]): AdminMenuItem[] {
  if (isSuperUser) return [...ADMIN_MENU_ITEMS];
  return ADMIN_MENU_ITEMS.filter((item) => savedMenu.includes(item));
}
