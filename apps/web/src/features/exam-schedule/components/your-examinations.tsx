import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { sittingEndsAt } from '@certs/shared/exam-schedule/sitting-time';
import type { AwardStatus } from '@certs/shared/award/award-status';
import type { ModuleResult } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { OverallResultBadge } from '../../../components/ui/application-status';
import { DateDisplay } from '../../../components/ui/date-display';
import { useMyExaminations } from '../api/find-my-examinations';
import { moduleSittings, percentText, type LaterAttempt } from '../model/module-sittings';
import { ModuleSittingsList } from './module-sittings-list';

const RESULT_COLORS: Record<ModuleResult, string> = { Pass: 'green', Fail: 'red', Absent: 'gray' };

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
                  // The latest sitting is the module's result; the earlier ones follow it beneath.
                  const sittings = moduleSittings(module, laterAttempts);
                  const latest = sittings[0]!;
                  return (
                    <Table.Tr key={module.moduleCode} data-testid={`module-result-${module.moduleCode}`}>
                      <Table.Td>
                        {module.moduleCode} {module.moduleTitle}
                        <ModuleSittingsList sittings={sittings} moduleCode={module.moduleCode} />
                      </Table.Td>
                      <Table.Td>
                        <ResultBadge result={latest.result} />
                      </Table.Td>
                      <Table.Td>{percentText(latest.resultPercentage)}</Table.Td>
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
