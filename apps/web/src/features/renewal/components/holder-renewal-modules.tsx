import { Paper, Stack, Table, Title } from '@mantine/core';
import { formatDateTimeWithZone } from '@certs/shared/common/dates';
import type { Renewal } from '@certs/shared/renewal/renewal.contract';
import { ScrollRegion } from '../../../components/ui/scroll-region';

/** The holder's view of their AICIP renewal modules: each one's exam once sent to them, and its result. */
export function HolderRenewalModules({ renewal }: { renewal: Renewal }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Renewal modules
        </Title>
        <ScrollRegion label="Your renewal modules">
          <Table miw={560} aria-label="Your renewal modules">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Module</Table.Th>
                <Table.Th>Exam</Table.Th>
                <Table.Th>Result</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {renewal.modules.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{`${m.moduleCode} ${m.moduleTitle}${m.isRequired ? '' : ' (optional)'}`}</Table.Td>
                  <Table.Td>
                    {m.scheduleSentOn && m.scheduledAt
                      ? `${m.examKind ?? ''}, ${formatDateTimeWithZone(m.scheduledAt, m.scheduleTimeZone ?? undefined)}, ${m.durationMinutes ?? ''} minutes`
                      : 'To be scheduled'}
                  </Table.Td>
                  <Table.Td>{m.result ?? '-'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      </Stack>
    </Paper>
  );
}
