import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { AWARD_MESSAGES } from '@certs/shared/award/award.contract';
import { formatDate } from '@certs/shared/common/dates';
import { OVERALL_RESULTS, RESULT_MESSAGES, modulesNotPassed, type ExamSchedule, type OverallResult, type ResultStageRequest, type ScheduledModule } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateField } from '../../../components/ui/date-field';

interface OverallResultFormProps {
  modules: ScheduledModule[];
  /** The days the award date may take, from the server (the awarding body's today and the submission day). */
  awardDateRange: ExamSchedule['awardDateRange'];
  onRecord: (request: ResultStageRequest) => Promise<unknown>;
}

/** Today on this device, as a fallback when the server gave no range (it always does to who may record). */
function deviceToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A YYYY-MM-DD day as DD-MMM-YYYY (midnight UTC is mid-morning of the same day in Sydney, the formatter's zone). */
const dayText = (day: string) => formatDate(`${day}T00:00:00Z`);

/** The award date's message, or null when the day may be used (the server judges it again). */
export function awardDateIssue(day: string, range: { earliest: string | null; latest: string }): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return AWARD_MESSAGES.awardedOnInvalid;
  if (day > range.latest) return AWARD_MESSAGES.awardedOnFuture;
  if (range.earliest && day < range.earliest) return AWARD_MESSAGES.awardedOnBeforeSubmitted(dayText(range.earliest));
  return null;
}

/** The result stage: Awarded (only when every module passed) or Failed, confirmed before it is recorded and mailed. */
export function OverallResultForm({ modules, awardDateRange, onRecord }: OverallResultFormProps) {
  const range = awardDateRange ?? { earliest: null, latest: deviceToday() };
  const [overallResult, setOverallResult] = useState<OverallResult | ''>('');
  // The day the body decided the award; today unless staff record it later than the decision.
  const [awardedOn, setAwardedOn] = useState(range.latest);
  const [awardedOnError, setAwardedOnError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const notPassed = modulesNotPassed(modules.map((m) => ({ moduleCode: m.moduleCode, result: m.result })));

  const ask = () => {
    if (!overallResult) return setError(RESULT_MESSAGES.overallRequired);
    if (overallResult === 'Awarded' && notPassed.length > 0) return setError(RESULT_MESSAGES.awardNeedsPasses(notPassed));
    setError(null);
    if (overallResult === 'Awarded') {
      const issue = awardDateIssue(awardedOn, range);
      setAwardedOnError(issue);
      if (issue) return;
    }
    setIsConfirming(true);
  };

  return (
    <form
      aria-label="Overall result"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        ask();
      }}
    >
      <Stack gap="sm">
        <Radio.Group label="Overall result" withAsterisk value={overallResult} onChange={(value) => setOverallResult(value as OverallResult)} error={error}>
          <Group gap="md" mt={6}>
            {OVERALL_RESULTS.map((result) => (
              <Radio key={result} value={result} label={result} />
            ))}
          </Group>
        </Radio.Group>
        {overallResult === 'Awarded' && (
          <DateField
            label="Award date"
            description="The day the awarding body decided the award; the certificate and its expiry count from it."
            required
            withAsterisk
            value={awardedOn}
            min={range.earliest ?? undefined}
            max={range.latest}
            error={awardedOnError}
            onChange={(day) => {
              setAwardedOn(day);
              setAwardedOnError(null);
            }}
            maw={260}
          />
        )}
        {notPassed.length > 0 && (
          <Text size="sm" c="dimmed">
            Not passed: {notPassed.join(', ')}. Awarded needs every module passed.
          </Text>
        )}
        <Textarea label="Note for the history" description="Kept in the application history; not sent to the candidate." autosize minRows={2} maxRows={5} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
        <Group>
          <Button type="submit">Record overall result</Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={isConfirming}
        title={`Record ${overallResult || 'the result'}?`}
        confirmLabel={`Record ${overallResult}`}
        confirmColor={overallResult === 'Failed' ? 'red.9' : undefined}
        failureTitle="The result was not recorded"
        onConfirm={() => onRecord(overallResult === 'Awarded' ? { overallResult, note, awardedOn } : { overallResult: overallResult as OverallResult, note })}
        onClose={() => setIsConfirming(false)}
      >
        <Text size="sm">
          The application becomes {overallResult}
          {overallResult === 'Awarded' ? `, dated ${dayText(awardedOn)},` : ''} and the candidate is mailed their module results. The result cannot be changed here afterwards.
        </Text>
      </ConfirmDialog>
    </form>
  );
}
