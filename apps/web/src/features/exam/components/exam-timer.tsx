import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { formatRemaining } from '../model/exam-clock';
import type { ExamController } from '../model/exam-controller';

/**
 * The countdown on the server's clock. The visible figure changes every second but is not a live
 * region (role timer is not announced); screen readers hear the minutes through two hidden live
 * regions instead: once a minute politely, the 5- and 1-minute marks and the end at once.
 */
export function ExamTimer({ controller, isCompact = false }: { controller: ExamController; isCompact?: boolean }) {
  const { remainingSeconds, announcement } = useSyncExternalStore(controller.subscribeCountdown, controller.getCountdown);
  const isLow = remainingSeconds <= 5 * 60;
  return (
    // Compact (a phone): the label beside the figure, on one line.
    <Stack gap={0} align="flex-end" style={isCompact ? { flexDirection: 'row', alignItems: 'baseline', gap: 6, flexShrink: 0 } : undefined}>
      <Text size="xs" c="dimmed" id="exam-time-left-label">
        Time left
      </Text>
      <Group gap={4}>
        <Text
          role="timer"
          aria-live="off"
          aria-labelledby="exam-time-left-label"
          fw={700}
          fz={isCompact ? 'md' : 'xl'}
          ff="monospace"
          c={isLow ? 'red.9' : undefined}
          data-testid="exam-time-left"
        >
          {formatRemaining(remainingSeconds)}
        </Text>
      </Group>
      <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="exam-time-announcement">
        {announcement && !announcement.isUrgent ? announcement.text : ''}
      </VisuallyHidden>
      <VisuallyHidden aria-live="assertive" aria-atomic="true" data-testid="exam-time-warning">
        {announcement?.isUrgent ? announcement.text : ''}
      </VisuallyHidden>
    </Stack>
  );
}
