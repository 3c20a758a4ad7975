import type { ApplicantProgramStatus } from '@certs/shared/program/program-status';
import { StatusBadge } from '../../../components/ui/status-badge';

const COLORS: Record<ApplicantProgramStatus, string> = {
  'Not Applied': 'gray',
  'Application Started': 'blue',
  'Examinations Stage': 'violet',
  'Assessment Completed': 'teal',
  Awarded: 'green',
  // The award's own state, in the colours the award's badge uses (award-status.ts).
  'Award On Hold': 'yellow',
  'Award Cancelled': 'red.9',
  'Award Withdrawn': 'gray',
  'Award Expired': 'gray',
};

/** Where the applicant stands in a program (the spec's simpler listing set). */
export function ApplicantStatusBadge({ status }: { status: ApplicantProgramStatus }) {
  return <StatusBadge label={status} color={COLORS[status] ?? 'gray'} />;
}
