import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { afterFirstPageShown } from '../lib/first-page';
import { queryClient as appQueryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

// A failed fetch (offline before it was cached) shows no notifications rather than breaking the page.
const NotificationsOutlet = lazy(
  (): Promise<{ default: ComponentType }> => import('./notifications-outlet').catch(() => ({ default: () => null })),
);

/**
 * True a second after the first page was shown and the browser is idle (lib/first-page.ts), or as soon
 * as a notification is shown: the notifications' code stays off a first visit's critical path
 * (issue 22). A notification shown earlier waits in Mantine's store and appears when the outlet mounts.
 */
function useNotificationsWanted(): boolean {
  const [isWanted, setWanted] = useState(() => notificationsStore.getState().notifications.length > 0);
  useEffect(() => {
    if (isWanted) return;
    const want = () => setWanted(true);
    const unsubscribe = notificationsStore.subscribe(want);
    const cancel = afterFirstPageShown(want);
    return () => {
      unsubscribe();
      cancel();
    };
  }, [isWanted]);
  return isWanted;
}

interface ProvidersProps {
  children: ReactNode;
  /** Tests pass a fresh client so that no cached answer leaks between them. */
  queryClient?: QueryClient;
}

/** Theme, data cache and notifications for the whole app (dialogs are Mantine's Modal where used: no modals manager). */
export function Providers({ children, queryClient = appQueryClient }: ProvidersProps) {
  const isNotificationsWanted = useNotificationsWanted();
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        {isNotificationsWanted && (
          <Suspense fallback={null}>
            <NotificationsOutlet />
          </Suspense>
        )}
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
