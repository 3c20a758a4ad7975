import type { ApplicantProgramStatus } from '@certs/shared/program/program-status';
import { StatusBadge } from '../../../components/ui/status-badge';

const COLORS: Record<ApplicantProgramStatus, string> = {
  'Not Applied': 'gray',
  'Application Started': 'blue',
  'Examinations Stage': 'violet',
  'Assessment Completed': 'teal',
  Awarded: 'green',
  'Award Cancelled': 'red.9',
};

/** Where the applicant stands in a program (the spec's simpler listing set). */
export function ApplicantStatusBadge({ status }: { status: ApplicantProgramStatus }) {
  return <StatusBadge label={status} color={COLORS[status] ?? 'gray'} />;
}
