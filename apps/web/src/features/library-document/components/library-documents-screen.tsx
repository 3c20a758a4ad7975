import { Alert, Anchor, Button, Group, Paper, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { LIBRARY_ACCESS_FLAG_LABELS, LIBRARY_DOCUMENT_TYPES, type LibraryDocumentRow, type LibraryDocumentType } from '@certs/shared/library-document/library-document.contract';
import { BREAKPOINTS } from '@certs/shared/common/breakpoints';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateDisplay } from '../../../components/ui/date-display';
import { ExportButton } from '../../../components/ui/export-button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { SearchInput } from '../../../components/ui/search-input';
import { errorMessageOf } from '../../../lib/api-client';
import { csvFileName, pagesOf, type CsvColumn } from '../../../lib/export-csv';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { findLibraryDocuments, openLibraryDocument, useChangeLibraryDocument, useLibraryDocument, useLibraryDocuments } from '../api/library-documents';
import { LibraryDocumentForm, type LibraryDocumentFormMode } from './library-document-form';

const open = (id: string, revisionId?: string) =>
  void openLibraryDocument(id, revisionId).catch((error: unknown) => notifications.show({ color: 'red', title: 'The document could not be opened', message: errorMessageOf(error) }));

/** Who may read a document, in words: the form's access options that are set. */
export const accessText = (row: Pick<LibraryDocumentRow, 'access'>) => row.access.map((flag) => LIBRARY_ACCESS_FLAG_LABELS[flag]).join(', ');

/** The documents table as a file: the spec's documents columns, who may read it, the file and whether it is retired. */
export const LIBRARY_DOCUMENT_CSV_COLUMNS: readonly CsvColumn<LibraryDocumentRow>[] = [
  { header: 'Document Number', value: (row) => row.documentNumber },
  { header: 'Title', value: (row) => row.documentTitle },
  { header: 'Type', value: (row) => row.documentType },
  { header: 'Date', value: (row, dates) => dates.date(row.documentDate) },
  { header: 'Revision', value: (row) => row.revision },
  { header: 'Access', value: accessText },
  { header: 'File', value: (row) => row.fileName },
  { header: 'Retired', value: (row) => (row.isRetired ? 'Yes' : 'No') },
];

/** Earlier revisions of a document (Libraries staff). */
function RevisionHistory({ id }: { id: string }) {
  const document = useLibraryDocument(id);
  if (!document.data) return null;
  if (document.data.revisions.length === 0) return <Text c="dimmed">No earlier revision.</Text>;
  return (
    <Table aria-label="Earlier revisions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Revision</Table.Th>
          <Table.Th>Title</Table.Th>
          <Table.Th>Date</Table.Th>
          <Table.Th>Replaced</Table.Th>
          <Table.Th>File</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {document.data.revisions.map((revision) => (
          <Table.Tr key={revision.id}>
            <Table.Td>{revision.revision}</Table.Td>
            <Table.Td>{revision.documentTitle}</Table.Td>
            <Table.Td>
              <DateDisplay value={revision.documentDate} />
            </Table.Td>
            <Table.Td>
              <DateDisplay value={revision.supersededOn} />
            </Table.Td>
            <Table.Td>
              <Anchor component="button" type="button" onClick={() => open(id, revision.id)}>
                {revision.fileName ?? 'Open'}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Library documents in the spec's documents table (Document Number, Title, Type, Date, Revision), or
 * its compact form on narrow screens (Doc. No., Doc. Title, Doc. Date); searchable. Staff with the
 * Libraries menu (`canManage`) add, edit, revise and retire.
 */
export function LibraryDocumentsScreen({
  canManage,
  canExport = false,
  showAccess = false,
}: {
  canManage: boolean;
  /** Staff's Export CSV of the filter on screen. */
  canExport?: boolean;
  /** Staff's list: who may read each document (the form's access options). */
  showAccess?: boolean;
}) {
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const search = useDebouncedSearch(resetPage);
  const [documentType, setDocumentType] = useState<LibraryDocumentType | undefined>();
  const [includeRetired, setIncludeRetired] = useState(false);
  const [form, setForm] = useState<LibraryDocumentFormMode | null>(null);
  const [editing, setEditing] = useState<{ id: string; kind: 'update' | 'revise' } | null>(null);
  const [historyOf, setHistoryOf] = useState<LibraryDocumentRow | null>(null);
  const [retiring, setRetiring] = useState<LibraryDocumentRow | null>(null);
  const isCompact = useMediaQuery(`(max-width: ${BREAKPOINTS.md - 1}px)`) ?? false;
  const filter = { searchTerm: search.term, documentType, includeRetired };
  const list = useLibraryDocuments({ page, pageSize, ...filter });
  const editingDocument = useLibraryDocument(editing?.id ?? null);
  const change = useChangeLibraryDocument();
  const formMode: LibraryDocumentFormMode | null = form ?? (editing && editingDocument.data ? { kind: editing.kind, document: editingDocument.data } : null);

  const fileLink = (row: LibraryDocumentRow, text: string) => (
    <Anchor component="button" type="button" onClick={() => open(row.id)} aria-label={`Open ${row.documentNumber} ${row.documentTitle}`}>
      {text}
    </Anchor>
  );
  const columns: PagedTableColumn<LibraryDocumentRow>[] = isCompact
    ? [
        { key: 'number', header: 'Doc. No.', isRowHeader: true, noWrap: true, render: (row) => fileLink(row, row.documentNumber) },
        { key: 'title', header: 'Doc. Title', render: (row) => row.documentTitle },
        { key: 'date', header: 'Doc. Date', noWrap: true, render: (row) => <DateDisplay value={row.documentDate} /> },
      ]
    : [
        { key: 'number', header: 'Document Number', isRowHeader: true, noWrap: true, render: (row) => fileLink(row, row.documentNumber) },
        { key: 'title', header: 'Title', render: (row) => (row.isRetired ? `${row.documentTitle} (retired)` : row.documentTitle) },
        { key: 'type', header: 'Type', render: (row) => row.documentType },
        { key: 'date', header: 'Date', noWrap: true, render: (row) => <DateDisplay value={row.documentDate} /> },
        { key: 'revision', header: 'Revision', render: (row) => row.revision },
        ...(showAccess ? [{ key: 'access', header: 'Access', render: (row: LibraryDocumentRow) => accessText(row) || '-' }] : []),
      ];
  if (canManage) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (row) =>
        row.isRetired ? (
          <Text size="sm" c="dimmed">
            Retired
          </Text>
        ) : (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button size="xs" variant="light" onClick={() => setEditing({ id: row.id, kind: 'update' })} aria-label={`Edit ${row.documentNumber}`}>
              Edit
            </Button>
            <Button size="xs" variant="default" onClick={() => setEditing({ id: row.id, kind: 'revise' })} aria-label={`New revision of ${row.documentNumber}`}>
              New revision
            </Button>
            <Button size="xs" variant="default" onClick={() => setHistoryOf(row)} aria-label={`History of ${row.documentNumber}`}>
              History
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => setRetiring(row)} aria-label={`Retire ${row.documentNumber}`}>
              Retire
            </Button>
          </Group>
        ),
    });
  }
  const closeForm = () => {
    setForm(null);
    setEditing(null);
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group gap="lg" align="flex-end" wrap="wrap">
          <SearchInput search={search} placeholder="Number, title or comments" w={320} />
          <Select
            label="Type"
            placeholder="All types"
            clearable
            data={[...LIBRARY_DOCUMENT_TYPES]}
            value={documentType ?? null}
            onChange={(value) => {
              setDocumentType((value as LibraryDocumentType | null) ?? undefined);
              resetPage();
            }}
            w={220}
          />
          {canManage && <Switch label="Show retired" checked={includeRetired} onChange={(event) => setIncludeRetired(event.currentTarget.checked)} mb={8} />}
          {(canExport || canManage) && (
            <Group gap="sm" ml="auto">
              {canExport && (
                <ExportButton
                  table="Documents"
                  fileName={csvFileName('library-documents', documentType)}
                  source={{ kind: 'pages', columns: LIBRARY_DOCUMENT_CSV_COLUMNS, fetchPage: pagesOf(findLibraryDocuments, filter) }}
                />
              )}
              {canManage && <Button onClick={() => setForm({ kind: 'create' })}>Add document</Button>}
            </Group>
          )}
        </Group>
        <PagedTable
          label="Documents"
          testId="library-documents"
          columns={columns}
          {...pagedTableProps(list, paging)}
          rowKey={(row) => row.id}
          emptyText="No documents match."
        />
      </Stack>
      <FormDialog opened={formMode !== null} title={formMode?.kind === 'revise' ? `New revision of ${formMode.document.documentNumber}` : formMode?.kind === 'update' ? `Edit ${formMode.document.documentNumber}` : 'Add document'} onClose={closeForm}>
        {formMode && <LibraryDocumentForm key={`${formMode.kind}-${formMode.kind === 'create' ? '' : formMode.document.id}`} mode={formMode} onDone={closeForm} />}
      </FormDialog>
      <FormDialog opened={historyOf !== null} title={historyOf ? `History of ${historyOf.documentNumber}` : ''} onClose={() => setHistoryOf(null)}>
        {historyOf && <RevisionHistory id={historyOf.id} />}
      </FormDialog>
      <ConfirmDialog
        opened={retiring !== null}
        title={retiring ? `Retire ${retiring.documentNumber}?` : ''}
        confirmLabel="Retire"
        confirmColor="red"
        failureTitle="The document was not retired"
        onConfirm={async () => {
          if (retiring) await change.mutateAsync({ kind: 'retire', id: retiring.id });
        }}
        onClose={() => setRetiring(null)}
      >
        <Alert color="yellow">Nobody but Libraries staff will see it any more.</Alert>
      </ConfirmDialog>
    </Paper>
  );
}
