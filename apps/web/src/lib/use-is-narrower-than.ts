import { useSyncExternalStore } from 'react';
import { isNarrowerThan, type BreakpointName } from '@certs/shared/common/breakpoints';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * Whether the window is narrower than a breakpoint of spec section 2's screen-width helper (sm 640,
 * md 768, lg 1024, xl 1280, else 1536): the same rule as `useRedirectWhenNarrower`, read again on
 * every resize, for screens that change their layout instead of sending the user elsewhere.
 */
export function useIsNarrowerThan(breakpoint: BreakpointName): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isNarrowerThan(window.innerWidth, breakpoint),
    () => false,
  );
}
