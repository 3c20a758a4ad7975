import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DEFAULT_PAGE } from '@certs/shared/common/paging';
import type { SittingRow } from '@certs/shared/exam/exam.contract';
import { useSittings } from '../api/find-sittings';

/** When the sitting was held: its scheduled time, or when it was started. */
const sittingTime = (row: SittingRow) => Date.parse(row.scheduledAt ?? row.startedOn ?? '') || 0;

/**
 * On a staff application page: the candidate's online module sittings with a link to marking.
 * Sittings are found by application number and kept to this application.
 */
export function ApplicationSittings({ applicationId, applicationNumber, markingHref }: { applicationId: string; applicationNumber: string; markingHref: (examInstanceId: string) => string }) {
  const sittings = useSittings({ filter: 'All', kind: 'module', searchTerm: applicationNumber, page: DEFAULT_PAGE, pageSize: 50 }, !!applicationNumber);
  const rows = (sittings.data?.rows ?? [])
    .filter((row) => row.applicationId === applicationId && row.examInstanceId && (row.status === 'Submitted' || row.status === 'TimedOut'))
    // A module sat more than once: its latest sitting first, the earlier ones after it, marked (issue 45 item 5).
    .sort((a, b) => sittingTime(b) - sittingTime(a));
  if (rows.length === 0) return null;
  const isEarlier = (row: SittingRow, index: number) => rows.slice(0, index).some((later) => later.applicationModuleId === row.applicationModuleId);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="online-sittings-heading" data-testid="application-sittings">
      <Title order={2} size="h4" id="online-sittings-heading" mb="sm">
        Online exam marking
      </Title>
      <Stack gap="xs">
        {rows.map((row, index) => (
          <Group key={row.examInstanceId} justify="space-between" wrap="wrap">
            <Text size="sm">
              {row.moduleCode} {row.title}: {row.needsMarking ? 'waiting for marks' : row.percentage === null ? 'submitted' : `${row.percentage}% ${row.result ?? ''}`}
              {isEarlier(row, index) ? ' (earlier sitting)' : ''}
            </Text>
            {row.examInstanceId && (
              <Anchor component={Link} to={markingHref(row.examInstanceId)} fw={600} size="sm">
                {row.needsMarking ? 'Mark' : 'See the marks'}
              </Anchor>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
