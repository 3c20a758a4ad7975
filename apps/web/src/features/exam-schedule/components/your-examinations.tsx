import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { sittingEndsAt } from '@certs/shared/exam-schedule/sitting-time';
import type { AwardStatus } from '@certs/shared/award/award-status';
import { OverallResultBadge } from '../../../components/ui/application-status';
import { DateDisplay } from '../../../components/ui/date-display';
import { useMyExaminations } from '../api/find-my-examinations';

const RESULT_COLORS = { Pass: 'green', Fail: 'red', Absent: 'gray' } as const;
type ModuleResult = keyof typeof RESULT_COLORS;

/** A later attempt at a module (a re-sit) whose result is recorded: it replaces the first sitting's as the module's standing. */
export interface LaterAttempt {
  moduleCode: string;
  attempt: number;
  result: ModuleResult;
  resultPercentage: number | null;
}

const percentText = (percentage: number | null) => (percentage !== null ? `${percentage.toFixed(2)}%` : '');

function ResultBadge({ result }: { result: ModuleResult | null }) {
  if (!result) return <>-</>;
  return (
    <Badge color={RESULT_COLORS[result]} variant="dot" radius="sm" tt="none">
      {result}
    </Badge>
  );
}

interface YourExaminationsProps {
  type: ApplicationTypePath;
  applicationId: string;
  /** Re-sits with a recorded result (the resit feature reads them): the latest is each module's result (issue 45). */
  laterAttempts?: readonly LaterAttempt[];
  /** What the award is now, where the result awarded it: an award on hold says so beside Awarded. */
  awardStatus?: AwardStatus | null;
}

/**
 * "Your examinations" on the applicant's application page: each module once its schedule has been
 * sent (in the applicant's own time zone), and the results once the overall result is recorded.
 * Nothing shows before then.
 */
export function YourExaminations({ type, applicationId, laterAttempts = [], awardStatus = null }: YourExaminationsProps) {
  const mine = useMyExaminations(type, applicationId);
  const data = mine.data;
  if (!data || (data.modules.length === 0 && data.beingRescheduled.length === 0 && !data.result)) return null;
  // Once the result is recorded the sittings are over: no place to sit or what to bring any more (issue 45).
  const sittings = data.result ? [] : data.modules;
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
              <OverallResultBadge overallResult={data.result.overallResult} awardStatus={awardStatus} size="lg" />
              <Text size="sm" c="dimmed">
                recorded <DateDisplay value={data.result.resultRecordedOn} />
              </Text>
            </Group>
            <Table withRowBorders={false} verticalSpacing={4} aria-label="Module results">
              <Table.Tbody>
                {data.result.modules.map((module) => {
                  const attempts = laterAttempts.filter((attempt) => attempt.moduleCode === module.moduleCode).sort((a, b) => b.attempt - a.attempt);
                  const latest = attempts[0];
                  return (
                    <Table.Tr key={module.moduleCode} data-testid={`module-result-${module.moduleCode}`}>
                      <Table.Td>
                        {module.moduleCode} {module.moduleTitle}
                        {latest && (
                          // The history beneath the standing result: the first sitting, then each re-sit.
                          <Text size="xs" c="dimmed">
                            {[`First sitting: ${module.result ?? '-'} ${percentText(module.resultPercentage)}`, ...[...attempts].reverse().map((attempt) => `Re-sit ${attempt.attempt}: ${attempt.result} ${percentText(attempt.resultPercentage)}`)]
                              .map((line) => line.trim())
                              .join(' · ')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <ResultBadge result={latest ? latest.result : module.result} />
                      </Table.Td>
                      <Table.Td>{percentText(latest ? latest.resultPercentage : module.resultPercentage)}</Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
        {sittings.map((module) => (
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
