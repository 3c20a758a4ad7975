import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoginResponse } from '@certs/shared/auth/auth.contract';
import {
  MfaEnrolledSignIn,
  MfaEnrolment,
  MfaRecoveryCodes,
  MfaStatus,
  type MfaDisableRequest,
  type MfaSignInRequest,
} from '@certs/shared/auth/mfa.contract';
import { apiRequest } from '../../../lib/api-client';

// The second step of a sign-in, and the enrolment a role requires before its first session: both
// carry the password step's challenge instead of a token.

export function signInWithCode(request: MfaSignInRequest): Promise<LoginResponse> {
  return apiRequest('/auth/local/mfa', { method: 'POST', body: request, schema: LoginResponse });
}

export function startRequiredEnrolment(challengeToken: string): Promise<MfaEnrolment> {
  return apiRequest('/auth/local/mfa/enrolment', { method: 'POST', body: { challengeToken }, schema: MfaEnrolment });
}

export function confirmRequiredEnrolment(request: MfaSignInRequest): Promise<MfaEnrolledSignIn> {
  return apiRequest('/auth/local/mfa/enrolment/confirm', { method: 'POST', body: request, schema: MfaEnrolledSignIn });
}

// The signed-in user's own two-step sign-in (profile).

export const mfaStatusQueryOptions = queryOptions({
  queryKey: ['current-user', 'mfa'] as const,
  queryFn: ({ signal }) => apiRequest('/api/users/me/mfa', { schema: MfaStatus, signal }),
});

export function useMfaStatus() {
  return useQuery(mfaStatusQueryOptions);
}

export function startEnrolment(): Promise<MfaEnrolment> {
  return apiRequest('/api/users/me/mfa/enrolment', { method: 'POST', schema: MfaEnrolment });
}

export function useConfirmEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest('/api/users/me/mfa/enrolment/confirm', { method: 'POST', body: { code }, schema: MfaRecoveryCodes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mfaStatusQueryOptions.queryKey }),
  });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: MfaDisableRequest) => apiRequest('/api/users/me/mfa/disable', { method: 'POST', body: request, schema: MfaStatus }),
    onSuccess: (status) => queryClient.setQueryData(mfaStatusQueryOptions.queryKey, status),
  });
}
