import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountUser } from '@certs/shared/account-user/account-user.contract';
import { apiRequest } from '../../../lib/api-client';
import { accountUserKeys } from './account-user.keys';

export function findAccountUser(id: string, signal?: AbortSignal): Promise<AccountUser> {
  return apiRequest(`/api/accountuser/${encodeURIComponent(id)}`, { schema: AccountUser, signal });
}

export function accountUserQueryOptions(id: string) {
  return queryOptions({
    queryKey: accountUserKeys.detail(id),
    queryFn: ({ signal }) => findAccountUser(id, signal),
    // An edit starts from the record as it is now, not as the list showed it.
    staleTime: 0,
  });
}

export function useAccountUser(id: string | null) {
  return useQuery({ ...accountUserQueryOptions(id ?? ''), enabled: !!id });
}
