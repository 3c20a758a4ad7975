import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SIT_EXAM_PATH, SYSTEM_CHECK_PATH, WHAT_TO_BRING } from '@certs/shared/exam-schedule/exam-schedule.contract';
import type { ResitModule } from '@certs/shared/resit/resit.contract';
import { useDateFormatter } from '../../../lib/dates';

/** Where a re-sit is sat: online in Examinations (with the system check), at a test centre or at a venue. */
function ResitPlace({ resit }: { resit: ResitModule }) {
  if (resit.examKind === 'Online') {
    return (
      <>
        Online: start it in{' '}
        <Anchor component={Link} to={SIT_EXAM_PATH}>
          Examinations
        </Anchor>{' '}
        when its window opens.{' '}
        <Anchor component={Link} to={SYSTEM_CHECK_PATH}>
          Run the system check
        </Anchor>{' '}
        on your computer before the day.
      </>
    );
  }
  if (resit.testCentre) return <>Test centre: {`${resit.testCentre.name}, ${resit.testCentre.address}`}</>;
  return <>Venue: {resit.venue?.name || 'to be confirmed'}</>;
}

/**
 * A re-sit's sitting as the candidate reads it once the schedule is sent (issue 45 item 3): the
 * kind, date and time in their zone, the duration and the place, what to bring and staff's note.
 */
export function ResitWhenWhere({ resit }: { resit: ResitModule }) {
  const dates = useDateFormatter();
  if (!resit.scheduledAt || !resit.examKind) return null;
  return (
    <Stack gap={2} data-testid="resit-when-where">
      <Text size="sm" fw={500}>
        {resit.examKind} exam, {dates.dateTime(resit.scheduledAt)}
        {resit.durationMinutes !== null && ` · ${resit.durationMinutes} minutes`}
      </Text>
      <Text size="sm">
        <ResitPlace resit={resit} />
      </Text>
      {resit.examKind !== 'Online' && (
        <Text size="sm" c="dimmed">
          What to bring: {resit.whatToBring ?? WHAT_TO_BRING[resit.examKind]}
        </Text>
      )}
      {resit.scheduleNote && (
        <Text size="sm" c="dimmed">
          Note: {resit.scheduleNote}
        </Text>
      )}
    </Stack>
  );
}
