import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SessionUser, type UpdatePreferencesRequest } from '@certs/shared/auth/auth.contract';
import { apiRequest } from '../../../lib/api-client';
import { replaceStoredUser } from '../../../lib/auth';
import { currentUserQueryOptions } from './fetch-current-user';

export function updatePreferences(request: UpdatePreferencesRequest): Promise<SessionUser> {
  return apiRequest('/api/users/me/preferences', { method: 'POST', body: request, schema: SessionUser });
}

/** Saves the zone on the server and in the stored user, so every date re-renders in it. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryOptions(user.id).queryKey, user);
      replaceStoredUser(user);
    },
  });
}
