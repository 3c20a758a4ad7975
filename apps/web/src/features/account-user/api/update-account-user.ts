import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AccountUser, type UpdateAccountUserRequest } from '@certs/shared/account-user/account-user.contract';
import { apiRequest } from '../../../lib/api-client';
import { accountUserKeys } from './account-user.keys';

export function updateAccountUser(id: string, request: UpdateAccountUserRequest): Promise<AccountUser> {
  return apiRequest(`/api/accountuser/update/${encodeURIComponent(id)}`, { method: 'POST', body: request, schema: AccountUser });
}

export function useUpdateAccountUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: UpdateAccountUserRequest }) => updateAccountUser(id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountUserKeys.all }),
  });
}
