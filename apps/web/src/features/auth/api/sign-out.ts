import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '@certs/shared/auth/roles';
import { apiRequest } from '../../../lib/api-client';
import { clearSession } from '../../../lib/auth';

/** Revokes the refresh cookie's session on the server. */
export function signOut(): Promise<void> {
  return apiRequest('/auth/local/logout', { method: 'POST' });
}

/** Logout clears stored data and goes to the login route matching the current path (spec section 2). */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useMutation({
    mutationFn: signOut,
    // Even when the server cannot be reached, this browser forgets the user.
    onSettled: () => {
      clearSession('logout');
      queryClient.clear();
      void navigate(loginPathFor(pathname), { replace: true });
    },
  });
}
