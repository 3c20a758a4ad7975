import { z } from 'zod';
import { ADMIN_MENU_ITEMS } from '../auth/admin-menu';
import { ADMIN_ROLE_VALUES } from '../auth/roles';
import { pagedResponse } from '../common/paging';
import { OFFERED_TIME_ZONE_NAMES } from '../common/dates';
import { PERSON_FIELD_LABELS, PERSON_MESSAGES, requiredEmail, requiredName } from '../common/person-fields';
import { NewPassword, PASSWORD_MESSAGES, refinePasswordNotEmail } from '../auth/password-rule';

export const ACCOUNT_USER_MESSAGES = {
  firstNameRequired: PERSON_MESSAGES.firstNameRequired,
  lastNameRequired: PERSON_MESSAGES.lastNameRequired,
  emailRequired: PERSON_MESSAGES.emailRequired,
  invalidEmail: PERSON_MESSAGES.invalidEmail,
  emailTaken: 'A user with this email already exists',
  roleRequired: 'Role is required',
  /** The one password rule's message (`auth/password-rule.ts`), the same as an applicant's. */
  passwordRule: PASSWORD_MESSAGES.rule,
  notFound: 'User not found',
  cannotManageSuperUser: 'Only a super user can manage super users',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
} as const;

export const AdminMenuItemSchema = z.enum(ADMIN_MENU_ITEMS);
export const AdminRoleSchema = z.union(ADMIN_ROLE_VALUES.map((r) => z.literal(r)), {
  error: ACCOUNT_USER_MESSAGES.roleRequired,
});

const accountUserFields = {
  firstName: requiredName(PERSON_FIELD_LABELS.firstName),
  lastName: requiredName(PERSON_FIELD_LABELS.lastName),
  email: requiredEmail(),
  role: AdminRoleSchema,
  active: z.boolean(),
  menuItems: z.array(AdminMenuItemSchema).max(ADMIN_MENU_ITEMS.length),
};

export const CreateAccountUserRequest = z.strictObject({ ...accountUserFields, password: NewPassword }).superRefine(refinePasswordNotEmail);
export type CreateAccountUserRequest = z.infer<typeof CreateAccountUserRequest>;

/** An update may leave the password out; a given one replaces it and ends the user's sessions. */
export const UpdateAccountUserRequest = z.strictObject({ ...accountUserFields, password: NewPassword.optional() }).superRefine(refinePasswordNotEmail);
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
