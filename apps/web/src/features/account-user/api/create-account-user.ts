import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AccountUser, type CreateAccountUserRequest } from '@certs/shared/account-user/account-user.contract';
import { apiRequest } from '../../../lib/api-client';
import { accountUserKeys } from './account-user.keys';

export function createAccountUser(request: CreateAccountUserRequest): Promise<AccountUser> {
  return apiRequest('/api/accountuser', { method: 'POST', body: request, schema: AccountUser });
}

export function useCreateAccountUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccountUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountUserKeys.all }),
  });
}
