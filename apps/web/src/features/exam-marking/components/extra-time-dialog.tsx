import { Alert, Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { EXAM_MESSAGES, ExtraTimeRequest, type SittingRow } from '@certs/shared/exam/exam.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { useGrantExtraTime } from '../api/marking';

type GrantKind = 'minutes' | 'factor';

/**
 * Extra time for one candidate (an accommodation): the whole grant, as minutes or as a time factor
 * of the sitting's duration (the server turns a factor into whole minutes); their timer and the
 * server's limit follow it.
 */
export function ExtraTimeDialog({ row, onClose }: { row: SittingRow; onClose: () => void }) {
  const [kind, setKind] = useState<GrantKind>('minutes');
  const [minutes, setMinutes] = useState<number | ''>(row.extraMinutes);
  const [factor, setFactor] = useState<number | ''>(1.25);
  const [error, setError] = useState<string | null>(null);
  const grant = useGrantExtraTime();
  const save = async () => {
    const request = kind === 'minutes' ? { minutes: minutes === '' ? undefined : minutes } : { timeFactor: factor === '' ? undefined : factor };
    const checked = ExtraTimeRequest.safeParse(request);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? (kind === 'minutes' ? EXAM_MESSAGES.extraTimeMax : EXAM_MESSAGES.extraTimeFactor));
      return;
    }
    if (!row.applicationModuleId) return;
    try {
      const granted = await grant.mutateAsync({ applicationModuleId: row.applicationModuleId, grant: checked.data });
      notifications.show({ color: 'green', title: 'Extra time saved', message: `${row.applicantName}: ${granted.extraMinutes} minutes` });
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
        <SegmentedControl
          aria-label="Give extra time as"
          value={kind}
          onChange={(value) => {
            setKind(value as GrantKind);
            setError(null);
          }}
          data={[
            { value: 'minutes', label: 'Minutes' },
            { value: 'factor', label: 'Time factor' },
          ]}
        />
        {/* Out-of-range values are not clamped silently: the candidate's grant is what staff typed, or an error. */}
        {kind === 'minutes' ? (
          <NumberInput label="Extra minutes" value={minutes} onChange={(value) => setMinutes(typeof value === 'number' ? value : '')} min={0} max={1440} clampBehavior="none" step={5} allowDecimal={false} error={error} />
        ) : (
          <NumberInput
            label="Time factor"
            description="Of the sitting's duration: 1.25 gives a quarter more, rounded up to whole minutes."
            value={factor}
            onChange={(value) => setFactor(typeof value === 'number' ? value : '')}
            min={1}
            max={3}
            clampBehavior="none"
            step={0.05}
            decimalScale={2}
            error={error}
          />
        )}
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
