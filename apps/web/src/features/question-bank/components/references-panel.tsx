import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { REFERENCE_LABELS, type Reference, type ReferenceKind } from '@certs/shared/question-bank/reference.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateDisplay } from '../../../components/ui/date-display';
import { ExportButton } from '../../../components/ui/export-button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { rowsOnScreen, type CsvColumn } from '../../../lib/export-csv';
import { useReferences } from '../api/find-references';
import { useRemoveReference } from '../api/remove-reference';
import { useSaveReference } from '../api/save-reference';
import { ReferenceForm } from '../forms/reference-form';
import { ListState } from './list-state';

/** Subjects or tags as a file. */
const REFERENCE_CSV_COLUMNS: readonly CsvColumn<Reference>[] = [
  { header: 'Title', value: (reference) => reference.title },
  { header: 'Questions', value: (reference) => reference.numOfQuestions },
  { header: 'Created', value: (reference, dates) => dates.date(reference.createdOn) },
  { header: 'Modified', value: (reference, dates) => dates.date(reference.modifiedOn) },
];

type DialogState = { mode: 'create' } | { mode: 'edit'; reference: Reference } | null;

/** Subjects or tags: add, rename, and remove those no question uses. */
export function ReferencesPanel({ kind, canEdit }: { kind: ReferenceKind; canEdit: boolean }) {
  const list = useReferences(kind);
  const save = useSaveReference(kind);
  const remove = useRemoveReference(kind);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [removing, setRemoving] = useState<Reference | null>(null);
  const { singular, plural } = REFERENCE_LABELS[kind];
  const noun = singular.toLowerCase();
  const rows = list.data ?? [];

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={`${kind}-heading`} data-testid={`${kind}s-section`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4" id={`${kind}-heading`}>
              {plural}
            </Title>
            <Text size="sm" c="dimmed">
              {kind === 'subject' ? 'What a question examines, e.g. Welding processes.' : 'Finer labels, e.g. a process, a standard or a topic.'} A question has at least one of each.
            </Text>
          </Stack>
          <Group gap="sm">
            <ExportButton table={plural} fileName={`${kind === 'subject' ? 'subjects' : 'tags'}.csv`} disabled={rows.length === 0} source={{ kind: 'pages', columns: REFERENCE_CSV_COLUMNS, fetchPage: rowsOnScreen(rows) }} />
            {canEdit && <Button onClick={() => setDialog({ mode: 'create' })}>Add {noun}</Button>}
          </Group>
        </Group>
        <ListState isPending={list.isPending} error={list.error} what={`${noun}s`} />
        {list.isSuccess && rows.length === 0 && <Text c="dimmed">No {noun}s yet.</Text>}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped verticalSpacing="sm" aria-label={plural}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Title</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Questions
                  </Table.Th>
                  <Table.Th scope="col">Modified</Table.Th>
                  {canEdit && (
                    <Table.Th scope="col" ta="right">
                      Actions
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((reference) => (
                  <Table.Tr key={reference.id}>
                    <Table.Th scope="row" fw={500}>
                      {reference.title}
                    </Table.Th>
                    <Table.Td ta="right">{reference.numOfQuestions}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <DateDisplay value={reference.modifiedOn} />
                    </Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button size="xs" variant="light" aria-label={`Rename ${noun} ${reference.title}`} onClick={() => setDialog({ mode: 'edit', reference })}>
                            Rename
                          </Button>
                          <Button size="xs" variant="subtle" color="red.9" aria-label={`Remove ${noun} ${reference.title}`} onClick={() => setRemoving(reference)}>
                            Remove
                          </Button>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <FormDialog opened={dialog !== null} title={dialog?.mode === 'edit' ? `Rename ${noun}` : `Add ${noun}`} size="md" onClose={() => setDialog(null)}>
        <ReferenceForm
          kind={kind}
          id={dialog?.mode === 'edit' ? dialog.reference.id : undefined}
          initialTitle={dialog?.mode === 'edit' ? dialog.reference.title : ''}
          onCancel={() => setDialog(null)}
          onSubmit={async (title) => {
            const saved = await save.mutateAsync({ id: dialog?.mode === 'edit' ? dialog.reference.id : undefined, request: { title } });
            notifications.show({ color: 'green', title: dialog?.mode === 'edit' ? `${singular} renamed` : `${singular} added`, message: saved.title });
            setDialog(null);
          }}
        />
      </FormDialog>
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove ${noun} ${removing?.title ?? ''}?`}
        confirmLabel={`Remove ${noun}`}
        confirmColor="red.9"
        failureTitle={`Could not remove the ${noun}`}
        onConfirm={() => (removing ? remove.mutateAsync(removing.id) : Promise.resolve())}
        onClose={() => setRemoving(null)}
      >
        <Text size="sm">A {noun} that questions use cannot be removed; you will be told which questions use it.</Text>
      </ConfirmDialog>
    </Paper>
  );
}
