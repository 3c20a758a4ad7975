import { describe, expect, it } from 'vitest';
import { CreateAccountUserRequest, UpdateAccountUserRequest } from '../account-user/account-user.contract';
import { ChangeTemporaryPasswordRequest } from '../support/support.contract';
import { isPasswordTheEmail, NewPassword, PASSWORD_MESSAGES } from './password-rule';
import { RegisterApplicantRequest, ResetPasswordRequest } from './registration.contract';

const email = 'jo.welder1@example.test';
const staff = { firstName: 'Jo', lastName: 'Welder', email, role: 3, active: true, menuItems: [] };

/** Every request that chooses a password, built around one password. */
const requests = {
  registration: (password: string) => RegisterApplicantRequest.safeParse({ firstName: 'Jo', lastName: 'Welder', email, password }),
  'reset password': (password: string) => ResetPasswordRequest.safeParse({ token: 't', email, password }),
  'temporary password change': (password: string) => ChangeTemporaryPasswordRequest.safeParse({ changeToken: 't', password }),
  'staff user creation': (password: string) => CreateAccountUserRequest.safeParse({ ...staff, password }),
  'staff user update': (password: string) => UpdateAccountUserRequest.safeParse({ ...staff, password }),
};

const passwordMessageOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.find((issue) => issue.path[0] === 'password')?.message;

describe('the one password rule', () => {
  it.each(Object.keys(requests) as (keyof typeof requests)[])('applies alike to %s', (name) => {
    const check = requests[name];
    expect(passwordMessageOf(check('Short-1'))).toBe(PASSWORD_MESSAGES.rule);
    expect(passwordMessageOf(check('only-letters-here'))).toBe(PASSWORD_MESSAGES.rule);
    expect(passwordMessageOf(check('2026-1234-5678'))).toBe(PASSWORD_MESSAGES.rule);
    expect(passwordMessageOf(check('x1'.repeat(65)))).toBe(PASSWORD_MESSAGES.tooLong);
    expect(check('Arc-welding-2026').success).toBe(true);
  });

  it.each(['registration', 'reset password', 'staff user creation', 'staff user update'] as const)('refuses the email, or its name, as the password in %s', (name) => {
    expect(passwordMessageOf(requests[name](email))).toBe(PASSWORD_MESSAGES.rule);
    expect(passwordMessageOf(requests[name]('JO.WELDER1'))).toBe(PASSWORD_MESSAGES.rule);
  });

  it('takes letters and digits of any script', () => {
    expect(NewPassword.safeParse('Überschweiß7').success).toBe(true);
    expect(NewPassword.safeParse('Überschweißen').success).toBe(false);
  });

  it('compares with the email case-insensitively, ignoring surrounding spaces', () => {
    expect(isPasswordTheEmail(' Jo.Welder1@Example.test ', email)).toBe(true);
    expect(isPasswordTheEmail('jo.welder1', email)).toBe(true);
    expect(isPasswordTheEmail('jo.welder1-2026', email)).toBe(false);
    expect(isPasswordTheEmail('anything', '')).toBe(false);
  });
});
