import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { APPEAL_SUBJECT_SHORT, applicantAppealPath, type AppealRow } from '@certs/shared/appeal/appeal.contract';
import { CASE_OUTCOME_LABELS } from '@certs/shared/case/case.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { AppealStatusBadge } from './appeal-status-badge';
import { ScrollRegion } from '../../../components/ui/scroll-region';

/** The person's appeals: the reference opens each; its status and outcome. */
export function MyAppealsList({ rows, showProgram = false }: { rows: readonly AppealRow[]; showProgram?: boolean }) {
  if (rows.length === 0) return null;
  return (
    <ScrollRegion label="Your appeals">
      <Table miw={480} striped aria-label="Your appeals" data-testid="my-appeals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reference</Table.Th>
            {showProgram && <Table.Th>Program</Table.Th>}
            <Table.Th>Against</Table.Th>
            <Table.Th>Received</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Outcome</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row">
                <Anchor component={Link} to={applicantAppealPath(row.reference)} size="sm" fw={600}>
                  {row.reference}
                </Anchor>
              </Table.Th>
              {showProgram && (
                <Table.Td>
                  {row.programCode}
                  {row.applicationNumber ? ` ${row.applicationNumber}` : ''}
                </Table.Td>
              )}
              <Table.Td>{APPEAL_SUBJECT_SHORT[row.subject]}</Table.Td>
              <Table.Td>
                <DateDisplay value={row.receivedOn} />
              </Table.Td>
              <Table.Td>
                <AppealStatusBadge status={row.status} />
              </Table.Td>
              <Table.Td data-testid="appeal-outcome">{row.outcome ? CASE_OUTCOME_LABELS[row.outcome] : <Text span size="sm" c="dimmed">Not decided yet</Text>}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
