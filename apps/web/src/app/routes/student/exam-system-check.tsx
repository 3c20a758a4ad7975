import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { RECORDING_RETENTION_DAYS } from '@certs/shared/exam-integrity/exam-recording.contract';
import { RecordingConsentText } from '../../../features/exam-recording/components/recorded-exam-gate';
import { SystemCheck } from '../../../features/exam-recording/components/system-check';
import { usePageTitle } from '../../../lib/page-title';
import { STUDENT_EXAMINATIONS_PATH } from '../../route-paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/student/examinations/system-check`: the candidate checks their computer any time before a recorded exam. */
export function StudentExamSystemCheckRoute() {
  usePageTitle('System check');
  const [params] = useSearchParams();
  const module = params.get('module');
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>System check for recorded exams</Title>
        <Text c="dimmed">Run it on the computer you will sit the exam on. The exam runs it again before it starts.</Text>
      </Stack>
      <Paper withBorder p="md" radius="md">
        <SystemCheck applicationModuleId={module && UUID.test(module) ? module : undefined} />
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            About the recording
          </Title>
          <RecordingConsentText retentionDays={RECORDING_RETENTION_DAYS} />
        </Stack>
      </Paper>
      <Anchor component={Link} to={STUDENT_EXAMINATIONS_PATH}>
        Back to Examinations
      </Anchor>
    </Stack>
  );
}
