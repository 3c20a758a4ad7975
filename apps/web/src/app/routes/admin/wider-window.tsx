import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { BREAKPOINTS, breakpointWidth, type BreakpointName } from '@certs/shared/common/breakpoints';
import { useIsNarrowerThan } from '../../../lib/use-is-narrower-than';
import { usePageTitle } from '../../../lib/page-title';

/** Only a path of this app goes back: `//host` or a full address would leave it (an open redirect). */
function internalPathOf(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}

function breakpointOf(value: string | null): BreakpointName {
  return value && (value in BREAKPOINTS || value === '2xl') ? (value as BreakpointName) : 'md';
}

/**
 * A screen that cannot work on a phone (the certificate template designer places fields on a page
 * by dragging) sends a narrow window here instead of showing a broken layout (issue 45 item 14, the
 * spec's screen-width helper). Turning the device or widening the window goes straight back.
 */
export function AdminWiderWindowRoute() {
  usePageTitle('A wider window is needed');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = internalPathOf(params.get('next'));
  const breakpoint = breakpointOf(params.get('width'));
  const isStillNarrow = useIsNarrowerThan(breakpoint);
  useEffect(() => {
    if (next && !isStillNarrow) void navigate(next, { replace: true });
  }, [next, isStillNarrow, navigate]);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="wider-window-heading">
      <Stack gap="sm">
        <Title order={1} size="h2" id="wider-window-heading">
          This screen needs a wider window
        </Title>
        <Text>
          It needs a window at least {breakpointWidth(breakpoint).toLocaleString('en-AU')} px wide: open it on a computer, or turn a tablet sideways. It opens by
          itself once the window is wide enough.
        </Text>
        <Anchor component={Link} to="/admin">
          Back to the home page
        </Anchor>
      </Stack>
    </Paper>
  );
}
