import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { DEFAULT_PAGE } from '@certs/shared/common/paging';
import { useSittings } from '../api/find-sittings';

/**
 * On a staff application page: the candidate's online module sittings with a link to marking.
 * Sittings are found by application number and kept to this application.
 */
export function ApplicationSittings({ applicationId, applicationNumber, markingHref }: { applicationId: string; applicationNumber: string; markingHref: (examInstanceId: string) => string }) {
  const sittings = useSittings({ filter: 'All', kind: 'module', searchTerm: applicationNumber, page: DEFAULT_PAGE, pageSize: 50 }, !!applicationNumber);
  const rows = (sittings.data?.rows ?? []).filter((row) => row.applicationId === applicationId && row.examInstanceId && (row.status === 'Submitted' || row.status === 'TimedOut'));
  if (rows.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="online-sittings-heading" data-testid="application-sittings">
      <Title order={2} size="h4" id="online-sittings-heading" mb="sm">
        Online exam marking
      </Title>
      <Stack gap="xs">
        {rows.map((row) => (
          <Group key={row.examInstanceId} justify="space-between" wrap="wrap">
            <Text size="sm">
              {row.moduleCode} {row.title}: {row.needsMarking ? 'waiting for marks' : row.percentage === null ? 'submitted' : `${row.percentage}% ${row.result ?? ''}`}
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
