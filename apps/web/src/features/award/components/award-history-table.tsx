import { Table, Text } from '@mantine/core';
import type { Award } from '@certs/shared/award/award.contract';
import { AWARD_STATUS_LABELS, awardHistoryActionLabel } from '@certs/shared/award/award-status';
import { DateDisplay } from '../../../components/ui/date-display';

/** An award's history, oldest first: who did what, when, from which status to which, and why. */
export function AwardHistoryTable({ award }: { award: Pick<Award, 'certificateNumber' | 'history'> }) {
  if (award.history.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No history yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label={`History of award ${award.certificateNumber}`} data-testid="award-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">When</Table.Th>
            <Table.Th scope="col">Action</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Reason</Table.Th>
            <Table.Th scope="col">By</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {award.history.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <DateDisplay value={entry.createdOn} withTime />
              </Table.Td>
              <Table.Td>{awardHistoryActionLabel(entry.action)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {entry.fromStatus ? `${AWARD_STATUS_LABELS[entry.fromStatus]} > ` : ''}
                {AWARD_STATUS_LABELS[entry.toStatus]}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{entry.reason ?? '-'}</Table.Td>
              <Table.Td>{entry.createdByName ?? 'System'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
