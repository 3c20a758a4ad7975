import { Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { DateTimeField } from '../../../components/ui/date-field';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { AwardDateRange } from '@certs/shared/award/award-date';
import { DEFAULT_TIME_ZONE, isOfferedTimeZone, type OfferedTimeZone } from '@certs/shared/common/dates';
import { MODULE_RESULTS, scheduleRowIssues, type ScheduleChoices } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { formatMoney } from '@certs/shared/pre-exam/pre-exam-rules';
import { resitResultAwards, type ResitCandidateModule, type ResitModule } from '@certs/shared/resit/resit.contract';
import { RESIT_RESULT_WORDS, RESIT_SCHEDULE_STAGES, RESIT_STAGE_COLORS, RESIT_STAGE_LABELS, type ResitTypePath } from '@certs/shared/resit/resit-rules';
import { statusLabelOf } from '@certs/shared/application/application-labels';
import { AwardDateField, useAwardDate } from '../../../components/ui/award-date-field';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { OverrideReasonField, sendWithOverride, useImpartialityOverride } from '../../../components/ui/override-reason';
import { useDateFormatter } from '../../../lib/dates';
import {
  resitKeys,
  useResitView,
  useSaveResitAssessment,
  useSaveResitSchedule,
  useSendResitSchedule,
  useSubmitResitAssessment,
  useSubmitResitResult,
} from '../api/resit';

/** The payment feature's "Resend payment link" and "Record offline payment" for a re-sit's unpaid invoice, composed by the page. */
export type RenderResitInvoiceActions = (props: { resit: ResitModule; amountText: string; onMoved: () => void }) => ReactNode;

interface StaffResitPanelProps {
  word: ResitTypePath;
  applicationId: string;
  renderInvoiceActions?: RenderResitInvoiceActions;
  /** A step moved the application: the page reloads it. */
  onMoved?: () => void;
}

type Errors = Record<string, string | undefined>;

const fieldErrorsOf = (error: unknown): Record<string, string> => (error as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};

/** The re-sit's exam schedule, by the module exam's rules (`scheduleRowIssues`, the server's check too). */
function ResitScheduleForm({ word, resit, module, choices, onDone }: { word: ResitTypePath; resit: ResitModule; module: ResitCandidateModule | undefined; choices: ScheduleChoices; onDone: () => void }) {
  const save = useSaveResitSchedule(word);
  const [values, setValues] = useState({
    examKind: resit.examKind,
    scheduledLocal: resit.scheduledLocal ?? '',
    // A new schedule starts in the awarding body's zone.
    scheduleTimeZone: (resit.scheduleTimeZone && isOfferedTimeZone(resit.scheduleTimeZone) ? resit.scheduleTimeZone : isOfferedTimeZone(choices.defaultZone) ? choices.defaultZone : DEFAULT_TIME_ZONE) as OfferedTimeZone,
    durationMinutes: resit.durationMinutes as number | null,
    venueId: resit.venue?.id ?? null,
    testingAgencyId: resit.testCentre?.id ?? null,
    examinerId: resit.examiner?.id ?? null,
    invigilatorId: resit.invigilator?.id ?? null,
    examDefinitionId: resit.examDefinition?.id ?? null,
    scheduleNote: resit.scheduleNote,
  });
  const [errors, setErrors] = useState<Errors>({});
  const override = useImpartialityOverride();
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => setValues((current) => ({ ...current, [key]: value }));
  const tests = choices.tests.filter((test) => test.programModuleId === module?.programModuleId);

  const send = async () => {
    const issues = scheduleRowIssues(values, { invigilated: module?.invigilated ?? false }, new Date());
    if (Object.keys(issues).length > 0) {
      setErrors(issues);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ resitModuleId: resit.id, ...values, examDefinitionId: values.examKind === 'Online' ? values.examDefinitionId : null, ...override.requestPart() });
      override.reset();
      onDone();
      notifications.show({ color: 'green', title: 'Re-sit scheduled', message: 'Send it to the candidate when ready.' });
    } catch (error) {
      override.noteFailure(error);
      const fieldErrors = fieldErrorsOf(error);
      setErrors(Object.keys(fieldErrors).length > 0 ? fieldErrors : { form: errorMessageOf(error) });
    }
  };

  return (
    <Stack gap="sm" data-testid="resit-schedule-form">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Exam kind" required withAsterisk data={choices.kinds} value={values.examKind} onChange={(value) => set('examKind', value as typeof values.examKind)} error={errors.examKind} />
        <DateTimeField dateLabel="Date" timeLabel="Time" required value={values.scheduledLocal} onChange={(value) => set('scheduledLocal', value)} error={errors.scheduledLocal} />
        <Select label="Time zone" data={choices.zones} value={values.scheduleTimeZone} onChange={(value) => set('scheduleTimeZone', value && isOfferedTimeZone(value) ? value : DEFAULT_TIME_ZONE)} error={errors.scheduleTimeZone} />
        <NumberInput label="Duration (minutes)" required withAsterisk min={1} max={720} allowDecimal={false} value={values.durationMinutes ?? ''} onChange={(value) => set('durationMinutes', value === '' ? null : Number(value))} error={errors.durationMinutes} />
        {values.examKind !== 'Online' && (
          <>
            <Select label="Venue" clearable data={choices.venues.map((venue) => ({ value: venue.id, label: venue.name }))} value={values.venueId} onChange={(value) => set('venueId', value)} error={errors.venueId} />
            <Select label="Test centre" clearable data={choices.testCentres.map((centre) => ({ value: centre.id, label: centre.name }))} value={values.testingAgencyId} onChange={(value) => set('testingAgencyId', value)} error={errors.testingAgencyId} />
          </>
        )}
        <Select label="Examiner" required withAsterisk data={choices.examiners.map((person) => ({ value: person.id, label: person.name }))} value={values.examinerId} onChange={(value) => set('examinerId', value)} error={errors.examinerId} />
        <Select label="Invigilator" clearable data={choices.invigilators.map((person) => ({ value: person.id, label: person.name }))} value={values.invigilatorId} onChange={(value) => set('invigilatorId', value)} error={errors.invigilatorId} />
        {values.examKind === 'Online' && (
          <Select label="Test" required withAsterisk data={tests.map((test) => ({ value: test.id, label: test.name }))} value={values.examDefinitionId} onChange={(value) => set('examDefinitionId', value)} error={errors.examDefinitionId} />
        )}
      </SimpleGrid>
      <Textarea label="Note to the candidate" autosize minRows={2} maxLength={1000} value={values.scheduleNote} onChange={(event) => set('scheduleNote', event.currentTarget.value)} error={errors.scheduleNote} />
      {errors.form && (
        <Alert color="red" variant="light" role="alert">
          {errors.form}
        </Alert>
      )}
      <OverrideReasonField state={override} disabled={save.isPending} />
      <Group justify="flex-end">
        <Button onClick={() => void send()} loading={save.isPending}>
          Save the schedule
        </Button>
      </Group>
    </Stack>
  );
}

/** The examiner's assessment of a re-sit sat away from the online exam: save, then submit. */
function ResitAssessmentForm({ word, resit, onDone }: { word: ResitTypePath; resit: ResitModule; onDone: () => void }) {
  const save = useSaveResitAssessment(word);
  const submit = useSubmitResitAssessment(word);
  const [result, setResult] = useState<string | null>(resit.result);
  const [percentage, setPercentage] = useState<number | string>(resit.resultPercentage ?? '');
  const [notes, setNotes] = useState(resit.resultNotes);
  const [errors, setErrors] = useState<Errors>({});
  const run = async (step: () => Promise<unknown>, title: string) => {
    setErrors({});
    try {
      await step();
      onDone();
      notifications.show({ color: 'green', title, message: `Re-sit of ${resit.moduleCode}` });
    } catch (error) {
      const fieldErrors = fieldErrorsOf(error);
      setErrors(Object.keys(fieldErrors).length > 0 ? fieldErrors : { form: errorMessageOf(error) });
    }
  };
  const isFromExam = resit.resultSource === 'onlineExam';
  return (
    <Stack gap="sm" data-testid="resit-assessment-form">
      {isFromExam ? (
        <Text size="sm">
          Result from the online exam: {resit.result} {resit.resultPercentage !== null ? `${resit.resultPercentage}%` : ''}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select label="Result" required withAsterisk data={[...MODULE_RESULTS]} value={result} onChange={setResult} error={errors.result} />
          <NumberInput label="Percentage" min={0} max={100} decimalScale={2} value={percentage} onChange={setPercentage} error={errors.resultPercentage} disabled={result === 'Absent'} />
          <Textarea label="Notes" autosize minRows={1} value={notes} onChange={(event) => setNotes(event.currentTarget.value)} error={errors.resultNotes} />
        </SimpleGrid>
      )}
      {errors.form && (
        <Alert color="red" variant="light" role="alert">
          {errors.form}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {!isFromExam && (
          <Button
            variant="default"
            loading={save.isPending}
            onClick={() =>
              void run(
                () => save.mutateAsync({ resitModuleId: resit.id, result: (result ?? undefined) as 'Pass', resultPercentage: result === 'Absent' || percentage === '' ? null : Number(percentage), resultNotes: notes }),
                'Assessment saved',
              )
            }
          >
            Save the assessment
          </Button>
        )}
        <Button loading={submit.isPending} disabled={!resit.result} onClick={() => void run(() => submit.mutateAsync({ resitModuleId: resit.id }), 'Assessment submitted')}>
          Submit the assessment
        </Button>
      </Group>
    </Stack>
  );
}

interface StaffResitRowProps {
  word: ResitTypePath;
  resit: ResitModule;
  module: ResitCandidateModule | undefined;
  choices: ScheduleChoices | null;
  canManage: boolean;
  /** Recording this re-sit's result awards the application: the form asks for the award date. */
  resultAwards: boolean;
  awardDateRange: AwardDateRange | null;
  renderInvoiceActions?: RenderResitInvoiceActions;
  onMoved: () => void;
}

/** Where a re-sit is sat, in the words of the schedule: online, a test centre or a venue. */
function placeOf(resit: ResitModule): string {
  if (resit.examKind === 'Online') return 'online';
  if (resit.testCentre) return `at ${resit.testCentre.name}`;
  return resit.venue ? `at ${resit.venue.name}` : 'no venue set';
}

function StaffResitRow({ word, resit, module, choices, canManage, resultAwards, awardDateRange, renderInvoiceActions, onMoved }: StaffResitRowProps) {
  const dates = useDateFormatter();
  const send = useSendResitSchedule(word);
  const result = useSubmitResitResult(word);
  const [note, setNote] = useState('');
  const awardDate = useAwardDate(awardDateRange);
  // The re-sit's result is the certification decision: a manager may override its impartiality refusal with a reason (issue 43).
  const resultOverride = useImpartialityOverride();
  const queryClient = useQueryClient();
  // Paid offline or a new link sent: the re-sit's stage and link are read again.
  const paymentMoved = () => {
    void queryClient.invalidateQueries({ queryKey: resitKeys.all });
    onMoved();
  };
  const [confirming, setConfirming] = useState<'send' | 'result' | null>(null);
  const moved = (done: ResitModule, title: string) => {
    onMoved();
    notifications.show({ color: 'green', title, message: `Re-sit of ${done.moduleCode}: ${RESIT_STAGE_LABELS[done.stage].toLowerCase()}; the application is ${statusLabelOf(done.applicationStatus)}.` });
  };
  const canSchedule = canManage && !!choices && RESIT_SCHEDULE_STAGES.includes(resit.stage) && !resit.result;
  return (
    <Paper withBorder radius="sm" p="md" data-testid="staff-resit">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>
            {resit.moduleCode} {resit.moduleTitle}, re-sit {resit.attempt}
          </Text>
          <StatusBadge label={RESIT_STAGE_LABELS[resit.stage]} value={resit.stage} color={RESIT_STAGE_COLORS[resit.stage]} />
        </Group>
        <Text size="sm">
          Fee {formatMoney(resit.feeCents, resit.currency)} ({resit.feeBasis === 'member' ? 'member' : 'non-member'}), invoice {resit.invoiceStatus ?? '-'}
          {resit.scheduledAt ? `; ${resit.examKind}, ${dates.dateTime(resit.scheduledAt)}, ${placeOf(resit)}, ${resit.scheduleSentOn ? 'sent' : 'not sent'}` : ''}
          {resit.result ? `; result ${resit.result}${resit.resultPercentage !== null ? ` ${resit.resultPercentage}%` : ''}` : ''}
        </Text>
        {/* Unpaid: staff send a new link or record a bank transfer, as for every invoice (issue 41). */}
        {canManage && resit.stage === 'Resit Applied' && resit.invoiceStatus === 'Issued' && renderInvoiceActions?.({ resit, amountText: `${formatMoney(resit.invoiceTotalCents ?? resit.feeCents, resit.currency)} (re-sit of ${resit.moduleCode})`, onMoved: paymentMoved })}
        {canSchedule && choices && <ResitScheduleForm word={word} resit={resit} module={module} choices={choices} onDone={onMoved} />}
        {canManage && RESIT_SCHEDULE_STAGES.includes(resit.stage) && resit.scheduledAt && !resit.scheduleSentOn && (
          <Group justify="flex-end">
            <Button onClick={() => setConfirming('send')}>Send to the candidate</Button>
          </Group>
        )}
        <ConfirmDialog
          opened={confirming === 'send'}
          title={`Send the re-sit of ${resit.moduleCode} to the candidate?`}
          confirmLabel="Send the schedule"
          failureTitle="The schedule was not sent"
          onClose={() => setConfirming(null)}
          onConfirm={async () => moved(await send.mutateAsync({ resitModuleId: resit.id }), 'Re-sit sent to the candidate')}
        >
          <Text size="sm">
            {resit.applicantName} is mailed the re-sit: {resit.examKind}, {dates.dateTime(resit.scheduledAt)}, {resit.durationMinutes} minutes, {placeOf(resit)}.
            {resit.examKind === 'Online' ? ' The exam opens to them at that time.' : ''} A change after sending is sent again.
          </Text>
        </ConfirmDialog>
        {resit.stage === 'Resit Examination' && <ResitAssessmentForm word={word} resit={resit} onDone={onMoved} />}
        {canManage && resit.stage === 'Resit Examination Assessment' && (
          <Stack gap="sm" data-testid="resit-result-form">
            {resultAwards && (
              <>
                <Text size="sm">Every module is passed with this result: recording it awards the application.</Text>
                <AwardDateField {...awardDate.fieldProps} />
              </>
            )}
            <Textarea label="Note for the history" autosize minRows={1} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
            <Group justify="flex-end">
              <Button
                onClick={() => {
                  if (resultAwards && !awardDate.check()) return;
                  setConfirming('result');
                }}
              >
                Record the re-sit result
              </Button>
            </Group>
            <ConfirmDialog
              opened={confirming === 'result'}
              title={`Record the re-sit result of ${resit.moduleCode}?`}
              confirmLabel="Record the result"
              failureTitle="The result was not recorded"
              onClose={() => setConfirming(null)}
              onConfirm={async () => {
                const request = { resitModuleId: resit.id, note, ...(resultAwards ? { awardedOn: awardDate.awardedOn } : {}) };
                moved(await sendWithOverride(resultOverride, (part) => result.mutateAsync({ ...request, ...part })), 'Re-sit result recorded');
              }}
            >
              <Text size="sm">
                {resit.applicantName}&apos;s re-sit of {resit.moduleCode} is recorded as {RESIT_RESULT_WORDS[resit.result ?? ''] ?? 'not passed'}
                {resit.resultPercentage !== null ? ` (${resit.resultPercentage}%)` : ''}, and they are mailed it. It cannot be changed here afterwards.
              </Text>
              <Text size="sm" fw={600}>
                {resultAwards
                  ? 'Every module is then passed: the application is awarded at once, a certificate is issued with its number, and the candidate is mailed it.'
                  : 'Not every module is passed with it: the application is not awarded.'}
              </Text>
              {/* A refusal of the decision shows here; a manager may give a reason and confirm again. */}
              <OverrideReasonField state={resultOverride} disabled={result.isPending} />
            </ConfirmDialog>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Staff's side of re-sits (decision 024) on the application page: each re-sit's stage, and for the
 * program's managers the next step (payment link, schedule and send, result); the assessment for
 * them or the re-sit's examiner (the server decides).
 */
export function StaffResitPanel({ word, applicationId, renderInvoiceActions, onMoved }: StaffResitPanelProps) {
  const view = useResitView(word, applicationId);
  if (!view.data || view.data.resits.length === 0) return null;
  const { resits, modules, choices, canManage } = view.data;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="staff-resit-heading" data-testid="staff-resits">
      <Stack gap="md">
        <Title order={2} size="h4" id="staff-resit-heading">
          Re-sits
        </Title>
        {resits.map((resit) => (
          <StaffResitRow
            key={resit.id}
            word={word}
            resit={resit}
            module={modules.find((module) => module.applicationModuleId === resit.applicationModuleId)}
            choices={choices}
            canManage={canManage}
            resultAwards={resitResultAwards(view.data, resit)}
            awardDateRange={view.data.awardDateRange}
            renderInvoiceActions={renderInvoiceActions}
            onMoved={() => onMoved?.()}
          />
        ))}
      </Stack>
    </Paper>
  );
}
