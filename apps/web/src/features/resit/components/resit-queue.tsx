import { Alert, Anchor, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_PAGE_SIZE, rangeText, totalPages } from '@certs/shared/common/paging';
import { APPLICATION_TYPES } from '@certs/shared/application/application-status';
import type { ResitModule } from '@certs/shared/resit/resit.contract';
import { RESIT_STAGE_COLORS, RESIT_STAGE_LABELS, RESIT_TYPES, type ResitTypePath } from '@certs/shared/resit/resit-rules';
import { ExportButton } from '../../../components/ui/export-button';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { csvFileName, type CsvColumn } from '../../../lib/export-csv';
import { findResitQueue, useResitQueue } from '../api/resit';

/** The open re-sits as a file. */
export const RESIT_CSV_COLUMNS: readonly CsvColumn<ResitModule>[] = [
  { header: 'Application Number', value: (row) => row.applicationNumber },
  { header: 'Applicant', value: (row) => row.applicantName },
  { header: 'Program Code', value: (row) => row.programCode },
  { header: 'Program Title', value: (row) => row.programTitle },
  { header: 'Module Code', value: (row) => row.moduleCode },
  { header: 'Module Title', value: (row) => row.moduleTitle },
  { header: 'Re-sit', value: (row) => row.attempt },
  { header: 'Stage', value: (row) => RESIT_STAGE_LABELS[row.stage] },
  { header: 'Exam', value: (row, dates) => dates.dateTime(row.scheduledAt) },
];

/** Staff's queue of re-sits whose result is not yet recorded, across the programs they may see (`incomplete/resitModules`). */
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
      <Group justify="flex-end">
        <ExportButton
          table="Re-sits"
          fileName={csvFileName(APPLICATION_TYPES[RESIT_TYPES[word]].label, 'resits')}
          source={{ kind: 'pages', columns: RESIT_CSV_COLUMNS, fetchPage: (exportPage, exportPageSize) => findResitQueue(word, exportPage, exportPageSize) }}
        />
      </Group>
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
                  <StatusBadge label={RESIT_STAGE_LABELS[row.stage]} value={row.stage} color={RESIT_STAGE_COLORS[row.stage]} />
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
