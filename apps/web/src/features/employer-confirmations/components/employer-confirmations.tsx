import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ConfirmWeldersResult } from '@certs/shared/employer/confirmations.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { useConfirmWelders, useEmployerConfirmations } from '../api/confirmations';
import { ConfirmWeldersForm } from '../forms/confirm-welders-form';
import { ConfirmationsTable } from './confirmations-table';
import { RevalidationsSection } from './revalidations-section';

/**
 * The six-monthly confirmations (ISO 9606-1 9.2) in the company's portal (issue 42): the welders
 * whose confirmation falls due; the coordinator ticks those who kept welding within their range,
 * signs and confirms them in one step. A viewer sees the list without the controls.
 */
export function EmployerConfirmationsScreen({ isCoordinator }: { isCoordinator: boolean }) {
  const list = useEmployerConfirmations();
  const confirm = useConfirmWelders();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [done, setDone] = useState<ConfirmWeldersResult | null>(null);
  const rows = list.data?.rows ?? [];
  // Only what is on the list now can be confirmed.
  const recordIds = rows.filter((row) => row.confirmable && selected.has(row.wpqRecordId)).map((row) => row.wpqRecordId);

  const select = (ids: string[], checked: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  };

  return (
    <Stack gap="md">
      {done && (
        <Alert color="green" variant="light" title={`${done.confirmed.length} ${done.confirmed.length === 1 ? 'welder' : 'welders'} confirmed`} withCloseButton onClose={() => setDone(null)}>
          {done.confirmed.map((row) => `${row.welderName} (${row.certificateNumber})`).join(', ')}. Each welder is told, and the confirmation shows on their qualification.
        </Alert>
      )}
      {list.error && (
        <Alert color="red" variant="light">
          {errorMessageOf(list.error)}
        </Alert>
      )}
      {list.isSuccess && rows.length === 0 && <Text c="dimmed">{`No confirmation falls due in the next ${list.data.withinDays} days.`}</Text>}
      {rows.length > 0 && <ConfirmationsTable rows={rows} {...(isCoordinator ? { selected, onSelect: select } : {})} />}
      {isCoordinator && rows.some((row) => row.confirmable) && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Sign the confirmation
            </Title>
            <ConfirmWeldersForm
              recordIds={recordIds}
              statement={list.data!.statement}
              onConfirm={async (request) => {
                setDone(null);
                const result = await confirm.mutateAsync(request);
                setSelected(new Set());
                setDone(result);
              }}
            />
          </Stack>
        </Paper>
      )}
      {list.data && <RevalidationsSection rows={list.data.revalidations} isCoordinator={isCoordinator} />}
    </Stack>
  );
}
