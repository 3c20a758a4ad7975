import { PROGRAM_STATUS_INFO, type ProgramStatus } from '@certs/shared/program/program-status';
import { StatusBadge } from '../../../components/ui/status-badge';

/** A program status in the spec's colours: Created yellow, Published green, Archived dark red. */
export function ProgramStatusBadge({ status }: { status: number }) {
  const info = PROGRAM_STATUS_INFO[status as ProgramStatus] ?? { label: `Status ${status}`, color: 'gray' };
  return <StatusBadge label={info.label} color={info.color} />;
}
