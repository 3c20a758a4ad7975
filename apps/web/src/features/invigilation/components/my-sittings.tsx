import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { SittingSummary } from '@certs/shared/invigilation/invigilation.contract';
import { useDateFormatter } from '../../../lib/dates';
import { useMySittings } from '../api/invigilation';

const ROLE_LABELS: Record<SittingSummary['myRole'], string> = { invigilator: 'Invigilator', examiner: 'Examiner', staff: 'Staff' };

function SittingTable({ caption, sittings, consoleHref }: { caption: string; sittings: SittingSummary[]; consoleHref: (sittingId: string) => string }) {
  const dates = useDateFormatter();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="xs">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Exam</Table.Th>
            <Table.Th>Candidates</Table.Th>
            <Table.Th>You are</Table.Th>
            <Table.Th>Console</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sittings.map((sitting) => (
            <Table.Tr key={sitting.sittingId} data-testid="my-sitting">
              <Table.Td>{dates.dateTime(sitting.scheduledAt)}</Table.Td>
              <Table.Td>
                {sitting.programCode} {sitting.moduleCode} {sitting.moduleTitle}
                {sitting.testTitle && (
                  <Text size="xs" c="dimmed">
                    {sitting.testTitle}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{sitting.candidates}</Table.Td>
              <Table.Td>{ROLE_LABELS[sitting.myRole]}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={consoleHref(sitting.sittingId)} fw={600} aria-label={`Open console: ${sitting.testTitle ?? sitting.moduleCode} at ${dates.dateTime(sitting.scheduledAt)}`}>
                  Open console
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * On the staff home, whatever the menus: the online sittings the person invigilates or examines
 * today and next, each opening its console. Nothing shows for those with none.
 */
export function MySittings({ consoleHref }: { consoleHref: (sittingId: string) => string }) {
  const sittings = useMySittings();
  if (!sittings.data || sittings.data.today.length + sittings.data.next.length === 0) return null;
  const { today, next } = sittings.data;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="my-sittings-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="my-sittings-heading">
          Sittings you invigilate
        </Title>
        {today.length > 0 ? (
          <SittingTable caption="Today" sittings={today} consoleHref={consoleHref} />
        ) : (
          <Text size="sm" c="dimmed">
            None today.
          </Text>
        )}
        {next.length > 0 && <SittingTable caption="Next" sittings={next} consoleHref={consoleHref} />}
      </Stack>
    </Paper>
  );
}
