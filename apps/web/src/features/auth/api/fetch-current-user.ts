import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SessionUser } from '@certs/shared/auth/auth.contract';
import { apiRequest } from '../../../lib/api-client';
import { getSession, replaceStoredUser, useSession } from '../../../lib/auth';

export function fetchCurrentUser(signal?: AbortSignal): Promise<SessionUser> {
  return apiRequest('/api/users/me', { schema: SessionUser, signal });
}

export const currentUserQueryKey = ['current-user'] as const;

export function currentUserQueryOptions(userId: string) {
  return queryOptions({
    queryKey: [...currentUserQueryKey, userId],
    queryFn: ({ signal }) => fetchCurrentUser(signal),
  });
}

/**
 * Reloads the signed-in user when a layout opens, so a menu or name changed by an administrator
 * shows without signing in again, and an ended session is noticed at once.
 */
export function useSyncCurrentUser(): void {
  const userId = useSession()?.user.id ?? '';
  const { data, dataUpdatedAt } = useQuery({ ...currentUserQueryOptions(userId), enabled: !!userId });
  // Only a newly fetched answer is applied; an older one must not undo a change made since.
  const appliedAt = useRef(0);
  useEffect(() => {
    if (!data || dataUpdatedAt === appliedAt.current) return;
    appliedAt.current = dataUpdatedAt;
    const stored = getSession()?.user;
    if (stored?.id === data.id && JSON.stringify(stored) !== JSON.stringify(data)) replaceStoredUser(data);
  }, [data, dataUpdatedAt]);
}
