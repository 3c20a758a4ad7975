import { Badge } from '@mantine/core';
import type { ScheduledModule } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { DateDisplay } from '../../../components/ui/date-display';

/** Whether the module's schedule reached the candidate, or changed since. */
export function SentBadge({ module }: { module: ScheduledModule }) {
  if (module.scheduleSentOn) {
    return (
      <Badge color="teal" variant="light" radius="sm" tt="none" data-testid="sent-badge">
        Sent <DateDisplay value={module.scheduleSentOn} />
      </Badge>
    );
  }
  if (module.scheduledAt) {
    return (
      <Badge color="yellow" variant="light" radius="sm" tt="none" data-testid="sent-badge">
        Not sent
      </Badge>
    );
  }
  return null;
}
