import { useQuery } from '@tanstack/react-query';
import { RegistrationStatusResponse } from '@certs/shared/auth/registration.contract';
import { apiRequest } from '../../../lib/api-client';
import { registrationKeys } from './registration.keys';

/** Whether the account of a registration is active (spec section 7: GET unauth/applicantregistration/{id}). */
export function findRegistrationStatus(id: string, signal?: AbortSignal) {
  return apiRequest(`/unauth/applicantregistration/${encodeURIComponent(id)}`, { schema: RegistrationStatusResponse, signal });
}

export function useRegistrationStatus(id: string | null) {
  return useQuery({
    queryKey: registrationKeys.status(id ?? ''),
    queryFn: ({ signal }) => findRegistrationStatus(id ?? '', signal),
    enabled: !!id,
    retry: false,
  });
}
