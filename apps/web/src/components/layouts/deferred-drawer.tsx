import type { DrawerProps } from '@mantine/core';
import { Suspense, lazy, useEffect, useState, type ComponentType } from 'react';
import { afterFirstPageShown } from '../../lib/first-page';

const loadDrawer = () => import('./drawer');
// Offline before it was fetched: no drawer rather than a broken page.
const Drawer = lazy((): Promise<{ default: ComponentType<DrawerProps> }> => loadDrawer().catch(() => ({ default: () => null })));

/**
 * Mantine's Drawer, whose code (the modal base, scroll area and floating-ui: about 25 KB gzipped) is
 * fetched a second after the first page was shown, when the browser is idle, and rendered once first
 * opened: a menu drawer is not on a first visit's critical path (issue 22). Same props as Drawer.
 */
export function DeferredDrawer(props: DrawerProps) {
  const [hasOpened, setHasOpened] = useState(props.opened);
  if (props.opened && !hasOpened) setHasOpened(true);
  useEffect(() => {
    if (hasOpened) return;
    return afterFirstPageShown(() => void loadDrawer().catch(() => undefined));
  }, [hasOpened]);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <Drawer {...props} />
    </Suspense>
  );
}
