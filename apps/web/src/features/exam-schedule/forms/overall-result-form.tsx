import { Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { OVERALL_RESULTS, RESULT_MESSAGES, modulesNotPassed, type OverallResult, type ResultStageRequest, type ScheduledModule } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

interface OverallResultFormProps {
  modules: ScheduledModule[];
  onRecord: (request: ResultStageRequest) => Promise<unknown>;
}

/** The result stage: Awarded (only when every module passed) or Failed, confirmed before it is recorded and mailed. */
export function OverallResultForm({ modules, onRecord }: OverallResultFormProps) {
  const [overallResult, setOverallResult] = useState<OverallResult | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const notPassed = modulesNotPassed(modules.map((m) => ({ moduleCode: m.moduleCode, result: m.result })));

  const ask = () => {
    if (!overallResult) return setError(RESULT_MESSAGES.overallRequired);
    if (overallResult === 'Awarded' && notPassed.length > 0) return setError(RESULT_MESSAGES.awardNeedsPasses(notPassed));
    setError(null);
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
        onConfirm={() => onRecord({ overallResult: overallResult as OverallResult, note })}
        onClose={() => setIsConfirming(false)}
      >
        <Text size="sm">
          The application becomes {overallResult} and the candidate is mailed their module results. The result cannot be changed here afterwards.
        </Text>
      </ConfirmDialog>
    </form>
  );
}
