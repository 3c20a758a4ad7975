import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_USER_MESSAGES, type AccountUser } from '@certs/shared/account-user/account-user.contract';
import { PASSWORD_HINT, PASSWORD_MESSAGES } from '@certs/shared/auth/password-rule';
import { ADMIN_MENU_ITEMS } from '@certs/shared/auth/admin-menu';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AccountUserForm } from './account-user-form';
import {
  accountUserValuesOf,
  emptyAccountUserValues,
  toUpdateRequest,
  validateAccountUserValues,
  type AccountUserFormValues,
} from './account-user-form.values';

const existing: AccountUser = {
  id: '00000000-0000-4000-8000-000000000009',
  firstName: 'Pat',
  lastName: 'Reviewer',
  email: 'pat@example.com',
  role: 3,
  active: true,
  timeZone: 'Australia/Sydney',
  menuItems: ['Programs', 'Dashboard', 'Retired item'],
  createdOn: '2026-01-01T00:00:00.000Z',
  modifiedOn: '2026-01-02T00:00:00.000Z',
};

/** A field by its label, whether or not the label carries the required asterisk. */
function field(label: string) {
  return screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));
}

function renderForm(props: Partial<Parameters<typeof AccountUserForm>[0]> = {}) {
  const onSubmit = vi.fn<(values: AccountUserFormValues) => Promise<unknown>>(props.onSubmit ?? (() => Promise.resolve()));
  renderWithProviders(
    <AccountUserForm
      mode="create"
      initialValues={emptyAccountUserValues()}
      allowedRoles={[1, 2, 3, 4]}
      onSubmit={onSubmit}
      onCancel={() => {}}
      {...props}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

describe('AccountUserForm', () => {
  it('shows the shared schema messages at each field and sends nothing', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText(ACCOUNT_USER_MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_USER_MESSAGES.lastNameRequired)).toBeInTheDocument();
    expect(field('Email')).toHaveAccessibleDescription(ACCOUNT_USER_MESSAGES.emailRequired);
    expect(screen.getByText(ACCOUNT_USER_MESSAGES.roleRequired)).toBeInTheDocument();
    expect(field('Password')).toHaveAccessibleDescription(expect.stringContaining(PASSWORD_MESSAGES.rule));
    expect(field('First Name')).toHaveAccessibleDescription('First Name is required');
    expect(field('Last Name')).toHaveAccessibleDescription('Last Name is required');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a complete form as typed, with the ticked menu items', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(field('First Name'), 'Jo');
    await user.type(field('Last Name'), 'Welder');
    await user.type(field('Email'), 'jo@example.com');
    await user.selectOptions(field('Role'), 'Account Contributor');
    await user.type(field('Password'), 'Welding2026x');
    const menu = screen.getByRole('group', { name: 'Side menu items' });
    expect(within(menu).getAllByRole('checkbox')).toHaveLength(ADMIN_MENU_ITEMS.length);
    await user.click(within(menu).getByLabelText('Programs'));
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      firstName: 'Jo',
      lastName: 'Welder',
      email: 'jo@example.com',
      role: '3',
      active: true,
      password: 'Welding2026x',
      menuItems: ['Programs'],
    });
  });

  it('puts a server field error at its field and keeps what was typed', async () => {
    const onSubmit = vi.fn().mockRejectedValue(
      new ApiError(409, ACCOUNT_USER_MESSAGES.emailTaken, { email: ACCOUNT_USER_MESSAGES.emailTaken }),
    );
    const { user } = renderForm({ mode: 'edit', initialValues: accountUserValuesOf(existing), onSubmit });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(ACCOUNT_USER_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(field('Email')).toHaveAccessibleDescription(ACCOUNT_USER_MESSAGES.emailTaken);
    expect(field('Email')).toHaveValue('pat@example.com');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows any other refusal in an alert', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new ApiError(403, ACCOUNT_USER_MESSAGES.cannotManageSuperUser));
    const { user } = renderForm({ mode: 'edit', initialValues: accountUserValuesOf(existing), onSubmit });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_USER_MESSAGES.cannotManageSuperUser);
  });

  it("states the one password rule under the password, the applicants' too", () => {
    renderForm();
    expect(field('Password')).toHaveAccessibleDescription(PASSWORD_HINT);
  });

  it('offers only the roles it is given', () => {
    renderForm({ allowedRoles: [2, 3, 4] });
    const options = within(field('Role')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Select a role', 'Account Administrator', 'Account Contributor', 'User']);
  });
});

describe('account user form values', () => {
  it('lets an edit leave the password blank, and then leaves it out of the request', () => {
    const values = accountUserValuesOf(existing);
    expect(validateAccountUserValues(values, 'edit')).toEqual({});
    expect(validateAccountUserValues(values, 'create')).toEqual({ password: PASSWORD_MESSAGES.rule });
    const request = toUpdateRequest(values);
    expect(request).not.toHaveProperty('password');
    expect(request.role).toBe(3);
    // Menu order, and nothing the form does not offer.
    expect(request.menuItems).toEqual(['Dashboard', 'Programs']);
  });

  it('checks a password given on edit against the policy', () => {
    const values = { ...accountUserValuesOf(existing), password: 'short' };
    expect(validateAccountUserValues(values, 'edit')).toEqual({ password: PASSWORD_MESSAGES.rule });
  });

  it("holds a staff user's password to the applicants' rule: not the email, and a number", () => {
    const values = accountUserValuesOf(existing);
    expect(validateAccountUserValues({ ...values, password: 'PAT@example.com' }, 'edit')).toEqual({ password: PASSWORD_MESSAGES.rule });
    expect(validateAccountUserValues({ ...values, password: 'no-digits-at-all' }, 'edit')).toEqual({ password: PASSWORD_MESSAGES.rule });
    expect(validateAccountUserValues({ ...values, password: 'Welding-2026-ok' }, 'edit')).toEqual({});
  });

  it('says an empty email is required, and a malformed one invalid', () => {
    const values = accountUserValuesOf(existing);
    expect(validateAccountUserValues({ ...values, email: ' ' }, 'edit')).toEqual({ email: ACCOUNT_USER_MESSAGES.emailRequired });
    expect(validateAccountUserValues({ ...values, email: 'pat' }, 'edit')).toEqual({ email: ACCOUNT_USER_MESSAGES.invalidEmail });
  });
});
