import { ActionIcon, Alert, Button, Fieldset, Group, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { AwardDateField, useAwardDate } from '../../../components/ui/award-date-field';
import { DateTimeField } from '../../../components/ui/date-field';
import { useState, type ReactNode } from 'react';
import { DEFAULT_TIME_ZONE, OFFERED_TIME_ZONE_NAMES } from '@certs/shared/common/dates';
import {
  CALCULATED_VALUE_LABELS,
  JOB_KNOWLEDGE_VALUES,
  RECORDED_TEST_METHODS,
  WPQ_RECORD_MESSAGES,
  WPQ_TEST_RESULTS,
  testMethodLabel,
  wpqTestIssues,
  type JobKnowledge,
  type RecordedTestMethod,
  type WpqRecord,
  type WpqTestResultRequest,
  type WpqTestResultValue,
} from '@certs/shared/wpq/wpq-record.contract';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { OverrideReasonField, sendWithOverride, useImpartialityOverride } from '../../../components/ui/override-reason';
import { useSaveWpqTests, useScheduleWpqTest, useSubmitWpqOutcome, useSubmitWpqTest, useWpqScheduleChoices } from '../api/wpq-record';

/** A file picker the page supplies (the attachment feature's), for evidence and the test result file. */
export type RenderFiles = (slot: { label: string; value: readonly string[]; onChange: (ids: string[]) => void }) => ReactNode;

function useRefusal() {
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  return {
    failure,
    fieldErrors,
    clear: () => {
      setFailure(null);
      setFieldErrors({});
    },
    show: (error: unknown) => {
      const errors = error instanceof ApiError ? error.fieldErrors : {};
      setFieldErrors(errors);
      setFailure(Object.values(errors)[0] ?? errorMessageOf(error));
    },
    set: (errors: Record<string, string>) => {
      setFieldErrors(errors);
      setFailure(Object.values(errors)[0] ?? null);
    },
  };
}

function Refusal({ message }: { message: string | null }) {
  return message ? (
    <Alert color="red" variant="light" role="alert">
      {message}
    </Alert>
  ) : null;
}

/** Schedule the test like a practical module: when, where (a venue or a test centre) and the examiner. */
export function WpqScheduleForm({ record }: { record: WpqRecord }) {
  const id = record.id ?? '';
  const choices = useWpqScheduleChoices(id, true);
  const schedule = useScheduleWpqTest(id);
  const refusal = useRefusal();
  const override = useImpartialityOverride();
  const [when, setWhen] = useState('');
  const [zone, setZone] = useState<string>(record.schedule?.scheduleTimeZone ?? DEFAULT_TIME_ZONE);
  const [duration, setDuration] = useState<number | string>(record.schedule?.durationMinutes ?? 240);
  const [place, setPlace] = useState(record.schedule?.venue ? `venue:${record.schedule.venue.id}` : record.schedule?.testCentre ? `centre:${record.schedule.testCentre.id}` : '');
  const [examinerId, setExaminerId] = useState(record.schedule?.examiner.id ?? '');
  const [note, setNote] = useState(record.schedule?.note ?? '');
  const places = [
    ...(choices.data?.venues ?? []).map((v) => ({ value: `venue:${v.id}`, label: `Venue: ${v.name}` })),
    ...(choices.data?.testCentres ?? []).map((c) => ({ value: `centre:${c.id}`, label: `Test centre: ${c.name}` })),
  ];
  const onSend = async () => {
    refusal.clear();
    try {
      await sendWithOverride(override, (part) =>
        schedule.mutateAsync({
          scheduledLocal: when || null,
          scheduleTimeZone: zone as (typeof OFFERED_TIME_ZONE_NAMES)[number],
          durationMinutes: typeof duration === 'number' ? duration : null,
          venueId: place.startsWith('venue:') ? place.slice(6) : null,
          testingAgencyId: place.startsWith('centre:') ? place.slice(7) : null,
          examinerId: examinerId || null,
          scheduleNote: note,
          ...part,
        }),
      );
    } catch (error) {
      refusal.show(error);
    }
  };
  return (
    <Fieldset legend={record.schedule ? 'Move the test' : 'Schedule the test'}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <DateTimeField dateLabel="Date" timeLabel="Time" required value={when} onChange={setWhen} error={refusal.fieldErrors.scheduledLocal} />
          <NativeSelect label="Time zone" data={[...OFFERED_TIME_ZONE_NAMES]} value={zone} onChange={(e) => setZone(e.currentTarget.value)} />
          <NumberInput label="Duration (minutes)" withAsterisk min={1} value={duration} onChange={setDuration} error={refusal.fieldErrors.durationMinutes} />
          <NativeSelect label="Place" withAsterisk data={[{ value: '', label: 'Choose a venue or test centre' }, ...places]} value={place} onChange={(e) => setPlace(e.currentTarget.value)} error={refusal.fieldErrors.venueId ?? refusal.fieldErrors.testingAgencyId} />
          <NativeSelect
            label="Examiner"
            withAsterisk
            data={[{ value: '', label: 'Choose an examiner of the program' }, ...(choices.data?.examiners ?? []).map((e) => ({ value: e.id, label: e.name }))]}
            value={examinerId}
            onChange={(e) => setExaminerId(e.currentTarget.value)}
            error={refusal.fieldErrors.examinerId}
          />
          <TextInput label="Note to the welder" value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        </SimpleGrid>
        <Refusal message={refusal.failure} />
        <OverrideReasonField state={override} disabled={schedule.isPending} />
        <Group justify="flex-end">
          <Button onClick={() => void onSend()} loading={schedule.isPending}>
            Schedule and send to the welder
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

interface TestRow {
  testName: RecordedTestMethod;
  result: WpqTestResultValue;
  calculatedValue: number | string;
  evidenceAttachmentIds: string[];
  isRetest: boolean;
}

const rowsOf = (record: WpqRecord): TestRow[] =>
  record.tests.length > 0
    ? record.tests.map((t) => ({ testName: t.testName, result: t.result, calculatedValue: t.calculatedValue ?? '', evidenceAttachmentIds: t.evidence.map((f) => f.id), isRetest: t.isRetest }))
    : [{ testName: 'visual', result: 'Pass', calculatedValue: '', evidenceAttachmentIds: [], isRetest: false }];

const requestOf = (rows: TestRow[]): WpqTestResultRequest[] =>
  rows.map((row) => ({ testName: row.testName, result: row.result, calculatedValue: typeof row.calculatedValue === 'number' ? row.calculatedValue : null, evidenceAttachmentIds: row.evidenceAttachmentIds, isRetest: row.isRetest }));

/**
 * The examiner's test: the methods the engine requires for this piece (visual first; when it fails
 * the rest are not made; one retest), each with its result, its calculated value where it has one
 * and evidence files; job knowledge; then the exam submission.
 */
export function WpqExaminerForm({ record, renderFiles }: { record: WpqRecord; renderFiles: RenderFiles }) {
  const id = record.id ?? '';
  const save = useSaveWpqTests(id);
  const submit = useSubmitWpqTest(id);
  const refusal = useRefusal();
  // An examiner other than the one scheduled takes the test over; a manager who does may override a refusal with a reason (issue 43).
  const override = useImpartialityOverride();
  const [rows, setRows] = useState<TestRow[]>(() => rowsOf(record));
  const [jobKnowledge, setJobKnowledge] = useState<string>(record.jobKnowledge ?? '');
  const [resultFile, setResultFile] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const change = (index: number, patch: Partial<TestRow>) => setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const details = () => ({ jobKnowledge: (jobKnowledge || null) as JobKnowledge | null, tests: requestOf(rows) });
  const checked = () => {
    refusal.clear();
    const issues = wpqTestIssues(requestOf(rows).map((t) => ({ ...t, calculatedValue: t.calculatedValue ?? null, evidenceAttachmentIds: t.evidenceAttachmentIds ?? [], isRetest: !!t.isRetest, notes: '' })));
    if (Object.keys(issues).length > 0) refusal.set(issues);
    return Object.keys(issues).length === 0;
  };
  const required = record.requiredTests.filter((r) => r.methods.some((m) => m !== 'job-knowledge'));

  return (
    <Fieldset legend="Record the test">
      <Stack gap="sm">
        {required.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              Required for this test piece
            </Text>
            {required.map((r) => (
              <Text size="sm" key={`${r.rule}-${r.methods.join()}`}>
                {r.note} ({r.clause})
              </Text>
            ))}
          </Stack>
        )}
        {rows.map((row, index) => (
          <Fieldset key={index} legend={`Test ${index + 1}`} variant="filled" data-testid={`wpq-test-${index}`}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <NativeSelect
                label="Test method"
                data={RECORDED_TEST_METHODS.map((m) => ({ value: m, label: testMethodLabel(m) }))}
                value={row.testName}
                onChange={(e) => change(index, { testName: e.currentTarget.value as RecordedTestMethod })}
                error={refusal.fieldErrors[`tests.${index}.testName`]}
              />
              <NativeSelect label="Result" data={[...WPQ_TEST_RESULTS]} value={row.result} onChange={(e) => change(index, { result: e.currentTarget.value as WpqTestResultValue })} error={refusal.fieldErrors[`tests.${index}.result`]} />
              {CALCULATED_VALUE_LABELS[row.testName] ? (
                <NumberInput label={CALCULATED_VALUE_LABELS[row.testName]} min={0} value={row.calculatedValue} onChange={(value) => change(index, { calculatedValue: value })} error={refusal.fieldErrors[`tests.${index}.calculatedValue`]} />
              ) : (
                <div />
              )}
              <Group gap="xs" align="flex-end">
                <Switch label="Retest" checked={row.isRetest} onChange={(e) => change(index, { isRetest: e.currentTarget.checked })} />
                {rows.length > 1 && (
                  <ActionIcon variant="subtle" color="red.9" aria-label={`Remove test ${index + 1}`} onClick={() => setRows((current) => current.filter((_, i) => i !== index))}>
                    ×
                  </ActionIcon>
                )}
              </Group>
            </SimpleGrid>
            {renderFiles({ label: `evidence of test ${index + 1}`, value: row.evidenceAttachmentIds, onChange: (ids) => change(index, { evidenceAttachmentIds: ids }) })}
            {refusal.fieldErrors[`tests.${index}.evidenceAttachmentIds`] && (
              <Text size="sm" c="red.8">
                {refusal.fieldErrors[`tests.${index}.evidenceAttachmentIds`]}
              </Text>
            )}
          </Fieldset>
        ))}
        <Group>
          <Button variant="default" onClick={() => setRows((current) => [...current, { testName: 'bend', result: 'Pass', calculatedValue: '', evidenceAttachmentIds: [], isRetest: false }])}>
            Add a test
          </Button>
        </Group>
        <Radio.Group label="Job knowledge" withAsterisk value={jobKnowledge} onChange={setJobKnowledge} error={refusal.fieldErrors.jobKnowledge}>
          <Group mt={4}>
            {JOB_KNOWLEDGE_VALUES.map((value) => (
              <Radio key={value} value={value} label={value} />
            ))}
          </Group>
        </Radio.Group>
        <Group justify="flex-end">
          <Button
            variant="default"
            loading={save.isPending}
            onClick={() => {
              if (checked()) void save.mutateAsync(details()).catch(refusal.show);
            }}
          >
            Save test results
          </Button>
        </Group>
        <Fieldset legend="Exam submission" variant="filled">
          <Stack gap="sm">
            <Text size="sm">Test centre: {record.schedule?.testCentre?.name ?? record.schedule?.venue?.title ?? '-'} (as scheduled)</Text>
            {renderFiles({ label: 'the test result file', value: resultFile, onChange: (ids) => setResultFile(ids.slice(-1)) })}
            {refusal.fieldErrors.testResultFile && (
              <Text size="sm" c="red.8">
                {refusal.fieldErrors.testResultFile}
              </Text>
            )}
            <Textarea label="Message to examiner" autosize minRows={2} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
            <Refusal message={refusal.failure} />
            <OverrideReasonField state={override} disabled={submit.isPending} />
            <Group justify="flex-end">
              <Button
                loading={submit.isPending}
                onClick={() => {
                  if (!checked()) return;
                  void sendWithOverride(override, (part) =>
                    submit.mutateAsync({ applicationTestingAgency: null, testResultFile: resultFile[0] ?? '', messageToExaminer: message, details: details(), ...part }),
                  ).catch(refusal.show);
                }}
              >
                Submit the test
              </Button>
            </Group>
          </Stack>
        </Fieldset>
      </Stack>
    </Fieldset>
  );
}

/** The assessor's outcome: approved (the award is made with the engine's range) or not approved with reasons. */
export function WpqOutcomeForm({ record }: { record: WpqRecord }) {
  const submit = useSubmitWpqOutcome(record.id ?? '');
  const refusal = useRefusal();
  // Where the program keeps the decision from the welder's assessor and examiner, a manager may override with a reason (issue 43).
  const override = useImpartialityOverride();
  const [approved, setApproved] = useState('');
  const [notes, setNotes] = useState('');
  // Approval awards: the day the body decided it (issue 41), today unless staff give another.
  const awardDate = useAwardDate(record.awardDateRange);
  return (
    <Fieldset legend="Assessor's outcome">
      <Stack gap="sm">
        <Radio.Group label="Welder qualification approved" withAsterisk value={approved} onChange={setApproved} error={refusal.fieldErrors.welderQualificationApproved}>
          <Group mt={4}>
            <Radio value="yes" label="Approved" />
            <Radio value="no" label="Not approved" />
          </Group>
        </Radio.Group>
        {approved === 'yes' && <AwardDateField {...awardDate.fieldProps} error={awardDate.fieldProps.error ?? refusal.fieldErrors.awardedOn ?? null} />}
        <Textarea label="Assessor notes" description="The reasons, when not approved" autosize minRows={2} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} error={refusal.fieldErrors.programAssessorNotes} />
        <Refusal message={refusal.failure} />
        <OverrideReasonField state={override} disabled={submit.isPending} />
        <Group justify="flex-end">
          <Button
            loading={submit.isPending}
            onClick={() => {
              refusal.clear();
              if (!approved) return refusal.set({ welderQualificationApproved: WPQ_RECORD_MESSAGES.approvedRequired });
              if (approved === 'yes' && !awardDate.check()) return;
              const request = approved === 'yes' ? { welderQualificationApproved: true, programAssessorNotes: notes, awardedOn: awardDate.awardedOn } : { welderQualificationApproved: false, programAssessorNotes: notes };
              void sendWithOverride(override, (part) => submit.mutateAsync({ ...request, ...part })).catch(refusal.show);
            }}
          >
            Record the outcome
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}
