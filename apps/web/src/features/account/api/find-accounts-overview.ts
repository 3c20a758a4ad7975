import { useQuery } from '@tanstack/react-query';
import { PlatformOverview } from '@certs/shared/account/account.contract';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account.keys';

/** Each account's holdings and the mail outbox (`GET api/accounts/overview`, super users only). */
export function findAccountsOverview(signal?: AbortSignal): Promise<PlatformOverview> {
  return apiRequest('/api/accounts/overview', { schema: PlatformOverview, signal });
}

export function useAccountsOverview(options: { enabled?: boolean } = {}) {
  // Read afresh on each visit: the figures are the platform's health now.
  return useQuery({ queryKey: accountKeys.overview(), queryFn: ({ signal }) => findAccountsOverview(signal), staleTime: 0, enabled: options.enabled ?? true });
}
