import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  CreateAccountUserRequest,
  UpdateAccountUserRequest,
  type AccountUser,
} from '@certs/shared/account-user/account-user.contract';
import { ADMIN_MENU_ITEMS } from '@certs/shared/auth/admin-menu';

export type AccountUserFormMode = 'create' | 'edit';

/** What the form edits; the role is a select's text and the password may be blank on edit. */
export interface AccountUserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  active: boolean;
  password: string;
  menuItems: string[];
}

export function emptyAccountUserValues(): AccountUserFormValues {
  return { firstName: '', lastName: '', email: '', role: '', active: true, password: '', menuItems: [] };
}

export function accountUserValuesOf(user: AccountUser): AccountUserFormValues {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: String(user.role),
    active: user.active,
    password: '',
    // Only items the form offers, in menu order, so an unknown stored item cannot block saving.
    menuItems: ADMIN_MENU_ITEMS.filter((item) => user.menuItems.includes(item)),
  };
}

function requestShapeOf(values: AccountUserFormValues, mode: AccountUserFormMode): Record<string, unknown> {
  const shape: Record<string, unknown> = {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email.trim(),
    role: values.role ? Number(values.role) : undefined,
    active: values.active,
    menuItems: values.menuItems,
  };
  // On edit a blank password means "keep the current one".
  if (mode === 'create' || values.password !== '') shape.password = values.password;
  return shape;
}

/** The shared contract's own messages, shown at each field before anything is sent. */
export function validateAccountUserValues(values: AccountUserFormValues, mode: AccountUserFormMode): FormErrors {
  const schema = mode === 'create' ? CreateAccountUserRequest : UpdateAccountUserRequest;
  return zod4Resolver(schema, { errorPriority: 'first' })(requestShapeOf(values, mode));
}

export function toCreateRequest(values: AccountUserFormValues): CreateAccountUserRequest {
  return CreateAccountUserRequest.parse(requestShapeOf(values, 'create'));
}

export function toUpdateRequest(values: AccountUserFormValues): UpdateAccountUserRequest {
  return UpdateAccountUserRequest.parse(requestShapeOf(values, 'edit'));
}
