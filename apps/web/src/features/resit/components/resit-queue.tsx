import { Alert, Anchor, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, rangeText, totalPages } from '@certs/shared/common/paging';
import type { ResitModule } from '@certs/shared/resit/resit.contract';
import { RESIT_STAGE_COLORS, type ResitTypePath } from '@certs/shared/resit/resit-rules';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { useResitQueue } from '../api/resit';

/** Staff's queue of re-sits not yet at Resit Result, across the programs they may see (`incomplete/resitModules`). */
export function ResitQueue({ word, hrefOf }: { word: ResitTypePath; hrefOf: (resit: ResitModule) => string }) {
  const [page, setPage] = useState(1);
  const queue = useResitQueue(word, page, DEFAULT_PAGE_SIZE);
  const dates = useDateFormatter();
  if (queue.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessageOf(queue.error)}
      </Alert>
    );
  }
  if (!queue.data) return <Text>Loading…</Text>;
  const { rows, totalRows } = queue.data;
  if (rows.length === 0) return <Text c="dimmed">No re-sit is waiting.</Text>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing="sm" striped aria-label="Open re-sits">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Application Number</Table.Th>
              <Table.Th>Applicant</Table.Th>
              <Table.Th>Program Code</Table.Th>
              <Table.Th>Module</Table.Th>
              <Table.Th>Re-sit</Table.Th>
              <Table.Th>Stage</Table.Th>
              <Table.Th>Exam</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Anchor component={Link} to={hrefOf(row)}>
                    {row.applicationNumber}
                  </Anchor>
                </Table.Td>
                <Table.Td>{row.applicantName}</Table.Td>
                <Table.Td>{row.programCode}</Table.Td>
                <Table.Td>{row.moduleCode}</Table.Td>
                <Table.Td>{row.attempt}</Table.Td>
                <Table.Td>
                  <StatusBadge label={row.stage} color={RESIT_STAGE_COLORS[row.stage]} />
                </Table.Td>
                <Table.Td>{row.scheduledAt ? dates.dateTime(row.scheduledAt) : '-'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text size="sm">{rangeText(page, DEFAULT_PAGE_SIZE, totalRows)}</Text>
        <Pagination total={totalPages(totalRows, DEFAULT_PAGE_SIZE)} value={page} onChange={setPage} />
      </Group>
    </Stack>
  );
}
