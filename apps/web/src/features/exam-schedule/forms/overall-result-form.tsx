import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { awardDayText } from '@certs/shared/award/award-date';
import { OVERALL_RESULTS, RESULT_MESSAGES, modulesNotPassed, type ExamSchedule, type OverallResult, type ResultStageRequest, type ScheduledModule } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { AwardDateField, useAwardDate } from '../../../components/ui/award-date-field';
import { OverrideReasonField, useImpartialityOverride } from '../../../components/ui/override-reason';

interface OverallResultFormProps {
  modules: ScheduledModule[];
  /** The days the award date may take, from the server (the awarding body's today and the submission day). */
  awardDateRange: ExamSchedule['awardDateRange'];
  onRecord: (request: ResultStageRequest) => Promise<unknown>;
}

/** The result stage: Awarded (only when every module passed) or Failed, confirmed before it is recorded and mailed. */
export function OverallResultForm({ modules, awardDateRange, onRecord }: OverallResultFormProps) {
  const [overallResult, setOverallResult] = useState<OverallResult | ''>('');
  // The day the body decided the award; today unless staff record it later than the decision.
  const awardDate = useAwardDate(awardDateRange);
  const { awardedOn } = awardDate;
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  // Where the program keeps the decision from the candidate's assessor and examiners, a manager may override with a reason (issue 43).
  const override = useImpartialityOverride();
  const record = async () => {
    const request: ResultStageRequest = overallResult === 'Awarded' ? { overallResult, note, awardedOn } : { overallResult: overallResult as OverallResult, note };
    try {
      await onRecord({ ...request, ...override.requestPart() });
      override.reset();
    } catch (failure) {
      override.noteFailure(failure);
      throw failure;
    }
  };
  const notPassed = modulesNotPassed(modules.map((m) => ({ moduleCode: m.moduleCode, result: m.result })));

  const ask = () => {
    if (!overallResult) return setError(RESULT_MESSAGES.overallRequired);
    if (overallResult === 'Awarded' && notPassed.length > 0) return setError(RESULT_MESSAGES.awardNeedsPasses(notPassed));
    setError(null);
    if (overallResult === 'Awarded' && !awardDate.check()) return;
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
        {overallResult === 'Awarded' && <AwardDateField {...awardDate.fieldProps} />}
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
        onConfirm={record}
        onClose={() => {
          setIsConfirming(false);
          override.reset();
        }}
      >
        <Text size="sm">
          The application becomes {overallResult}
          {overallResult === 'Awarded' ? `, dated ${awardDayText(awardedOn)},` : ''} and the candidate is mailed their module results. The result cannot be changed here afterwards.
        </Text>
        <OverrideReasonField state={override} />
      </ConfirmDialog>
    </form>
  );
}
