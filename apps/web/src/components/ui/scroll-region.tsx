import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Shadows at a side where more of the content lies: the white covers scroll with the content
 * (`local`), the shadows stay with the box (`scroll`), so a shadow shows only where there is more
 * to scroll to: the cue that a table goes on beyond the screen's edge.
 */
export const SCROLL_SHADOWS = {
  background: [
    'linear-gradient(to right, var(--mantine-color-body) 30%, transparent) left center / 40px 100% no-repeat local',
    'linear-gradient(to left, var(--mantine-color-body) 30%, transparent) right center / 40px 100% no-repeat local',
    'radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.18), transparent) left center / 14px 100% no-repeat scroll',
    'radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.18), transparent) right center / 14px 100% no-repeat scroll',
  ].join(', '),
} as const;

/**
 * A wide table that scrolls sideways on narrow screens: a named region that takes keyboard focus,
 * so that keyboard users can scroll it (axe `scrollable-region-focusable`), which Mantine's
 * Table.ScrollContainer does not offer; a shadow at the edge shows that there is more to the side.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto', ...SCROLL_SHADOWS }} data-scroll-cue="shadow">
      {children}
    </Box>
  );
}
