import { CASE_STATUS_COLORS, CASE_STATUS_LABELS, type CaseStatus } from '@certs/shared/case/case.contract';
import { StatusBadge } from '../../../components/ui/status-badge';

export function AppealStatusBadge({ status }: { status: CaseStatus }) {
  return <StatusBadge label={CASE_STATUS_LABELS[status]} value={status} color={CASE_STATUS_COLORS[status]} testId="appeal-status" />;
}
