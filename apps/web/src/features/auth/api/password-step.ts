import { LoginRequest, type SessionUser } from '@certs/shared/auth/auth.contract';
import { isSecondFactorRequired, type SecondFactorRequired } from '@certs/shared/auth/mfa.contract';
import type { UserType } from '@certs/shared/auth/roles';
import { saveSession } from '../../../lib/auth';
import { checkLoginRestriction } from './check-login-restriction';
import { signIn } from './sign-in';

/**
 * The login form's password step, loaded when the form is first used (forms/login-form.tsx): the
 * shared schema's checks and the calls, with zod, stay off the login page's first visit (issue 46).
 */

type LoginField = keyof LoginRequest;

export type PasswordStepOutcome =
  | { kind: 'invalid'; fieldErrors: Partial<Record<LoginField, string>> }
  | { kind: 'refused'; message: string }
  | { kind: 'secondStep'; step: SecondFactorRequired }
  | { kind: 'signedIn'; user: SessionUser };

/** Checks what was typed against the shared schema, asks the login restriction, then signs in (the session is stored). */
export async function signInWithPassword(userType: UserType, values: { identifier: string; password: string }): Promise<PasswordStepOutcome> {
  const parsed = LoginRequest.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Partial<Record<LoginField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'identifier' || field === 'password') && !fieldErrors[field]) fieldErrors[field] = issue.message;
    }
    return { kind: 'invalid', fieldErrors };
  }
  const blockedMessage = await checkLoginRestriction(parsed.data.identifier, userType);
  if (blockedMessage) return { kind: 'refused', message: blockedMessage };
  const answer = await signIn(userType, parsed.data);
  if (isSecondFactorRequired(answer)) return { kind: 'secondStep', step: answer };
  saveSession({ jwt: answer.jwt, user: answer.user });
  return { kind: 'signedIn', user: answer.user };
}
