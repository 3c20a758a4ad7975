import { EXAM_DEFINITION_STATUS_INFO, type ExamDefinitionStatus } from '@certs/shared/exam-definition/exam-definition-status';
import { StatusBadge } from '../../../components/ui/status-badge';

export function TestStatusBadge({ status }: { status: ExamDefinitionStatus }) {
  const info = EXAM_DEFINITION_STATUS_INFO[status];
  return <StatusBadge label={info.label} color={info.color} />;
}
