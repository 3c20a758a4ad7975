import { queryOptions, useQuery } from '@tanstack/react-query';
import { LoginRestrictionResponse } from '@certs/shared/auth/auth.contract';
import { isLoginBlocked, isRestrictionSkippedOnHost } from '@certs/shared/auth/login-restriction';
import type { UserType } from '@certs/shared/auth/roles';
import { apiRequest } from '../../../lib/api-client';

export function fetchLoginRestriction(signal?: AbortSignal): Promise<LoginRestrictionResponse> {
  return apiRequest('/unauth/loginrestriction', { schema: LoginRestrictionResponse, signal });
}

export function loginRestrictionQueryOptions() {
  return queryOptions({
    queryKey: ['login-restriction'],
    queryFn: ({ signal }) => fetchLoginRestriction(signal),
    staleTime: 60_000,
    // A failed fetch allows login (spec section 6), so there is nothing to wait for.
    retry: false,
  });
}

export function useLoginRestriction() {
  return useQuery(loginRestrictionQueryOptions());
}

/** The configured message when this sign-in must be refused here, else null. */
export function restrictionMessageFor(
  restriction: LoginRestrictionResponse | null | undefined,
  identifier: string,
  userType: UserType,
  hostname: string,
): string | null {
  if (!restriction?.config) return null;
  if (isRestrictionSkippedOnHost(hostname, restriction.testHost ?? undefined)) return null;
  return isLoginBlocked(restriction.config, identifier, userType) ? restriction.config.userMessageOnLogin : null;
}
