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
    onSuccess: async (user) => {
      // A read of the user that left before this save (the layout's, at sign-in) would land after
      // it with the old zone and put it back on screen: it is called off first.
      const { queryKey } = currentUserQueryOptions(user.id);
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData(queryKey, user);
      replaceStoredUser(user);
    },
  });
}
