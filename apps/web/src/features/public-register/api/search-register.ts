import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PUBLIC_REGISTER_PATHS, PublicRegisterPage, type PublicRegister, type RegisterSearchRequest } from '@certs/shared/public-register/public-register.contract';
import { apiRequest, httpStatusOf } from '../../../lib/api-client';
import { publicRegisterKeys } from './public-register.keys';

/** One page of a public register (`POST unauth/application/companyreports/search` or `/aicip`), no sign-in. */
export function searchRegister(register: PublicRegister, request: RegisterSearchRequest, signal?: AbortSignal): Promise<PublicRegisterPage> {
  return apiRequest(PUBLIC_REGISTER_PATHS[register], { method: 'POST', body: request, schema: PublicRegisterPage, signal });
}

/**
 * Runs only once a search is submitted (null before): every request spends the visitor's budget,
 * so nothing is asked per keystroke, and a refused (400) or limited (429) search is not retried.
 */
export function useRegisterSearch(register: PublicRegister, request: RegisterSearchRequest | null) {
  return useQuery({
    queryKey: request ? publicRegisterKeys.search(register, request) : [...publicRegisterKeys.all, 'idle', register],
    queryFn: ({ signal }) => searchRegister(register, request!, signal),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: (failures, error) => ![400, 404, 429].includes(httpStatusOf(error)) && failures < 2,
    staleTime: 60_000,
  });
}
