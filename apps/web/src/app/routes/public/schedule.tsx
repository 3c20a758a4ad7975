import { Stack, Text, Title } from '@mantine/core';
import { PublicScheduleView } from '../../../features/exam-schedule/components/public-schedule-view';
import { usePageTitle } from '../../../lib/page-title';

export const PUBLIC_SCHEDULE_PATH = '/schedule';

/** The public exam schedule (spec section 2, schedule): sessions by venue or test centre and day, never candidates. */
export function PublicScheduleRoute() {
  usePageTitle('Exam schedule');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Exam schedule</Title>
        <Text c="dimmed">Upcoming exam sessions by venue or test centre and day. Times are in Sydney time.</Text>
      </Stack>
      <PublicScheduleView />
    </Stack>
  );
}
