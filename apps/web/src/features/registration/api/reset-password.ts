import { useMutation } from '@tanstack/react-query';
import { AcceptedResponse, type ResetPasswordRequest } from '@certs/shared/auth/registration.contract';
import { apiRequest } from '../../../lib/api-client';

/** Sets the new password; the server ends the account's other sessions. */
export function resetPassword(userId: string, request: ResetPasswordRequest) {
  return apiRequest(`/unauth/${encodeURIComponent(userId)}/resetpassword`, { method: 'POST', body: request, schema: AcceptedResponse });
}

export function useResetPassword() {
  return useMutation({ mutationFn: ({ userId, request }: { userId: string; request: ResetPasswordRequest }) => resetPassword(userId, request) });
}
