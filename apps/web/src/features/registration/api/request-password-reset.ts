import { useMutation } from '@tanstack/react-query';
import { AcceptedResponse, type ForgotPasswordRequest } from '@certs/shared/auth/registration.contract';
import { apiRequest } from '../../../lib/api-client';

export function requestPasswordReset(request: ForgotPasswordRequest) {
  return apiRequest('/unauth/forgotpassword', { method: 'POST', body: request, schema: AcceptedResponse });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
