import { useMutation } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '@certs/shared/auth/roles';
import { apiRequest } from '../../../lib/api-client';
import { clearSession } from '../../../lib/auth';

/** A logout that cannot get an answer in this time is given up (an aborted request sets no cookie). */
const SIGN_OUT_TIMEOUT_MS = 10_000;
let pendingSignOut: Promise<unknown> = Promise.resolve();

/** Revokes the refresh cookie's session on the server. */
export function signOut(): Promise<void> {
  const request = apiRequest<void>('/auth/local/logout', { method: 'POST', timeoutMs: SIGN_OUT_TIMEOUT_MS });
  pendingSignOut = request.catch(() => undefined);
  return request;
}

/**
 * Resolves once no logout is under way. The logout's answer clears the refresh cookie: a sign-in
 * answered before it would have its new cookie cleared and the user signed out at the next refresh.
 */
export function afterPendingSignOut(): Promise<unknown> {
  return pendingSignOut;
}

/**
 * Logout clears stored data and goes to the login route matching the current path (spec section 2).
 * The browser forgets the user before the server answers: a server that cannot be reached, or a
 * page left while the request is under way (which aborts it), must not leave the session stored.
 */
export function useSignOut() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useMutation({
    mutationFn: signOut,
    // The cache empties itself when the user changes (lib/query-client).
    onMutate: () => {
      clearSession('logout');
      void navigate(loginPathFor(pathname), { replace: true });
    },
  });
}
