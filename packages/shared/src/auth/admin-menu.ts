/** Admin side menu items of spec section 2, in display order. */
export const ADMIN_MENU_ITEMS = [
  'Dashboard',
  'Programs',
  'Examinations',
  'Libraries',
  'Archives',
  'Users',
  'Emails',
  'Reports',
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
  'Discount Codes': '/admin/discount-codes',
  'Contact Us': '/admin/contact-us',
  Utilities: '/admin/utilities',
};

/** The super user sees every item; everyone else sees their saved side menu (spec section 6). */
export function visibleMenuItems(isSuperUser: boolean, savedMenu: readonly string[]): AdminMenuItem[] {
  if (isSuperUser) return [...ADMIN_MENU_ITEMS];
  return ADMIN_MENU_ITEMS.filter((item) => savedMenu.includes(item));
}
