import { useQuery } from '@tanstack/react-query';
import { ActivationResponse } from '@certs/shared/auth/registration.contract';
import { apiRequest } from '../../../lib/api-client';
import { registrationKeys } from './registration.keys';

/** Opening the mail's link activates the account; the token then stops working. */
export function activateAccount(token: string, signal?: AbortSignal) {
  return apiRequest(`/unauth/applicantregistration/activationpath/${encodeURIComponent(token)}`, { schema: ActivationResponse, signal });
}

export function useActivateAccount(token: string) {
  return useQuery({
    queryKey: registrationKeys.activation(token),
    queryFn: ({ signal }) => activateAccount(token, signal),
    // A single-use token: asking again would answer "already used" and hide the success.
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    enabled: token.length > 0,
  });
}
