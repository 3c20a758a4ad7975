import { queryOptions, useQuery } from '@tanstack/react-query';
import { CurrentAccount } from '@certs/shared/account/account.contract';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account.keys';

export function findCurrentAccount(signal?: AbortSignal): Promise<CurrentAccount> {
  return apiRequest('/api/accounts/current', { schema: CurrentAccount, signal });
}

export function currentAccountQueryOptions() {
  return queryOptions({ queryKey: accountKeys.current(), queryFn: ({ signal }) => findCurrentAccount(signal) });
}

/** The account the signed-in staff member works in, and (for a super user) every other one. */
export function useCurrentAccount() {
  return useQuery(currentAccountQueryOptions());
}
