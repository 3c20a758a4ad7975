import { Table, Text } from '@mantine/core';
import type { ApplicationHistoryEntry } from '@certs/shared/application/application-stage.contract';
import { ApplicationStep } from '../../../components/ui/application-status';
import { DateDisplay } from '../../../components/ui/date-display';

/** Every move of the application: when, who, from, to and the note written with it. */
export function HistoryTable({ entries }: { entries: readonly ApplicationHistoryEntry[] }) {
  return (
    // Its viewport takes keyboard focus, so that keyboard users can scroll a history wider than a phone (axe scrollable-region-focusable).
    <Table.ScrollContainer minWidth={640} scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'group', 'aria-label': 'Application history' } }}>
      <Table striped verticalSpacing="xs" aria-label="Application history" data-testid="application-history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>By</Table.Th>
            <Table.Th>From</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>Note</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <DateDisplay value={entry.changedOn} withTime />
              </Table.Td>
              <Table.Td>{entry.changedBy}</Table.Td>
              <Table.Td>
                <ApplicationStep status={entry.fromStatus} stage={entry.fromStage} />
              </Table.Td>
              <Table.Td>
                <ApplicationStep status={entry.toStatus} stage={entry.toStage} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {entry.note || '-'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
