import { useQuery } from '@tanstack/react-query';
import { PUBLIC_REGISTER_PATHS, RegisterBodyList, type RegisterBody } from '@certs/shared/public-register/public-register.contract';
import { apiRequest } from '../../../lib/api-client';
import { publicRegisterKeys } from './public-register.keys';

/** The awarding bodies whose holders the registers list (`GET unauth/accounts`), no sign-in. */
export function fetchRegisterBodies(signal?: AbortSignal): Promise<RegisterBody[]> {
  return apiRequest(PUBLIC_REGISTER_PATHS.bodies, { schema: RegisterBodyList, signal });
}

/** Bodies change rarely: kept for a few minutes, as the server lets caches keep them. */
export function useRegisterBodies() {
  return useQuery({ queryKey: publicRegisterKeys.bodies, queryFn: ({ signal }) => fetchRegisterBodies(signal), staleTime: 5 * 60_000 });
}
