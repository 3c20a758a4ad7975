import { Alert, Button, Checkbox, FileInput, Group, NativeSelect, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  MIGRATION_KINDS,
  MIGRATION_MESSAGES,
  MIGRATION_PATHS,
  type MigrationImport,
  type MigrationKind,
  type MigrationSummary,
} from '@certs/shared/migration/migration.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateDisplay } from '../../../components/ui/date-display';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { usePaging } from '../../../lib/use-paging';
import { useMigrationImport, useMigrationImports, useStartImport, useUndoImport } from '../api/migration';
import { InvitationsPanel } from './invitations-panel';

const KIND_LABELS: Record<MigrationKind, string> = {
  applicants: 'Applicants',
  companies: 'Companies',
  employments: 'Employments',
  awards: 'Awards',
  wpq: 'Welder qualification records',
  cpd: 'CPD entries',
  results: 'Past module results',
};
const COUNT_COLORS = { created: 'green', updated: 'blue', unchanged: 'gray', refused: 'red' } as const;

function Counts({ value }: { value: Pick<MigrationSummary, 'created' | 'updated' | 'unchanged' | 'refused'> }) {
  return (
    <Group gap="xs" data-testid="migration-counts">
      {(['created', 'updated', 'unchanged', 'refused'] as const).map((result) => (
        <StatusBadge key={result} color={COUNT_COLORS[result]} label={`${result[0]!.toUpperCase()}${result.slice(1)}: ${value[result]}`} />
      ))}
    </Group>
  );
}

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function saveText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The refused rows as a file to fix and send again: the file's own header and refused lines when
 * its lines are its rows (no cell spans lines), else row, column and message.
 */
export function refusedRowsCsv(found: MigrationImport, content: string | null): string {
  const lines = content?.replace(/^\uFEFF/, '').split(/\r?\n/) ?? [];
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (content && lines.length - 1 === found.totalRows && !lines.some((line) => line.trim() === '')) {
    return [lines[0], ...found.refusedRows.map((row) => lines[row.rowNumber - 1])].join('\n') + '\n';
  }
  return ['row,column,message', ...found.refusedRows.map((row) => [row.rowNumber, row.column, row.message].map(csvCell).join(','))].join('\n') + '\n';
}

function ImportDetails({ id, content }: { id: string; content: string | null }) {
  const found = useMigrationImport(id);
  const undo = useUndoImport();
  const data = found.data;
  if (found.error) return <Alert color="red">{errorMessageOf(found.error)}</Alert>;
  if (!data) return null;
  const percent = data.totalRows > 0 ? Math.round((data.processedRows / data.totalRows) * 100) : 0;
  const isRunning = data.status === 'Queued' || data.status === 'Running';
  return (
    <Stack gap="sm" data-testid="migration-import">
      <Text size="sm" fw={600} role="status" aria-live="polite">
        {data.dryRun ? 'Dry run' : 'Import'} of {data.fileName} ({KIND_LABELS[data.kind]}): {data.status}, {data.processedRows} of {data.totalRows} rows
      </Text>
      <Progress value={percent} aria-label="Import progress" />
      <Counts value={data} />
      {data.dryRun && data.status === 'Finished' && <Text size="sm">Nothing was changed. Import the file without "Dry run" to apply it.</Text>}
      {data.error && <Alert color="red">{data.error}</Alert>}
      {data.refusedRows.length > 0 && (
        <>
          <ScrollRegion label="Refused rows">
            <Table striped withTableBorder data-testid="refused-rows">
              <Table.Caption>Refused rows: fix them and send the file again</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Row</Table.Th>
                  <Table.Th scope="col">Column</Table.Th>
                  <Table.Th scope="col">Problem</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.refusedRows.map((row) => (
                  <Table.Tr key={row.rowNumber}>
                    <Table.Td>{row.rowNumber}</Table.Td>
                    <Table.Td>{row.column}</Table.Td>
                    <Table.Td>{row.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          <Group>
            <Button variant="light" onClick={() => saveText(refusedRowsCsv(data, content), `refused-${data.fileName.replace(/\.csv$/i, '')}.csv`)}>
              Download refused rows
            </Button>
          </Group>
        </>
      )}
      {!data.dryRun && data.status === 'Finished' && !isRunning && (
        <Group>
          <Button color="red" variant="outline" loading={undo.isPending} onClick={() => undo.mutate(data.id)}>
            Undo this import
          </Button>
        </Group>
      )}
      {undo.error && <Alert color="red">{errorMessageOf(undo.error)}</Alert>}
      {!data.dryRun && data.status === 'Finished' && <InvitationsPanel importId={data.id} />}
    </Stack>
  );
}

/** Legacy import (issue 41): a kind's template, a file checked (dry run) or applied as a job with progress, its refused rows, undo, and past imports. */
export function MigrationScreen() {
  const [kind, setKind] = useState<MigrationKind>('awards');
  const [file, setFile] = useState<File | null>(null);
  const [content, setContent] = useState<string | null>(null);
  const [dryRun, setDryRun] = useState(true);
  const [selected, setSelected] = useState<{ id: string; content: string | null } | null>(null);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const start = useStartImport();
  const paging = usePaging();
  const past = useMigrationImports(paging.page, paging.pageSize);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    start.reset();
    setContent(chosen ? await chosen.text() : null);
  };
  const run = async () => {
    if (!file || content === null) return;
    const created = await start.mutateAsync({ kind, file, content, dryRun });
    setSelected({ id: created.id, content });
  };
  // A dry run changes nothing and starts at once; applying a file is asked once, saying what it does.
  const submit = () => (dryRun ? void run().catch(() => undefined) : setConfirmOpen(true));

  const pastColumns: PagedTableColumn<MigrationSummary>[] = [
    { key: 'date', header: 'Date', noWrap: true, render: (row) => <DateDisplay value={row.createdOn} withTime /> },
    { key: 'file', header: 'File', isRowHeader: true, render: (row) => row.fileName },
    { key: 'kind', header: 'Kind', render: (row) => KIND_LABELS[row.kind] },
    { key: 'mode', header: 'Mode', render: (row) => (row.dryRun ? 'Dry run' : 'Import') },
    { key: 'status', header: 'Status', render: (row) => row.status },
    { key: 'counts', header: 'Created / updated / unchanged / refused', render: (row) => `${row.created} / ${row.updated} / ${row.unchanged} / ${row.refused}` },
    {
      key: 'open',
      header: 'Details',
      render: (row) => (
        <Button variant="subtle" size="compact-sm" onClick={() => setSelected({ id: row.id, content: null })} aria-label={`Details of ${row.fileName}`}>
          Details
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="migration-heading">
        <Stack gap="md">
          <Title order={2} size="h3" id="migration-heading">
            Bring records from your old system
          </Title>
          <Text size="sm" c="dimmed">
            One kind a file, with the template&apos;s columns. A dry run checks every row and changes nothing. Importing the same file again changes nothing; imported people are not mailed.
          </Text>
          <Group align="flex-end" gap="md">
            <NativeSelect label="Kind" value={kind} onChange={(e) => (setKind(e.currentTarget.value as MigrationKind), start.reset())} data={MIGRATION_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))} w={200} />
            <Button variant="light" onClick={() => void downloadFile(MIGRATION_PATHS.template(kind), `legacy-${kind}-template.csv`)}>
              Download template
            </Button>
          </Group>
          <Group align="flex-end" gap="md">
            <FileInput label="CSV file" placeholder={MIGRATION_MESSAGES.fileRequired} accept=".csv,text/csv" value={file} onChange={(chosen) => void choose(chosen)} w={300} required />
            <Checkbox label="Dry run (check only)" checked={dryRun} onChange={(e) => setDryRun(e.currentTarget.checked)} mb={8} />
            <Button onClick={submit} disabled={!file || content === null} loading={start.isPending}>
              {dryRun ? 'Check file' : 'Import file'}
            </Button>
          </Group>
          {start.error && !isConfirmOpen && <Alert color="red">{errorMessageOf(start.error)}</Alert>}
          <ConfirmDialog
            opened={isConfirmOpen}
            title={`Import ${file?.name ?? 'the file'}?`}
            confirmLabel="Start import"
            failureTitle="The import did not start"
            onConfirm={run}
            onClose={() => setConfirmOpen(false)}
          >
            <Text size="sm">
              Every row of this file of {KIND_LABELS[kind]} is applied: new records are created and known ones updated; rows that cannot be read are refused and listed. Imported people are not mailed. A finished import can be undone from its details.
            </Text>
          </ConfirmDialog>
          {selected && <ImportDetails key={selected.id} id={selected.id} content={selected.content} />}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="past-migrations-heading">
        <Stack gap="md">
          <Title order={2} size="h3" id="past-migrations-heading">
            Past imports
          </Title>
          <PagedTable label="Past imports" testId="past-migrations" columns={pastColumns} {...pagedTableProps(past, paging)} rowKey={(row) => row.id} emptyText="No imports yet." minWidth={900} />
        </Stack>
      </Paper>
    </Stack>
  );
}
