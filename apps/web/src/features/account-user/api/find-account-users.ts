import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AccountUserPage } from '@certs/shared/account-user/account-user.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { apiRequest } from '../../../lib/api-client';
import { accountUserKeys, type AccountUserListParams } from './account-user.keys';

export function findAccountUsers(params: AccountUserListParams, signal?: AbortSignal): Promise<AccountUserPage> {
  return apiRequest('/api/accountuser/pagination/all', {
    query: { page: params.page, pageSize: params.pageSize, search: params.search },
    schema: AccountUserPage,
    signal,
  });
}

export function accountUsersQueryOptions(params: AccountUserListParams) {
  // A blank search is no search (spec section 5), and shares the unsearched list's cache entry.
  const normalized: AccountUserListParams = { page: params.page, pageSize: params.pageSize, search: searchTermOrUndefined(params.search) };
  return queryOptions({
    queryKey: accountUserKeys.list(normalized),
    queryFn: ({ signal }) => findAccountUsers(normalized, signal),
    // The table keeps its rows while the next page loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useAccountUsers(params: AccountUserListParams) {
  return useQuery(accountUsersQueryOptions(params));
}
