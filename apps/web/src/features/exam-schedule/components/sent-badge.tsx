import { Badge } from '@mantine/core';
import type { ScheduledModule } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { DateDisplay } from '../../../components/ui/date-display';

/** Whether the module's schedule reached the candidate, or changed since (the dot carries the colour, the text stays dark). */
export function SentBadge({ module }: { module: ScheduledModule }) {
  if (module.scheduleSentOn) {
    return (
      <Badge color="teal" variant="dot" radius="sm" tt="none" data-testid="sent-badge">
        Sent <DateDisplay value={module.scheduleSentOn} />
      </Badge>
    );
  }
  if (module.scheduledAt) {
    return (
      <Badge color="yellow" variant="dot" radius="sm" tt="none" data-testid="sent-badge">
        Not sent
      </Badge>
    );
  }
  return null;
}
