import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountSettings } from '@certs/shared/account/account.contract';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account.keys';

export function findAccountSettings(id: string, signal?: AbortSignal): Promise<AccountSettings> {
  return apiRequest(`/api/accounts/${encodeURIComponent(id)}`, { schema: AccountSettings, signal });
}

export function accountSettingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: accountKeys.settings(id),
    queryFn: ({ signal }) => findAccountSettings(id, signal),
    // The form starts from the settings as they are now, not as an earlier visit read them.
    staleTime: 0,
  });
}

export function useAccountSettings(id: string | null) {
  return useQuery({ ...accountSettingsQueryOptions(id ?? ''), enabled: !!id });
}
