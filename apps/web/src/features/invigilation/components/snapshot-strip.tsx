import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useRef, type KeyboardEvent } from 'react';
import type { ReviewSnapshot } from '@certs/shared/invigilation/invigilation.contract';

/** The snapshot at or just before a moment (the picture the camera last took), else the first. */
export function snapshotAt(snapshots: readonly ReviewSnapshot[], atMs: number): number {
  let index = 0;
  snapshots.forEach((snapshot, i) => {
    if (Date.parse(snapshot.takenOn) <= atMs) index = i;
  });
  return index;
}

/**
 * The camera snapshots of a sitting as one strip of small pictures (issue 45 item 12), apart from
 * the events: choosing one moves the recording there. One stop in the tab order (the picture at
 * the position); the arrow keys, Home and End move along the strip.
 */
export function SnapshotStrip({
  snapshots,
  positionMs,
  offsetText,
  onJump,
}: {
  snapshots: readonly ReviewSnapshot[];
  positionMs: number;
  /** How a moment reads ("+00:01:30"). */
  offsetText: (atMs: number) => string;
  onJump: (atMs: number) => void;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = snapshotAt(snapshots, positionMs);
  const move = (event: KeyboardEvent, from: number) => {
    const to = event.key === 'ArrowRight' ? from + 1 : event.key === 'ArrowLeft' ? from - 1 : event.key === 'Home' ? 0 : event.key === 'End' ? snapshots.length - 1 : null;
    if (to === null || to < 0 || to >= snapshots.length) return;
    event.preventDefault();
    buttons.current[to]?.focus();
    onJump(Date.parse(snapshots[to]!.takenOn));
  };
  return (
    <Box style={{ overflowX: 'auto' }} pb={4}>
      <Group gap={6} wrap="nowrap" role="toolbar" aria-label="Camera snapshots" data-testid="snapshot-strip">
        {snapshots.map((snapshot, index) => {
          const at = Date.parse(snapshot.takenOn);
          const isCurrent = index === current;
          return (
            <UnstyledButton
              key={snapshot.id}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              tabIndex={isCurrent ? 0 : -1}
              aria-current={isCurrent ? 'true' : undefined}
              aria-label={`Camera snapshot at ${offsetText(at)}`}
              onClick={() => onJump(at)}
              onKeyDown={(event) => move(event, index)}
              data-testid="review-snapshot"
              style={{ flex: '0 0 auto', borderRadius: 4, outlineOffset: 1, border: `2px solid ${isCurrent ? 'var(--mantine-color-indigo-7)' : 'transparent'}` }}
            >
              {snapshot.url ? (
                <img src={snapshot.url} alt="" width={64} height={48} loading="lazy" style={{ display: 'block', objectFit: 'cover', borderRadius: 2, background: 'var(--mantine-color-gray-3)' }} />
              ) : (
                <Box w={64} h={48} bg="gray.2" style={{ display: 'grid', placeItems: 'center', borderRadius: 2 }}>
                  <Text size="xs" c="gray.8">
                    Deleted
                  </Text>
                </Box>
              )}
              <Text size="xs" ta="center" c="gray.8">
                {offsetText(at).slice(1)}
              </Text>
            </UnstyledButton>
          );
        })}
      </Group>
    </Box>
  );
}
