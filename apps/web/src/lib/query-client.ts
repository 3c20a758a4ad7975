import { QueryClient } from '@tanstack/react-query';
import { ApiError, busyRetryDelayMs } from './api-client';
import { getSession, subscribeToSession } from './auth';

const MAX_RETRIES = 2;

/** A 4xx will not change by asking again; a dropped connection or a 5xx might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** TanStack Query's own doubling delay, unless a busy server said how long to wait (Retry-After). */
function retryDelayMs(failureCount: number, error: unknown): number {
  return busyRetryDelayMs(error) ?? Math.min(1000 * 2 ** failureCount, 30_000);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: shouldRetry, retryDelay: retryDelayMs },
      mutations: { retry: false },
    },
  });
}

/**
 * Empties a cache whenever the signed-in user changes (logout, an expired session, a sign-in or
 * sign-out in another tab), so that the next person at this browser sees nothing of the last.
 */
export function clearWhenUserChanges(client: QueryClient): () => void {
  let userId = getSession()?.user.id ?? null;
  return subscribeToSession(() => {
    const current = getSession()?.user.id ?? null;
    if (current === userId) return;
    userId = current;
    client.clear();
  });
}

/** The app's one cache. */
export const queryClient = createQueryClient();
clearWhenUserChanges(queryClient);
