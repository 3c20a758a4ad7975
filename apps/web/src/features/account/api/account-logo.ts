import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AccountSettings } from '@certs/shared/account/account.contract';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account.keys';

export function setAccountLogo(id: string, attachmentId: string): Promise<AccountSettings> {
  return apiRequest(`/api/accounts/${encodeURIComponent(id)}/logo`, { method: 'PUT', body: { attachmentId }, schema: AccountSettings });
}

export function removeAccountLogo(id: string): Promise<AccountSettings> {
  return apiRequest(`/api/accounts/${encodeURIComponent(id)}/logo`, { method: 'DELETE', schema: AccountSettings });
}

/**
 * Set (an uploaded file's id) or remove (null) the account's logo. Only the cached logo changes:
 * the settings form below keeps whatever is being typed into it.
 */
export function useChangeAccountLogo(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string | null) => (attachmentId ? setAccountLogo(id, attachmentId) : removeAccountLogo(id)),
    onSuccess: (result) =>
      queryClient.setQueryData<AccountSettings>(accountKeys.settings(id), (old) => (old ? { ...old, logoUrl: result.logoUrl } : result)),
  });
}
