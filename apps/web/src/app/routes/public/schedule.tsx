import { Stack, Text, Title } from '@mantine/core';
import { PublicScheduleView } from '../../../features/exam-schedule/components/public-schedule-view';
import { usePageTitle } from '../../../lib/page-title';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { PUBLIC_SCHEDULE_PATH } from '../../route-paths';


/** The public exam schedule (spec section 2, schedule): sessions at venues, test centres and online, by day; never candidates. */
export function PublicScheduleRoute() {
  usePageTitle('Exam schedule');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Exam schedule</Title>
        <Text c="dimmed">Upcoming exam sessions at venues and test centres, and online exams (sat from anywhere), by day. Times are in Sydney time.</Text>
      </Stack>
      <PublicScheduleView />
    </Stack>
  );
}
