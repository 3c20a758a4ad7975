import { Alert, Button, FileInput, Group, List, NativeSelect, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BULK_IMPORT_MESSAGES, BULK_IMPORT_PATHS, ROW_RESULT_LABELS, type BulkImport, type BulkImportPreview, type RowResult } from '@certs/shared/bulk-import/bulk-import.contract';
import type { ReportProgram } from '@certs/shared/report/report.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateDisplay } from '../../../components/ui/date-display';
import { ExportButton } from '../../../components/ui/export-button';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { StatusBadge } from '../../../components/ui/status-badge';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { errorMessageOf } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import type { CsvColumn } from '../../../lib/export-csv';
import { usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { findImports, useAddImport, useImport, useImports, usePreviewImport } from '../api/bulk-import';

const RESULT_COLORS: Record<RowResult, string> = { created: 'green', updated: 'blue', unchanged: 'gray', refused: 'red' };

function Counts({ value }: { value: { created: number; updated: number; unchanged: number; refused: number } }) {
  return (
    <Group gap="xs" data-testid="import-counts">
      {(['created', 'updated', 'unchanged', 'refused'] as const).map((result) => (
        <StatusBadge key={result} color={RESULT_COLORS[result]} label={`${ROW_RESULT_LABELS[result]}: ${value[result]}`} />
      ))}
    </Group>
  );
}

function PreviewTable({ preview }: { preview: BulkImportPreview }) {
  return (
    <ScrollRegion label="Rows of the file">
      <Table striped withTableBorder data-testid="import-preview">
        <Table.Caption>What each row will do</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Row</Table.Th>
            <Table.Th scope="col">Email</Table.Th>
            <Table.Th scope="col">Result</Table.Th>
            <Table.Th scope="col">Problems</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.map((row) => (
            <Table.Tr key={row.rowNumber}>
              <Table.Td>{row.rowNumber}</Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>
                <StatusBadge color={RESULT_COLORS[row.result]} label={ROW_RESULT_LABELS[row.result]} />
              </Table.Td>
              <Table.Td>
                {row.errors.length === 0
                  ? '-'
                  : row.errors.map((error) => (
                      <Text key={error.field} size="sm">
                        <strong>{error.field}</strong>: {error.reason}
                      </Text>
                    ))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
const rows = (count: number) => counted(count, 'row');

/** What starting the import will do, said before it starts: it cannot be taken back. */
function WhatWillHappen({ preview, programName }: { preview: BulkImportPreview; programName: string }) {
  return (
    <Stack gap="xs">
      <Text size="sm">The import runs in the background for {programName}; its progress shows on this page. It cannot be undone.</Text>
      <List size="sm" spacing={2}>
        {preview.created > 0 && (
          <List.Item>
            {counted(preview.created, 'new application')}; a new applicant also gets an account and an email with a link to choose a password.
          </List.Item>
        )}
        {preview.updated > 0 && <List.Item>{counted(preview.updated, 'known applicant')} updated from the filled-in cells.</List.Item>}
        {preview.unchanged + preview.refused > 0 && (
          <List.Item>
            {rows(preview.unchanged + preview.refused)} skipped ({preview.unchanged} unchanged, {preview.refused} refused).
          </List.Item>
        )}
      </List>
    </Stack>
  );
}

function ImportProgress({ id }: { id: string }) {
  const found = useImport(id);
  const client = useQueryClient();
  const data = found.data;
  const isDone = data?.status === 'Completed' || data?.status === 'Failed';
  useEffect(() => {
    if (isDone) void client.invalidateQueries({ queryKey: ['bulk-imports', 'list'] });
  }, [isDone, client]);
  if (!data) return null;
  const percent = data.totalRows > 0 ? Math.round((data.processedRows / data.totalRows) * 100) : 0;
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <Text size="sm" fw={600}>
        Import {data.status === 'Completed' ? 'finished' : data.status === 'Failed' ? 'failed' : 'running'}: {data.processedRows} of {data.totalRows} rows
      </Text>
      <Progress value={percent} aria-label="Import progress" />
      <Counts value={data} />
      {data.error && <Alert color="red">{data.error}</Alert>}
    </Stack>
  );
}

const pastColumns: PagedTableColumn<BulkImport>[] = [
  { key: 'date', header: 'Date', noWrap: true, render: (row) => <DateDisplay value={row.createdOn} withTime /> },
  { key: 'file', header: 'File', isRowHeader: true, render: (row) => row.fileName },
  { key: 'program', header: 'Program', render: (row) => `${row.programCode} ${row.programTitle}` },
  { key: 'by', header: 'By', render: (row) => row.createdByName || '-' },
  { key: 'status', header: 'Status', render: (row) => `${row.status} (${row.processedRows}/${row.totalRows})` },
  { key: 'counts', header: 'Created / updated / unchanged / refused', render: (row) => `${row.created} / ${row.updated} / ${row.unchanged} / ${row.refused}` },
  {
    key: 'results',
    header: 'Results',
    render: (row) => (
      <Button variant="subtle" size="compact-sm" onClick={() => void downloadFile(BULK_IMPORT_PATHS.results(row.id), 'import-results.csv')}>
        Download results
      </Button>
    ),
  },
];

/** Past imports as a file: what each file did. */
const pastCsvColumns: CsvColumn<BulkImport>[] = [
  { header: 'Date', value: (row, dates) => dates.dateTime(row.createdOn) },
  { header: 'File', value: (row) => row.fileName },
  { header: 'Program', value: (row) => `${row.programCode} ${row.programTitle}` },
  { header: 'By', value: (row) => row.createdByName || '-' },
  { header: 'Status', value: (row) => row.status },
  { header: 'Rows', value: (row) => row.totalRows },
  { header: 'Processed', value: (row) => row.processedRows },
  { header: 'Created', value: (row) => row.created },
  { header: 'Updated', value: (row) => row.updated },
  { header: 'Unchanged', value: (row) => row.unchanged },
  { header: 'Refused', value: (row) => row.refused },
  { header: 'Finished', value: (row, dates) => dates.dateTime(row.finishedOn) },
  { header: 'Error', value: (row) => row.error },
];

/** `bulkimportprocess`: template, a file checked row by row before anything is written, the import with its progress, and past imports. */
export function BulkImportScreen({ programs }: { programs: readonly ReportProgram[] }) {
  const [programId, setProgramId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  /** The checked file whose import is confirmed: kept, so that the dialog still says it while it closes. */
  const [confirming, setConfirming] = useState<BulkImportPreview | null>(null);
  const preview = usePreviewImport();
  const add = useAddImport();
  const paging = usePaging();
  const { page, pageSize } = paging;
  const past = useImports(page, pageSize);
  const request = content && programId && file ? { programId, fileName: file.name, csvContent: content } : null;

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setImportId(null);
    preview.reset();
    setContent(chosen ? await chosen.text() : null);
  };
  const check = () => request && preview.mutate(request);
  const start = async () => {
    if (!request) return;
    const created = await add.mutateAsync(request);
    setImportId(created.id);
    preview.reset();
  };
  const program = programs.find((p) => p.id === programId);
  const toImport = (checked: BulkImportPreview) => checked.created + checked.updated;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="import-heading">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h3" id="import-heading">
              Import applicants and applications
            </Title>
            <Button variant="light" onClick={() => void downloadFile(BULK_IMPORT_PATHS.template, 'bulk-import-template.csv')}>
              Download template
            </Button>
          </Group>
          <Text size="sm" c="dimmed">
            One row per applicant: a new email creates the applicant (who is mailed a link to choose a password) and their application; a known applicant is updated from the filled-in cells. The same file imported twice creates nothing twice.
          </Text>
          <Group align="flex-end" gap="md">
            <NativeSelect label="Program" value={programId} onChange={(e) => (setProgramId(e.currentTarget.value), preview.reset())} data={[{ value: '', label: 'Choose a program' }, ...programs.map((p) => ({ value: p.id, label: `${p.programCode} ${p.programTitle}` }))]} w={300} required />
            <FileInput label="CSV file" placeholder={BULK_IMPORT_MESSAGES.fileRequired} accept=".csv,text/csv" value={file} onChange={(chosen) => void choose(chosen)} w={300} required />
            <Button onClick={check} disabled={!request} loading={preview.isPending}>
              Check file
            </Button>
          </Group>
          {preview.error && <Alert color="red">{errorMessageOf(preview.error)}</Alert>}
          {preview.data && (
            <Stack gap="sm">
              <Counts value={preview.data} />
              <PreviewTable preview={preview.data} />
              <Group>
                <Button onClick={() => (setConfirming(preview.data ?? null), setConfirmOpen(true))} disabled={toImport(preview.data) === 0}>
                  Import {rows(toImport(preview.data))}
                </Button>
                {preview.data.refused > 0 && (
                  <Text size="sm" c="red.8">
                    {preview.data.refused} refused rows will be skipped; fix them and import the file again.
                  </Text>
                )}
              </Group>
            </Stack>
          )}
          <ConfirmDialog
            opened={isConfirmOpen}
            title={`Import ${rows(confirming ? toImport(confirming) : 0)}?`}
            confirmLabel="Start import"
            failureTitle="The import did not start"
            onConfirm={start}
            onClose={() => setConfirmOpen(false)}
          >
            {confirming && <WhatWillHappen preview={confirming} programName={program ? `${program.programCode} ${program.programTitle}` : 'the program'} />}
          </ConfirmDialog>
          {importId && <ImportProgress id={importId} />}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="past-imports-heading">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} size="h3" id="past-imports-heading">
              Past imports
            </Title>
            <ExportButton table="Past imports" fileName="bulk-imports.csv" source={{ kind: 'pages', columns: pastCsvColumns, fetchPage: (exportPage, exportPageSize) => findImports(exportPage, exportPageSize) }} />
          </Group>
          <PagedTable
            label="Past imports"
            testId="past-imports"
            columns={pastColumns}
            {...pagedTableProps(past, paging)}
            rowKey={(row) => row.id}
            emptyText="No imports yet."
            minWidth={1000}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
