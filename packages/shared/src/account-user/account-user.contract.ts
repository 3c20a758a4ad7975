import { z } from 'zod';
import { ADMIN_MENU_ITEMS } from '../auth/admin-menu';
import { ADMIN_ROLE_VALUES } from '../auth/roles';
import { pagedResponse } from '../common/paging';
import { OFFERED_TIME_ZONE_NAMES } from '../common/dates';

export const ACCOUNT_USER_MESSAGES = {
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  invalidEmail: 'Invalid email',
  emailTaken: 'A user with this email already exists',
  roleRequired: 'Role is required',
  passwordPolicy: 'Password must be at least 10 characters and include a letter and a number',
  notFound: 'User not found',
  cannotManageSuperUser: 'Only a super user can manage super users',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
} as const;

const name = (message: string) => z.string().trim().min(1, message).max(64, 'At most 64 characters');

/** Password policy shared by every form that sets a password. */
export const Password = z
  .string()
  .min(10, ACCOUNT_USER_MESSAGES.passwordPolicy)
  .max(128, 'At most 128 characters')
  .regex(/[A-Za-z]/, ACCOUNT_USER_MESSAGES.passwordPolicy)
  .regex(/\d/, ACCOUNT_USER_MESSAGES.passwordPolicy);

export const AdminMenuItemSchema = z.enum(ADMIN_MENU_ITEMS);
export const AdminRoleSchema = z.union(ADMIN_ROLE_VALUES.map((r) => z.literal(r)), {
  error: ACCOUNT_USER_MESSAGES.roleRequired,
});

const accountUserFields = {
  firstName: name(ACCOUNT_USER_MESSAGES.firstNameRequired),
  lastName: name(ACCOUNT_USER_MESSAGES.lastNameRequired),
  email: z.email(ACCOUNT_USER_MESSAGES.invalidEmail).max(254),
  role: AdminRoleSchema,
  active: z.boolean(),
  menuItems: z.array(AdminMenuItemSchema).max(ADMIN_MENU_ITEMS.length),
};

export const CreateAccountUserRequest = z.strictObject({ ...accountUserFields, password: Password });
export type CreateAccountUserRequest = z.infer<typeof CreateAccountUserRequest>;

/** An update may leave the password out; a given one replaces it and ends the user's sessions. */
export const UpdateAccountUserRequest = z.strictObject({ ...accountUserFields, password: Password.optional() });
export type UpdateAccountUserRequest = z.infer<typeof UpdateAccountUserRequest>;

export const AccountUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.number().int(),
  active: z.boolean(),
  timeZone: z.enum(OFFERED_TIME_ZONE_NAMES),
  menuItems: z.array(z.string()),
  createdOn: z.string(),
  modifiedOn: z.string(),
});
export type AccountUser = z.infer<typeof AccountUser>;

export const AccountUserPage = pagedResponse(AccountUser);
export type AccountUserPage = z.infer<typeof AccountUserPage>;

export const AccessMenuResponse = z.object({ userId: z.string(), menuItems: z.array(z.string()) });
export type AccessMenuResponse = z.infer<typeof AccessMenuResponse>;
