import { Checkbox, Table, Text } from '@mantine/core';
import type { EmployerConfirmationRow } from '@certs/shared/employer/confirmations.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { ScrollRegion } from '../../../components/ui/scroll-region';

/**
 * The company's welder qualifications whose confirmation falls due (issue 42), one row each; for
 * the coordinator a checkbox per row that can be confirmed now, and one that selects them all.
 */
export function ConfirmationsTable({ rows, selected, onSelect }: { rows: EmployerConfirmationRow[]; selected?: ReadonlySet<string>; onSelect?: (recordIds: string[], checked: boolean) => void }) {
  const selectable = rows.filter((row) => row.confirmable).map((row) => row.wpqRecordId);
  const canSelect = !!selected && !!onSelect;
  const chosen = canSelect ? selectable.filter((id) => selected.has(id)).length : 0;
  return (
    <ScrollRegion label="Confirmations">
      <Table miw={760} striped aria-label="Confirmations">
        <Table.Thead>
          <Table.Tr>
            {canSelect && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all welders"
                  checked={selectable.length > 0 && chosen === selectable.length}
                  indeterminate={chosen > 0 && chosen < selectable.length}
                  disabled={selectable.length === 0}
                  onChange={(event) => onSelect(selectable, event.currentTarget.checked)}
                />
              </Table.Th>
            )}
            <Table.Th>Welder</Table.Th>
            <Table.Th>Certificate</Table.Th>
            <Table.Th>Designation</Table.Th>
            <Table.Th>Last confirmed</Table.Th>
            <Table.Th>Next due</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.wpqRecordId}>
              {canSelect && (
                <Table.Td>
                  {row.confirmable && (
                    <Checkbox aria-label={`Select ${row.welderName} (${row.certificateNumber})`} checked={selected.has(row.wpqRecordId)} onChange={(event) => onSelect([row.wpqRecordId], event.currentTarget.checked)} />
                  )}
                </Table.Td>
              )}
              <Table.Th scope="row" fw={500}>
                {row.welderName}
              </Table.Th>
              <Table.Td>
                <Text size="sm">{row.certificateNumber}</Text>
                <Text size="xs" c="dimmed">
                  {row.programTitle}, {row.awardingBodyName}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.designations.join('; ') || '-'}</Text>
              </Table.Td>
              <Table.Td>{row.lastConfirmedOn ? <DateDisplay value={row.lastConfirmedOn} /> : 'Not yet'}</Table.Td>
              <Table.Td>
                <DateDisplay value={row.nextDueOn} />
                {!row.confirmable && (
                  <Text size="xs" c="dimmed">
                    Not open yet
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
