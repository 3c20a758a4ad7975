import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table that scrolls sideways on narrow screens: a named region that takes keyboard focus,
 * so that keyboard users can scroll it (axe `scrollable-region-focusable`), which Mantine's
 * Table.ScrollContainer does not offer.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </Box>
  );
}
