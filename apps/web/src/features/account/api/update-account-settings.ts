import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AccountSettings, type AccountSettingsRequest } from '@certs/shared/account/account.contract';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account.keys';

export function updateAccountSettings(id: string, request: AccountSettingsRequest): Promise<AccountSettings> {
  return apiRequest(`/api/accounts/${encodeURIComponent(id)}`, { method: 'PUT', body: request, schema: AccountSettings });
}

export function useUpdateAccountSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: AccountSettingsRequest }) => updateAccountSettings(id, request),
    // A new name shows in the header and the switcher.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
