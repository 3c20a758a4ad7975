import { APPLICATION_STATUS_COLORS, type ApplicationStatus } from '@certs/shared/application/application-status';
import { StatusBadge } from '../../../components/ui/status-badge';

export function WorkflowStatusBadge({ status }: { status: ApplicationStatus }) {
  return <StatusBadge label={status} color={APPLICATION_STATUS_COLORS[status] ?? 'gray'} />;
}
