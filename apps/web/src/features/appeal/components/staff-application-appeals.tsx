import { Anchor, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { APPEAL_SUBJECT_SHORT, staffAppealPath } from '@certs/shared/appeal/appeal.contract';
import { CASE_OUTCOME_LABELS } from '@certs/shared/case/case.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { useAppealRegister } from '../api/staff-appeals';
import { CaseAge } from '../../../components/case/case-panel';
import { AppealStatusBadge } from './appeal-status-badge';

/** The appeals of one application on the staff's application page (issue 43); hidden while there are none or the caller has no Appeals menu. */
export function StaffApplicationAppeals({ applicationId, enabled }: { applicationId: string; enabled: boolean }) {
  const appeals = useAppealRegister({ page: 1, pageSize: 50, applicationId }, enabled);
  const rows = appeals.data?.rows ?? [];
  if (!enabled || rows.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="application-appeals-heading" data-testid="application-appeals">
      <Stack gap="sm">
        <Title order={2} size="h4" id="application-appeals-heading">
          Appeals
        </Title>
        <Table.ScrollContainer minWidth={520}>
          <Table striped aria-label="Appeals of this application">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reference</Table.Th>
                <Table.Th>Against</Table.Th>
                <Table.Th>Received</Table.Th>
                <Table.Th>Handler</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Age</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Th scope="row">
                    <Anchor component={Link} to={staffAppealPath(row.id)} size="sm" fw={600}>
                      {row.reference}
                    </Anchor>
                  </Table.Th>
                  <Table.Td>{APPEAL_SUBJECT_SHORT[row.subject]}</Table.Td>
                  <Table.Td>
                    <DateDisplay value={row.receivedOn} />
                  </Table.Td>
                  <Table.Td>{row.handlerName ?? <Text span size="sm" c="dimmed">Not assigned</Text>}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <AppealStatusBadge status={row.status} />
                      {row.outcome && <Text size="xs">{CASE_OUTCOME_LABELS[row.outcome]}</Text>}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <CaseAge ageDays={row.ageDays} overdue={row.overdue} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
