import { Badge, Text } from '@mantine/core';
import { overallResultShown, type AwardStatus } from '@certs/shared/award/award-status';
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

/** An overall result as a badge; an Awarded result whose award is now on hold, cancelled, withdrawn or expired says so (issue 45). */
export function OverallResultBadge({ overallResult, awardStatus, size = 'md' }: { overallResult: string; awardStatus: AwardStatus | null; size?: 'md' | 'lg' }) {
  const shown = overallResultShown(overallResult, awardStatus);
  return (
    <Badge color={shown.color} variant="dot" size={size} radius="sm" tt="none" data-testid="overall-result-badge">
      {shown.label}
    </Badge>
  );
}
