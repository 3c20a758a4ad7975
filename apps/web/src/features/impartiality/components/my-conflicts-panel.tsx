import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CONFLICT_KIND_LABELS, type StaffConflict } from '@certs/shared/impartiality/impartiality.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { DateDisplay } from '../../../components/ui/date-display';
import { FormDialog } from '../../../components/ui/form-dialog';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { useDeclareConflict, useEndConflict, useMyConflicts } from '../api/conflicts';
import { DeclareConflictForm } from '../forms/declare-conflict-form';

/** Whom a declaration names: the applicant (with their email) or the company. */
export function conflictTargetOf(conflict: StaffConflict): string {
  if (conflict.applicant) return `${conflict.applicant.name} (${conflict.applicant.email})`;
  return conflict.company?.name ?? '-';
}

export function ConflictStatusBadge({ conflict }: { conflict: StaffConflict }) {
  return conflict.isActive ? <StatusBadge label="Active" value="active" color="orange" /> : <StatusBadge label="Ended" value="ended" color="gray" />;
}

/**
 * The signed-in member of staff's declarations of conflicts (issue 43): declared here, ended here
 * when the conflict is over (it stays on record). While one is active, the platform refuses to
 * assign them to that applicant, or to an applicant employed by that company.
 */
export function MyConflictsPanel() {
  const conflicts = useMyConflicts();
  const declare = useDeclareConflict();
  const end = useEndConflict();
  const [isDeclaring, setIsDeclaring] = useState(false);
  const [ending, setEnding] = useState<StaffConflict | null>(null);

  const columns: PagedTableColumn<StaffConflict>[] = [
    { key: 'with', header: 'With', isRowHeader: true, render: (row) => conflictTargetOf(row) },
    { key: 'kind', header: 'Kind', render: (row) => CONFLICT_KIND_LABELS[row.kind] },
    { key: 'details', header: 'Details', render: (row) => row.details || '-' },
    { key: 'declared', header: 'Declared', noWrap: true, render: (row) => <DateDisplay value={row.declaredOn} /> },
    { key: 'status', header: 'Status', noWrap: true, render: (row) => (row.isActive ? <ConflictStatusBadge conflict={row} /> : <Group gap={6} wrap="nowrap"><ConflictStatusBadge conflict={row} /><DateDisplay value={row.endedOn} /></Group>) },
    {
      key: 'actions',
      header: 'Actions',
      isHeaderHidden: true,
      isAction: true,
      align: 'right',
      render: (row) =>
        row.isActive ? (
          <Button size="compact-sm" variant="default" onClick={() => setEnding(row)} aria-label={`End the declaration about ${conflictTargetOf(row)}`}>
            End
          </Button>
        ) : null,
    },
  ];

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="my-conflicts-heading">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Title order={2} size="h3" id="my-conflicts-heading">
              My declarations of conflicts
            </Title>
            <Text size="sm" c="dimmed" maw={640}>
              Declare anyone you may not judge impartially: a relative, a trainee you taught, someone whose employer is also yours. While a declaration is active you
              are not assigned to them.
            </Text>
          </Stack>
          <Button onClick={() => setIsDeclaring(true)}>Declare a conflict</Button>
        </Group>
        {conflicts.error && (
          <Alert color="red" variant="light" title="Not loaded">
            {errorMessageOf(conflicts.error)}
          </Alert>
        )}
        {conflicts.data && conflicts.data.length === 0 && <Text size="sm">You have declared no conflicts.</Text>}
        {conflicts.data && conflicts.data.length > 0 && <DataTable label="My declarations" columns={columns} rows={conflicts.data} rowKey={(row) => row.id} minWidth={720} />}
      </Stack>
      <FormDialog opened={isDeclaring} title="Declare a conflict" size="lg" onClose={() => setIsDeclaring(false)}>
        <DeclareConflictForm
          onSubmit={async (request) => {
            const saved = await declare.mutateAsync(request);
            setIsDeclaring(false);
            notifications.show({ color: 'green', title: 'Conflict declared', message: conflictTargetOf(saved) });
          }}
        />
      </FormDialog>
      <ConfirmDialog
        opened={ending !== null}
        title="End the declaration"
        confirmLabel="End declaration"
        failureTitle="Not ended"
        onConfirm={() => end.mutateAsync(ending?.id ?? '')}
        onClose={() => setEnding(null)}
      >
        <Text>
          The conflict with {ending ? conflictTargetOf(ending) : ''} is over? The declaration stays on record with today&apos;s date as its end, and you may be assigned to
          them again.
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
