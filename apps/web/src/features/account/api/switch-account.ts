import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { CurrentAccount } from '@certs/shared/account/account.contract';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account.keys';

export function switchAccount(accountId: string): Promise<CurrentAccount> {
  return apiRequest('/api/accounts/current', { method: 'POST', body: { accountId }, schema: CurrentAccount });
}

/**
 * Moves a super user into another account. Everything cached was read in the old account, so it
 * all goes, but for the current account itself, which takes the answer: the header shows the new
 * account at once, and every screen opened after reads anew.
 */
export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchAccount,
    onSuccess: (current) => {
      const currentHash = hashKey(accountKeys.current());
      queryClient.setQueryData(accountKeys.current(), current);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== currentHash });
    },
  });
}
