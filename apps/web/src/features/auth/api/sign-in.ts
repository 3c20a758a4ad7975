import { useMutation } from '@tanstack/react-query';
import { LoginResponse, type LoginRequest } from '@certs/shared/auth/auth.contract';
import type { UserType } from '@certs/shared/auth/roles';
import { apiRequest } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth';

const SIGN_IN_PATHS: Record<UserType, string> = {
  admin: '/auth/local',
  applicant: '/auth/local/applicant',
};

export function signIn(userType: UserType, request: LoginRequest): Promise<LoginResponse> {
  return apiRequest(SIGN_IN_PATHS[userType], { method: 'POST', body: request, schema: LoginResponse });
}

export function useSignIn(userType: UserType) {
  return useMutation({
    mutationFn: (request: LoginRequest) => signIn(userType, request),
    onSuccess: ({ jwt, user }) => saveSession({ jwt, user }),
  });
}
