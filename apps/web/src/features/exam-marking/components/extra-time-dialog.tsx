import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { EXAM_MESSAGES, type SittingRow } from '@certs/shared/exam/exam.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { useGrantExtraTime } from '../api/marking';

/** Extra time for one candidate (an accommodation): the whole grant in minutes; their timer and the server's limit follow it. */
export function ExtraTimeDialog({ row, onClose }: { row: SittingRow; onClose: () => void }) {
  const [minutes, setMinutes] = useState<number | ''>(row.extraMinutes);
  const [error, setError] = useState<string | null>(null);
  const grant = useGrantExtraTime();
  const save = async () => {
    if (minutes === '' || !Number.isInteger(minutes) || minutes < 0 || minutes > 1440) {
      setError(EXAM_MESSAGES.extraTimeMax);
      return;
    }
    if (!row.applicationModuleId) return;
    try {
      await grant.mutateAsync({ applicationModuleId: row.applicationModuleId, minutes });
      notifications.show({ color: 'green', title: 'Extra time saved', message: `${row.applicantName}: ${minutes} minutes` });
      onClose();
    } catch (caught) {
      setError(errorMessageOf(caught));
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Extra time for ${row.applicantName}`} centered>
      <Stack gap="md">
        <Text size="sm">
          {row.title}
          {row.moduleCode ? ` (${row.moduleCode})` : ''}. The whole extra time, not added to an earlier grant.
        </Text>
        <NumberInput label="Extra minutes" value={minutes} onChange={(value) => setMinutes(typeof value === 'number' ? value : '')} min={0} max={1440} step={5} allowDecimal={false} error={error} />
        {grant.isError && !error && <Alert color="red">{errorMessageOf(grant.error)}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={grant.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={grant.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
