import { useQuery } from '@tanstack/react-query';
import { RegistrationStatusResponse } from '@certs/shared/auth/registration.contract';
import { apiRequest } from '../../../lib/api-client';
import { registrationKeys } from './registration.keys';

/**
 * Whether the account of a registration is active (spec section 7: GET unauth/applicantregistration/{id}).
 * The server answers only a caller holding one of its activation links (`token`, used or not);
 * without it every id is 404 (issue 45 item 18: the activation page asked without it).
 */
export function findRegistrationStatus(id: string, token: string, signal?: AbortSignal) {
  return apiRequest(`/unauth/applicantregistration/${encodeURIComponent(id)}`, { query: { token }, schema: RegistrationStatusResponse, signal });
}

export function useRegistrationStatus(id: string | null, token: string) {
  return useQuery({
    queryKey: registrationKeys.status(id ?? ''),
    queryFn: ({ signal }) => findRegistrationStatus(id ?? '', token, signal),
    enabled: !!id && token.length > 0,
    retry: false,
  });
}
