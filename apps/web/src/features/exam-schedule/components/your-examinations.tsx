import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { sittingEndsAt } from '@certs/shared/exam-schedule/sitting-time';
import { DateDisplay } from '../../../components/ui/date-display';
import { useMyExaminations } from '../api/find-my-examinations';

const RESULT_COLORS = { Pass: 'green', Fail: 'red', Absent: 'gray' } as const;

/**
 * "Your examinations" on the applicant's application page: each module once its schedule has been
 * sent (in the applicant's own time zone), and the results once the overall result is recorded.
 * Nothing shows before then.
 */
export function YourExaminations({ type, applicationId }: { type: ApplicationTypePath; applicationId: string }) {
  const mine = useMyExaminations(type, applicationId);
  const data = mine.data;
  if (!data || (data.modules.length === 0 && data.beingRescheduled.length === 0 && !data.result)) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="your-examinations-heading" data-testid="your-examinations">
      <Stack gap="md">
        <Title order={2} size="h4" id="your-examinations-heading">
          Your examinations
        </Title>
        {data.result && (
          <Stack gap="xs" data-testid="overall-result">
            <Group gap="xs">
              <Text fw={600}>Overall result:</Text>
              <Badge color={data.result.overallResult === 'Awarded' ? 'green' : 'red'} variant="dot" size="lg" radius="sm" tt="none">
                {data.result.overallResult}
              </Badge>
              <Text size="sm" c="dimmed">
                recorded <DateDisplay value={data.result.resultRecordedOn} />
              </Text>
            </Group>
            <Table withRowBorders={false} verticalSpacing={4} aria-label="Module results">
              <Table.Tbody>
                {data.result.modules.map((module) => (
                  <Table.Tr key={module.moduleCode}>
                    <Table.Td>
                      {module.moduleCode} {module.moduleTitle}
                    </Table.Td>
                    <Table.Td>
                      {module.result ? (
                        <Badge color={RESULT_COLORS[module.result]} variant="dot" radius="sm" tt="none">
                          {module.result}
                        </Badge>
                      ) : (
                        '-'
                      )}
                    </Table.Td>
                    <Table.Td>{module.resultPercentage !== null ? `${module.resultPercentage.toFixed(2)}%` : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
        {data.modules.map((module) => (
          <Paper key={module.id} withBorder radius="sm" p="md" data-testid={`my-exam-${module.moduleCode}`}>
            <Stack gap={4}>
              <Group justify="space-between" gap="xs">
                <Text fw={600}>
                  {module.moduleCode} · {module.moduleTitle}
                </Text>
                <Badge variant="light" radius="sm" tt="none">
                  {module.examKind}
                </Badge>
              </Group>
              <Text size="sm">
                <DateDisplay value={module.scheduledAt} withTime /> · {module.durationMinutes} minutes
                {module.sitPath && (
                  <>
                    , until <DateDisplay value={sittingEndsAt(module)} withTime /> for everyone: start on time
                  </>
                )}
              </Text>
              <Text size="sm">
                {module.sitPath ? (
                  <>
                    Online:{' '}
                    <Anchor component={Link} to={module.sitPath}>
                      sit it in your examinations
                    </Anchor>
                    {module.venue && ` (or at ${module.venue})`}
                  </>
                ) : module.testCentre ? (
                  `Test centre: ${module.testCentre.name}, ${module.testCentre.address}`
                ) : (
                  `Venue: ${module.venue ?? '-'}`
                )}
              </Text>
              <Text size="sm" c="dimmed">
                What to bring: {module.whatToBring}
              </Text>
              {module.note && (
                <Text size="sm" c="dimmed">
                  Note: {module.note}
                </Text>
              )}
            </Stack>
          </Paper>
        ))}
        {data.beingRescheduled.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="being-rescheduled">
            Being rescheduled: {data.beingRescheduled.map((m) => m.moduleCode).join(', ')}. We will mail you the new date and time.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
