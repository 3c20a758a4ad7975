import { AWARD_STATUS_COLORS, AWARD_STATUS_LABELS, type AwardStatus } from '@certs/shared/award/award-status';
import { StatusBadge } from '../../../components/ui/status-badge';

export function AwardStatusBadge({ status }: { status: AwardStatus }) {
  return <StatusBadge label={AWARD_STATUS_LABELS[status]} color={AWARD_STATUS_COLORS[status]} />;
}
