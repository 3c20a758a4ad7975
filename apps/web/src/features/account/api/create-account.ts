import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AccountSettings, type AccountSettingsRequest } from '@certs/shared/account/account.contract';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account.keys';

export function createAccount(request: AccountSettingsRequest): Promise<AccountSettings> {
  return apiRequest('/api/accounts', { method: 'POST', body: request, schema: AccountSettings });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    // The switcher offers the new account at once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
