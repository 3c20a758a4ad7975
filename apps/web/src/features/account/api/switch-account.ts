import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CurrentAccount } from '@certs/shared/account/account.contract';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account.keys';

export function switchAccount(accountId: string): Promise<CurrentAccount> {
  return apiRequest('/api/accounts/current', { method: 'POST', body: { accountId }, schema: CurrentAccount });
}

/**
 * Moves a super user into another account. Everything cached was read in the old account, so the
 * whole cache goes; the answer is kept as the new current account so the header shows it at once.
 */
export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchAccount,
    onSuccess: (current) => {
      queryClient.clear();
      queryClient.setQueryData(accountKeys.current(), current);
    },
  });
}
