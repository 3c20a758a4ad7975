import { Alert, Button, Group, NativeSelect, NumberInput, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { DateTimeField } from '../../../components/ui/date-field';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { OFFERED_TIME_ZONES } from '@certs/shared/common/dates';
import { MODULE_RESULTS, type ScheduleChoices } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { MODULE_CHOICES, MODULE_CHOICE_LABELS, formatMoney, type ModuleChoice } from '@certs/shared/pre-exam/pre-exam-rules';
import type { Renewal, RenewalModule } from '@certs/shared/renewal/renewal.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf } from '../../../lib/api-client';
import { OverrideReasonField, useImpartialityOverride } from '../../../components/ui/override-reason';
import { renewalKeys } from '../api/renewal';
import { useInvoiceRenewalModules, useRenewalModuleChoices, useRenewalSchedule, useSaveRenewalModuleChoice, useSaveRenewalResults, useSendRenewalSchedule } from '../api/renewal-modules';

const failed = (title: string) => (error: unknown) => notifications.show({ color: 'red', title, message: errorMessageOf(error) });

/** Step 1: the renewal modules staff choose, priced at the holder's renewal fee, then the invoice (with a late fee). */
function ModuleChoice({ renewal, renderInvoiceActions }: { renewal: Renewal; renderInvoiceActions?: RenderInvoiceActions }) {
  const id = renewal.id ?? '';
  const choices = useRenewalModuleChoices(id, !renewal.invoice);
  const [picked, setPicked] = useState<Record<string, ModuleChoice>>({});
  const save = useSaveRenewalModuleChoice(id);
  const invoice = useInvoiceRenewalModules(id);
  const [couponCode, setCouponCode] = useState('');
  const [couponError, setCouponError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  if (renewal.invoice) {
    const amount = formatMoney(renewal.invoice.totalCents, renewal.invoice.currency);
    return (
      <Stack gap="sm">
        <Text data-testid="renewal-invoice">
          {`Invoice ${renewal.invoice.invoiceNumberText}: ${amount} incl. GST, ${renewal.invoice.status === 'Paid' ? 'paid' : 'awaiting payment'}.`}
        </Text>
        {/* Unpaid: staff send the holder a new link or record a bank transfer, as for an application's invoice (issue 41). */}
        {renewal.status === 'submitted' &&
          renewal.invoice.status === 'Issued' &&
          renderInvoiceActions?.({ renewal, amountText: `${amount} (${renewal.invoice.invoiceNumberText})`, onMoved: () => void queryClient.invalidateQueries({ queryKey: renewalKeys.all }) })}
      </Stack>
    );
  }
  if (choices.error) return <Alert color="red" variant="light">{errorMessageOf(choices.error)}</Alert>;
  if (!choices.data) return <Text c="dimmed">Loading the renewal modules…</Text>;
  const modules = choices.data.modules.map((m) => ({ ...m, choice: picked[m.programModuleId] ?? m.choice }));
  const body = { modules: modules.map((m) => ({ programModuleId: m.programModuleId, choice: m.choice })) };
  const issue = () =>
    invoice.mutate(
      { ...body, couponCode: couponCode.trim() || null },
      {
        onSuccess: () => notifications.show({ color: 'teal', title: 'Invoice issued', message: 'The holder has the payment link.' }),
        onError: (error) => {
          // A refused code is said at its field; anything else in a notification.
          const atField = (error as { fieldErrors?: Record<string, string> }).fieldErrors?.couponCode;
          if (atField) setCouponError(atField);
          else failed('The invoice was not issued')(error);
        },
      },
    );
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={560}>
        <Table aria-label="Renewal modules to invoice">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Module</Table.Th>
              <Table.Th>Examination</Table.Th>
              <Table.Th>Choice</Table.Th>
              <Table.Th ta="right">{`Fee (${choices.data.feeBasis === 'member' ? 'member' : 'non-member'})`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {modules.map((m) => (
              <Table.Tr key={m.programModuleId}>
                <Table.Td>{`${m.moduleCode} ${m.moduleTitle}`}</Table.Td>
                <Table.Td>{m.examinationType}</Table.Td>
                <Table.Td>
                  <NativeSelect
                    aria-label={`Choice for ${m.moduleCode}`}
                    value={m.choice}
                    disabled={!choices.data.canEdit}
                    onChange={(event) => setPicked({ ...picked, [m.programModuleId]: event.currentTarget.value as ModuleChoice })}
                    data={MODULE_CHOICES.map((value) => ({ value, label: MODULE_CHOICE_LABELS[value] }))}
                  />
                </Table.Td>
                <Table.Td ta="right">{m.choice === 'notTaken' ? '-' : formatMoney(m.feeCents, choices.data.currency)}</Table.Td>
              </Table.Tr>
            ))}
            {choices.data.lateFeeCents ? (
              <Table.Tr>
                <Table.Td colSpan={3}>Late renewal fee</Table.Td>
                <Table.Td ta="right">{formatMoney(choices.data.lateFeeCents, choices.data.currency)}</Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {choices.data.canEdit && (
        <TextInput
          label="Discount code"
          description="Optional. Checked for this program and holder when the invoice is issued."
          w={320}
          value={couponCode}
          onChange={(event) => {
            setCouponCode(event.currentTarget.value);
            setCouponError(null);
          }}
          error={couponError}
        />
      )}
      {choices.data.canEdit && (
        <Group justify="flex-end">
          <Button variant="default" loading={save.isPending} onClick={() => save.mutate(body, { onSuccess: () => notifications.show({ color: 'teal', title: 'Choice saved', message: 'The modules are kept until you issue the invoice.' }), onError: failed('The choice was not saved') })}>
            Save choice
          </Button>
          <Button loading={invoice.isPending} onClick={issue}>
            Issue invoice
          </Button>
        </Group>
      )}
    </Stack>
  );
}

interface ScheduleDraft {
  examKind: string;
  scheduledLocal: string;
  scheduleTimeZone: string;
  durationMinutes: number | string;
  venueId: string;
  examinerId: string;
  scheduleNote: string;
}

const draftOf = (m: RenewalModule, choices: ScheduleChoices): ScheduleDraft => ({
  examKind: m.examKind ?? (choices.kinds.includes(m.examinationType as ScheduleChoices['kinds'][number]) ? m.examinationType : (choices.kinds[0] ?? '')),
  scheduledLocal: m.scheduledLocal ?? '',
  scheduleTimeZone: m.scheduleTimeZone ?? choices.defaultZone,
  durationMinutes: m.durationMinutes ?? 60,
  venueId: m.venueId ?? '',
  examinerId: m.examinerId ?? '',
  scheduleNote: m.scheduleNote,
});

/** Step 2, once the invoice is paid: each module's exam (kind, time in a zone, duration, venue, examiner), saved and sent to the holder. */
function ModuleSchedule({ renewal }: { renewal: Renewal }) {
  const id = renewal.id ?? '';
  const view = useRenewalSchedule(id, true);
  const [drafts, setDrafts] = useState<Record<string, ScheduleDraft>>({});
  const send = useSendRenewalSchedule(id);
  const override = useImpartialityOverride();
  if (view.error) return <Alert color="red" variant="light">{errorMessageOf(view.error)}</Alert>;
  const choices = view.data?.choices;
  if (!choices) return <Text c="dimmed">Loading the schedule…</Text>;
  const open = renewal.modules.filter((m) => !m.result);
  if (open.length === 0) return <Text c="dimmed">Every module has a result.</Text>;
  const draft = (m: RenewalModule) => drafts[m.id] ?? draftOf(m, choices);
  const change = (m: RenewalModule, patch: Partial<ScheduleDraft>) => setDrafts({ ...drafts, [m.id]: { ...draft(m), ...patch } });
  const submit = () =>
    send.mutate(
      {
        modules: open.map((m) => {
          const d = draft(m);
          return {
            renewalModuleId: m.id,
            examKind: (d.examKind || null) as never,
            scheduledLocal: d.scheduledLocal || null,
            scheduleTimeZone: d.scheduleTimeZone as never,
            durationMinutes: d.durationMinutes === '' ? null : Number(d.durationMinutes),
            venueId: d.venueId || null,
            examinerId: d.examinerId || null,
            scheduleNote: d.scheduleNote,
          };
        }),
        ...override.requestPart(),
      },
      {
        onSuccess: () => {
          override.reset();
          notifications.show({ color: 'teal', title: 'Schedule sent', message: 'The holder has been mailed the schedule.' });
        },
        onError: (error) => {
          override.noteFailure(error);
          failed('The schedule was not sent')(error);
        },
      },
    );
  return (
    <Stack gap="md">
      {open.map((m) => {
        const d = draft(m);
        return (
          <Paper key={m.id} withBorder radius="sm" p="md">
            <Stack gap="xs">
              <Text fw={600}>{`${m.moduleCode} ${m.moduleTitle}`}</Text>
              {m.scheduleSentOn && (
                <Text size="sm" c="dimmed">
                  Sent on <DateDisplay value={m.scheduleSentOn} />
                </Text>
              )}
              <Group gap="sm" align="flex-end" wrap="wrap">
                <NativeSelect label={`Exam kind of ${m.moduleCode}`} value={d.examKind} onChange={(e) => change(m, { examKind: e.currentTarget.value })} data={choices.kinds.map((k) => ({ value: k, label: k }))} w={180} />
                <DateTimeField dateLabel={`Date of ${m.moduleCode}`} timeLabel={`Time of ${m.moduleCode}`} value={d.scheduledLocal} onChange={(value) => change(m, { scheduledLocal: value })} />
                <NativeSelect label="Time zone" value={d.scheduleTimeZone} onChange={(e) => change(m, { scheduleTimeZone: e.currentTarget.value })} data={OFFERED_TIME_ZONES.map((z) => ({ value: z.zone, label: z.label }))} w={150} />
                <NumberInput label={`Duration of ${m.moduleCode} (minutes)`} value={d.durationMinutes} min={1} max={720} allowDecimal={false} onChange={(value) => change(m, { durationMinutes: value })} w={190} />
                <NativeSelect label={`Venue of ${m.moduleCode}`} value={d.venueId} onChange={(e) => change(m, { venueId: e.currentTarget.value })} data={[{ value: '', label: 'Choose a venue' }, ...choices.venues.map((v) => ({ value: v.id, label: v.name }))]} w={220} />
                <NativeSelect label={`Examiner of ${m.moduleCode}`} value={d.examinerId} onChange={(e) => change(m, { examinerId: e.currentTarget.value })} data={[{ value: '', label: 'Choose an examiner' }, ...choices.examiners.map((x) => ({ value: x.id, label: x.name }))]} w={220} />
              </Group>
              <TextInput label={`Note for ${m.moduleCode}`} value={d.scheduleNote} maxLength={1000} onChange={(e) => change(m, { scheduleNote: e.currentTarget.value })} />
            </Stack>
          </Paper>
        );
      })}
      <OverrideReasonField state={override} disabled={send.isPending} />
      <Group justify="flex-end">
        <Button loading={send.isPending} onClick={submit}>
          Send schedule
        </Button>
      </Group>
    </Stack>
  );
}

interface ResultDraft {
  result: string;
  resultPercentage: number | string;
  resultNotes: string;
}

/** Step 3: the result of each sent module (Pass, Fail or Absent, a percentage, notes). */
function ModuleResults({ renewal }: { renewal: Renewal }) {
  const save = useSaveRenewalResults(renewal.id ?? '');
  // Entering a result takes part in the examination: a manager may override an impartiality refusal with a reason (issue 43).
  const override = useImpartialityOverride();
  const sent = renewal.modules.filter((m) => m.scheduleSentOn);
  const [drafts, setDrafts] = useState<Record<string, ResultDraft>>({});
  if (sent.length === 0) return <Text c="dimmed">Results are entered once the schedule is sent.</Text>;
  const draft = (m: RenewalModule): ResultDraft => drafts[m.id] ?? { result: m.result ?? '', resultPercentage: m.resultPercentage ?? '', resultNotes: m.resultNotes };
  const change = (m: RenewalModule, patch: Partial<ResultDraft>) => setDrafts({ ...drafts, [m.id]: { ...draft(m), ...patch } });
  const submit = () =>
    save.mutate(
      {
        modules: sent.map((m) => {
          const d = draft(m);
          return { renewalModuleId: m.id, result: d.result as never, resultPercentage: d.resultPercentage === '' ? null : Number(d.resultPercentage), resultNotes: d.resultNotes };
        }),
        ...override.requestPart(),
      },
      {
        onSuccess: () => {
          override.reset();
          notifications.show({ color: 'teal', title: 'Results saved', message: 'Renew once every required module is passed.' });
        },
        onError: (error) => {
          override.noteFailure(error);
          failed('The results were not saved')(error);
        },
      },
    );
  return (
    <Stack gap="md">
      {sent.map((m) => {
        const d = draft(m);
        return (
          <Group key={m.id} gap="sm" align="flex-end" wrap="wrap">
            <Text fw={600} w={220}>{`${m.moduleCode} ${m.moduleTitle}${m.isRequired ? '' : ' (optional)'}`}</Text>
            <NativeSelect label={`Result of ${m.moduleCode}`} value={d.result} onChange={(e) => change(m, { result: e.currentTarget.value })} data={[{ value: '', label: 'Choose' }, ...MODULE_RESULTS.map((r) => ({ value: r, label: r }))]} w={150} />
            <NumberInput label={`Percentage of ${m.moduleCode}`} value={d.resultPercentage} min={0} max={100} decimalScale={2} onChange={(value) => change(m, { resultPercentage: value })} w={170} />
            <TextInput label={`Notes on ${m.moduleCode}`} value={d.resultNotes} maxLength={2000} onChange={(e) => change(m, { resultNotes: e.currentTarget.value })} style={{ flex: 1 }} miw={200} />
          </Group>
        );
      })}
      <OverrideReasonField state={override} disabled={save.isPending} />
      <Group justify="flex-end">
        <Button loading={save.isPending} onClick={submit}>
          Save results
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The staff's payment actions on the unpaid invoice (resend the link, record an offline payment):
 * the payment feature's, composed by the route (a feature never imports another).
 */
export type RenderInvoiceActions = (props: { renewal: Renewal; amountText: string; onMoved: () => void }) => React.ReactNode;

/** Staff's steps of an AICIP renewal's modules (decision 023): choose and invoice, schedule once paid, record the results. */
export function RenewalModulesPanel({ renewal, renderInvoiceActions }: { renewal: Renewal; renderInvoiceActions?: RenderInvoiceActions }) {
  const isOpen = renewal.status === 'submitted';
  return (
    <Paper withBorder radius="md" p="lg" data-testid="renewal-modules">
      <Stack gap="lg">
        <Title order={2} size="h3">
          Renewal modules
        </Title>
        <ModuleChoice renewal={renewal} renderInvoiceActions={renderInvoiceActions} />
        {isOpen && renewal.invoice?.status === 'Paid' && (
          <>
            <Title order={3} size="h4">
              Schedule
            </Title>
            <ModuleSchedule renewal={renewal} />
            <Title order={3} size="h4">
              Results
            </Title>
            <ModuleResults renewal={renewal} />
          </>
        )}
        {!isOpen && renewal.modules.length > 0 && (
          <Table aria-label="Renewal module results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Module</Table.Th>
                <Table.Th>Result</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {renewal.modules.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{`${m.moduleCode} ${m.moduleTitle}`}</Table.Td>
                  <Table.Td>{m.result ?? '-'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
