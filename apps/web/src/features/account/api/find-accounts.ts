import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AccountSummary } from '@certs/shared/account/account.contract';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account.keys';

const AccountSummaries = z.array(AccountSummary);

/** Every account on the platform (super users only). */
export function findAccounts(signal?: AbortSignal): Promise<AccountSummary[]> {
  return apiRequest('/api/accounts', { schema: AccountSummaries, signal });
}

export function accountsQueryOptions() {
  return queryOptions({ queryKey: accountKeys.list(), queryFn: ({ signal }) => findAccounts(signal) });
}

export function useAccounts(options: { enabled?: boolean } = {}) {
  return useQuery({ ...accountsQueryOptions(), enabled: options.enabled ?? true });
}
