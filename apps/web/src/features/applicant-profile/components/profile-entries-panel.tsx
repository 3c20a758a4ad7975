import { Alert, Button, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { errorMessageOf } from '../../../lib/api-client';
import { useProfileEntries } from '../api/find-profile-entries';
import type { ProfileEntryKind } from '../api/profile-entry-kinds';
import { useRemoveProfileEntry } from '../api/remove-profile-entry';
import { useSaveProfileEntry } from '../api/save-profile-entry';

export interface EntryColumn<Row> {
  key: string;
  header: string;
  render: (row: Row) => ReactNode;
  noWrap?: boolean;
}

export interface EntryFormProps<Row> {
  /** The row being edited, or null for a new one. */
  entry: Row | null;
  onSubmit: (request: object) => Promise<unknown>;
  onCancel: () => void;
}

interface ProfileEntriesPanelProps<Row extends { id: string }> {
  kind: ProfileEntryKind<Row>;
  applicantId: string;
  title: string;
  description: string;
  columns: readonly EntryColumn<Row>[];
  /** The row's name in buttons and the remove question, e.g. its course. */
  nameOf: (row: Row) => string;
  emptyText: string;
  renderForm: (props: EntryFormProps<Row>) => ReactNode;
}

type DialogState<Row> = { entry: Row | null } | null;

/** One of the profile's lists: a table with edit and remove per row, and an add dialog. */
export function ProfileEntriesPanel<Row extends { id: string }>({ kind, applicantId, title, description, columns, nameOf, emptyText, renderForm }: ProfileEntriesPanelProps<Row>) {
  const headingId = useId();
  const list = useProfileEntries(kind, applicantId);
  const save = useSaveProfileEntry(kind, applicantId);
  const remove = useRemoveProfileEntry(kind, applicantId);
  const [dialog, setDialog] = useState<DialogState<Row>>(null);
  const [removing, setRemoving] = useState<Row | null>(null);
  const rows = list.data ?? [];
  const noun = kind.noun;

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId} data-testid={`${kind.name}-panel`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h4" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        <Button onClick={() => setDialog({ entry: null })}>Add {noun}</Button>
      </Group>
      {list.isPending && (
        <Center py="md">
          <Loader size="sm" aria-label={`Loading ${title.toLowerCase()}`} />
        </Center>
      )}
      {list.error && (
        <Alert color="red" variant="light" title={`Could not load ${title.toLowerCase()}`}>
          {errorMessageOf(list.error)}
        </Alert>
      )}
      {list.isSuccess && rows.length === 0 && <Text c="dimmed">{emptyText}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" striped highlightOnHover aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.key} scope="col">
                    {column.header}
                  </Table.Th>
                ))}
                <Table.Th scope="col" ta="right">
                  Actions
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  {columns.map((column, index) =>
                    index === 0 ? (
                      <Table.Th key={column.key} scope="row" fw={600}>
                        {column.render(row)}
                      </Table.Th>
                    ) : (
                      <Table.Td key={column.key} style={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}>
                        {column.render(row)}
                      </Table.Td>
                    ),
                  )}
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => setDialog({ entry: row })} aria-label={`Edit ${noun} ${nameOf(row)}`}>
                        Edit
                      </Button>
                      <Button size="xs" variant="subtle" color="red.9" onClick={() => setRemoving(row)} aria-label={`Remove ${noun} ${nameOf(row)}`}>
                        Remove
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <FormDialog opened={dialog !== null} title={dialog?.entry ? `Edit ${noun}` : `Add ${noun}`} onClose={() => setDialog(null)}>
        {dialog &&
          renderForm({
            entry: dialog.entry,
            onCancel: () => setDialog(null),
            onSubmit: async (request) => {
              await save.mutateAsync({ id: dialog.entry?.id ?? null, request });
              setDialog(null);
            },
          })}
      </FormDialog>
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove this ${noun}?`}
        confirmLabel={`Remove ${noun}`}
        confirmColor="red.9"
        failureTitle={`Could not remove the ${noun}`}
        onConfirm={() => (removing ? remove.mutateAsync(removing.id) : Promise.resolve())}
        onClose={() => setRemoving(null)}
      >
        <Text size="sm">{removing ? nameOf(removing) : ''}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
