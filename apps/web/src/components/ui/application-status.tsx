import { Text } from '@mantine/core';
import { APPLICATION_STATUS_COLORS, type ApplicationStatus } from '@certs/shared/application/application-status';
import { stageLabelOf, statusLabelOf } from '@certs/shared/application/application-labels';
import { StatusBadge } from './status-badge';

/** An application's status as its coloured badge, in words people read (`data-status` keeps the stored value). */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return <StatusBadge label={statusLabelOf(status)} value={status} color={APPLICATION_STATUS_COLORS[status] ?? 'gray'} />;
}

/** One side of a history move: the status, and beneath it the exam workflow stage when there is one. */
export function ApplicationStep({ status, stage }: { status: string | null; stage: string | null }) {
  return (
    <>
      <Text size="sm">{status ? statusLabelOf(status) : '-'}</Text>
      {stage && (
        <Text size="xs" c="dimmed">
          {stageLabelOf(stage)}
        </Text>
      )}
    </>
  );
}
