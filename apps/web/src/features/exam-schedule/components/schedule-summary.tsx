import { Table, Text } from '@mantine/core';
import { formatDateTimeWithZone } from '@certs/shared/common/dates';
import type { ScheduledModule } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { SentBadge } from './sent-badge';

/** The schedule read only: in the zone it was entered in, with the candidate's own time below. */
export function ScheduleSummary({ modules, candidateTimeZone }: { modules: ScheduledModule[]; candidateTimeZone: string }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" data-testid="schedule-summary">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Module</Table.Th>
            <Table.Th scope="col">Kind</Table.Th>
            <Table.Th scope="col">Date and time</Table.Th>
            <Table.Th scope="col">Duration</Table.Th>
            <Table.Th scope="col">Place</Table.Th>
            <Table.Th scope="col">Examiner</Table.Th>
            <Table.Th scope="col">Invigilator</Table.Th>
            <Table.Th scope="col">Sent</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {modules.map((module) => (
            <Table.Tr key={module.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {module.moduleCode}
                </Text>
                <Text size="xs" c="dimmed">
                  {module.moduleTitle}
                </Text>
              </Table.Td>
              <Table.Td>{module.examKind ?? '-'}</Table.Td>
              <Table.Td>
                <Text size="sm">{formatDateTimeWithZone(module.scheduledAt, module.scheduleTimeZone ?? undefined)}</Text>
                {module.scheduledAt && module.scheduleTimeZone !== candidateTimeZone && (
                  <Text size="xs" c="dimmed">
                    Candidate: {formatDateTimeWithZone(module.scheduledAt, candidateTimeZone)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{module.durationMinutes === null ? '-' : `${module.durationMinutes} min`}</Table.Td>
              <Table.Td>{module.testCentre ? `${module.testCentre.name}, ${module.testCentre.address}` : (module.venue?.name ?? (module.examKind === 'Online' ? 'Online' : '-'))}</Table.Td>
              <Table.Td>{module.examiner?.name ?? '-'}</Table.Td>
              <Table.Td>{module.invigilator?.name ?? '-'}</Table.Td>
              <Table.Td>
                <SentBadge module={module} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
