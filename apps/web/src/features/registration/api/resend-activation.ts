import { useMutation } from '@tanstack/react-query';
import { AcceptedResponse } from '@certs/shared/auth/registration.contract';
import { apiRequest } from '../../../lib/api-client';

/** Sends a new activation link (spec section 7: POST unauth); the answer says nothing about the email. */
export function resendActivation(request: { email: string }) {
  return apiRequest('/unauth', { method: 'POST', body: request, schema: AcceptedResponse });
}

export function useResendActivation() {
  return useMutation({ mutationFn: resendActivation });
}
