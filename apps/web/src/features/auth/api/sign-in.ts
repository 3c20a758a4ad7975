import type { LoginRequest } from '@certs/shared/auth/auth.contract';
import { PasswordStepResponse } from '@certs/shared/auth/mfa.contract';
import type { UserType } from '@certs/shared/auth/roles';
import { apiRequest } from '../../../lib/api-client';
import { afterPendingSignOut } from './sign-out';

const SIGN_IN_PATHS: Record<UserType, string> = {
  admin: '/auth/local',
  applicant: '/auth/local/applicant',
  employer: '/auth/local/employer',
};

/** The password step: a session, or the second step it needs first (decision 020). */
export async function signIn(userType: UserType, request: LoginRequest): Promise<PasswordStepResponse> {
  // The login page shows before a logout's answer arrives; that answer must not clear this sign-in's cookie.
  await afterPendingSignOut();
  return apiRequest(SIGN_IN_PATHS[userType], { method: 'POST', body: request, schema: PasswordStepResponse });
}
