import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_HINT, PASSWORD_MESSAGES } from '@certs/shared/auth/password-rule';
import { REGISTRATION_MESSAGES } from '@certs/shared/auth/registration.contract';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { RegisterForm } from './register-form';
import { emptyRegisterValues, toRegisterRequest, validateRegisterValues, type RegisterFormValues } from './register-form.values';

function field(label: string) {
  return screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));
}

function renderForm(onSubmit = vi.fn<(values: RegisterFormValues) => Promise<unknown>>(() => Promise.resolve())) {
  renderWithProviders(<RegisterForm onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

const complete: RegisterFormValues = { firstName: 'Jo', lastName: 'Welder', email: 'jo@example.com', password: 'Weld-2026-ok', confirmPassword: 'Weld-2026-ok' };

describe('RegisterForm', () => {
  it('labels each name field as its message names it', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(field('First Name')).toHaveAccessibleDescription('First Name is required');
    expect(field('Last Name')).toHaveAccessibleDescription('Last Name is required');
  });

  it('says an empty email is required, and a malformed one invalid', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(field('Email')).toHaveAccessibleDescription(REGISTRATION_MESSAGES.emailRequired);
    await user.type(field('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(field('Email')).toHaveAccessibleDescription(REGISTRATION_MESSAGES.invalidEmail);
  });

  it('states the one password rule under the field', () => {
    renderForm();
    expect(field('Password')).toHaveAccessibleDescription(PASSWORD_HINT);
  });

  it("shows the shared schema's messages at each field and sends nothing", async () => {
    const { onSubmit, user } = renderForm();
    await user.type(field('Email'), 'not-an-email');
    await user.type(field('Password'), 'short');
    await user.type(field('Confirm password'), 'other');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(REGISTRATION_MESSAGES.firstNameRequired)).toBeInTheDocument();
    expect(screen.getByText(REGISTRATION_MESSAGES.lastNameRequired)).toBeInTheDocument();
    expect(field('Email')).toHaveAccessibleDescription(REGISTRATION_MESSAGES.invalidEmail);
    expect(field('Password')).toHaveAccessibleDescription(expect.stringContaining(PASSWORD_MESSAGES.rule));
    expect(field('Confirm password')).toHaveAccessibleDescription(REGISTRATION_MESSAGES.passwordsDiffer);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a password that is the email, even before the names are typed', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(field('Email'), 'jo.welder@example.com');
    await user.type(field('Password'), 'jo.welder@example.com');
    await user.type(field('Confirm password'), 'jo.welder@example.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.rule)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it.each([
    ['123456789', PASSWORD_MESSAGES.rule],
    ['a-long-passphrase', PASSWORD_MESSAGES.rule],
    ['jo.welder1', PASSWORD_MESSAGES.rule],
    ['JO.WELDER1@EXAMPLE.COM', PASSWORD_MESSAGES.rule],
    ['a-long-passphrase-2026', undefined],
  ])('checks the password %s against the one password rule', (password, message) => {
    const errors = validateRegisterValues({ ...complete, email: 'jo.welder1@example.com', password, confirmPassword: password });
    expect(errors.password).toBe(message);
  });

  it('sends a complete form and leaves the confirmation out of the request', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(field('First Name'), complete.firstName);
    await user.type(field('Last Name'), complete.lastName);
    await user.type(field('Email'), complete.email);
    await user.type(field('Password'), complete.password);
    await user.type(field('Confirm password'), complete.confirmPassword);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(toRegisterRequest(onSubmit.mock.calls[0]![0], 'Australia/Perth')).toEqual({
      firstName: 'Jo',
      lastName: 'Welder',
      email: 'jo@example.com',
      password: 'Weld-2026-ok',
      timeZone: 'Australia/Perth',
    });
  });

  it("puts the server's field refusal at its field and keeps what was typed", async () => {
    const onSubmit = vi.fn().mockRejectedValue(new ApiError(400, 'Invalid request', { password: PASSWORD_MESSAGES.rule }));
    renderWithProviders(<RegisterForm onSubmit={onSubmit} />);
    const user = userEvent.setup();
    await user.type(field('First Name'), 'Jo');
    await user.type(field('Last Name'), 'Welder');
    await user.type(field('Email'), 'jo@example.com');
    await user.type(field('Password'), 'Weld-2026-ok');
    await user.type(field('Confirm password'), 'Weld-2026-ok');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.rule)).toBeInTheDocument();
    expect(field('Email')).toHaveValue('jo@example.com');
  });

  it('starts empty', () => {
    expect(validateRegisterValues(emptyRegisterValues()).email).toBe(REGISTRATION_MESSAGES.emailRequired);
  });
});
