import { Alert, Anchor, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '@certs/shared/common/dates';
import { formatMoney } from '@certs/shared/pre-exam/pre-exam-rules';
import {
  RevalidationCancelRequest,
  RevalidationSubmitRequest,
  type ExtensionLogEntry,
  type RevalidationFee,
  type WpqRevalidation,
  type WpqValidity,
} from '@certs/shared/wpq/wpq-validity.contract';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useAddExtensionDetails, useCancelRevalidation, useDecideRevalidation, useExtensionLog, useSubmitRevalidation } from '../api/validity';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateField } from '../../../components/ui/date-field';

/** A file upload from the attachment feature, composed by the route: it hands back the stored file. */
export type RenderUpload = (props: { label: string; onUploaded: (file: { id: string; name: string }) => void }) => React.ReactNode;

const TEST_METHODS = ['Radiography', 'Ultrasonic', 'Destructive'] as const;
const day = (value: string | null) => (value ? formatDate(value, 'day') : '-');

/**
 * What approval costs and when the 2 more years take effect: the fee is invoiced on approval and
 * the extension waits for its payment; without a fee it applies at once.
 */
export function revalidationFeeWords(fee: RevalidationFee | null): string {
  if (!fee) return '';
  if (fee.amountCents <= 0) return 'There is no revalidation fee: once approved, the qualification is valid for 2 more years at once.';
  return `The revalidation fee is ${formatMoney(fee.amountCents, fee.currency)} including GST (the ${fee.basis === 'member' ? 'member' : 'non-member'} fee). It is invoiced when staff approve, and the 2 more years take effect once it is paid.`;
}

interface WeldDraft {
  description: string;
  weldedOn: string;
  testMethod: string;
  report: { id: string; name: string } | null;
}
const emptyWeld: WeldDraft = { description: '', weldedOn: '', testMethod: '', report: null };

/**
 * Revalidation under ISO 9606-1 9.3 b) (decision 026): two production welds from the last 6 months
 * of validity, each with its volumetric or destructive test report. The shared request schema
 * checks the form; the server checks the window and whose files they are.
 */
export function RevalidationForm({ recordId, window, fee, renderUpload }: { recordId: string; window: { from: string; to: string }; fee: RevalidationFee | null; renderUpload: RenderUpload }) {
  const submit = useSubmitRevalidation(recordId);
  const [welds, setWelds] = useState<WeldDraft[]>([emptyWeld, emptyWeld]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const setWeld = (index: number, change: Partial<WeldDraft>) => setWelds((current) => current.map((weld, i) => (i === index ? { ...weld, ...change } : weld)));

  const send = async () => {
    setFailure(null);
    const request = { welds: welds.map((weld) => ({ description: weld.description, weldedOn: weld.weldedOn, testMethod: weld.testMethod, testReportAttachmentId: weld.report?.id ?? '' })) };
    const checked = RevalidationSubmitRequest.safeParse(request);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setErrors({});
    try {
      await submit.mutateAsync(checked.data);
    } catch (error) {
      // The window and the files are the server's to judge: its message names the rule.
      setFailure(error instanceof ApiError && error.fieldErrors.welds ? error.fieldErrors.welds : errorMessageOf(error));
    }
  };

  return (
    <form
      aria-label="Ask for revalidation"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          Two production welds made between {day(window.from)} and {day(window.to)}, each with its test report (radiography, ultrasonic or destructive). Approved, the qualification is valid for 2 more years.
        </Text>
        {fee && (
          <Text size="sm" data-testid="revalidation-fee">
            {revalidationFeeWords(fee)}
          </Text>
        )}
        {welds.map((weld, index) => (
          <Paper key={index} withBorder radius="sm" p="sm" component="fieldset" aria-label={`Production weld ${index + 1}`}>
            <Stack gap="xs">
              <Text fw={600} size="sm">{`Production weld ${index + 1}`}</Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label="Description" required withAsterisk value={weld.description} onChange={(event) => setWeld(index, { description: event.currentTarget.value })} error={errors[`welds.${index}.description`]} />
                <DateField label="Welded on" required withAsterisk value={weld.weldedOn} onChange={(day) => setWeld(index, { weldedOn: day })} error={errors[`welds.${index}.weldedOn`]} />
                <NativeSelect
                  label="Test method"
                  required
                  withAsterisk
                  value={weld.testMethod}
                  onChange={(event) => setWeld(index, { testMethod: event.currentTarget.value })}
                  data={[{ value: '', label: 'Choose' }, ...TEST_METHODS.map((method) => ({ value: method, label: method }))]}
                  error={errors[`welds.${index}.testMethod`]}
                />
              </SimpleGrid>
              {weld.report ? (
                <Text size="sm" data-testid={`weld-${index + 1}-report`}>
                  Test report: {weld.report.name}
                </Text>
              ) : (
                <>
                  {renderUpload({ label: `Upload the test report of weld ${index + 1}`, onUploaded: (file) => setWeld(index, { report: file }) })}
                  {errors[`welds.${index}.testReportAttachmentId`] && (
                    <Text size="sm" c="red.9">
                      {errors[`welds.${index}.testReportAttachmentId`]}
                    </Text>
                  )}
                </>
              )}
            </Stack>
          </Paper>
        ))}
        {failure && (
          <Alert color="red" variant="light" title="Not sent">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={submit.isPending}>
            Ask for revalidation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The program's managers decide an open revalidation: approve (asked once, saying what follows:
 * the fee's invoice and when the extension applies), or refuse with a reason.
 */
function RevalidationDecision({ recordId, revalidation, fee }: { recordId: string; revalidation: WpqRevalidation; fee: RevalidationFee | null }) {
  const decide = useDecideRevalidation(recordId);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const run = (decision: 'approve' | 'refuse') => {
    if (decision === 'refuse' && !reason.trim()) {
      setReasonError('A reason is required');
      return;
    }
    setReasonError(null);
    if (decision === 'approve') {
      setIsConfirming(true);
      return;
    }
    decide.mutate({ revalidationId: revalidation.id, decision, reason });
  };
  const hasFee = !!fee && fee.amountCents > 0;
  return (
    <Stack gap="xs">
      <Textarea label="Note or reason" description="Needed to refuse; sent to the welder." autosize minRows={1} value={reason} onChange={(event) => setReason(event.currentTarget.value)} error={reasonError} />
      {decide.error && (
        <Alert color="red" variant="light">
          {errorMessageOf(decide.error)}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" loading={decide.isPending && decide.variables?.decision === 'refuse'} onClick={() => run('refuse')}>
          Refuse revalidation
        </Button>
        <Button loading={decide.isPending && decide.variables?.decision === 'approve'} onClick={() => run('approve')}>
          Approve revalidation
        </Button>
      </Group>
      <ConfirmDialog
        opened={isConfirming}
        title="Approve revalidation"
        confirmLabel={hasFee ? 'Approve and invoice' : 'Approve'}
        failureTitle="Not approved"
        onConfirm={() => decide.mutateAsync({ revalidationId: revalidation.id, decision: 'approve', reason })}
        onClose={() => setIsConfirming(false)}
      >
        <Text size="sm">
          {fee && fee.amountCents > 0
            ? `The welder is invoiced the revalidation fee, ${formatMoney(fee.amountCents, fee.currency)} including GST (the ${fee.basis === 'member' ? 'member' : 'non-member'} fee), and mailed the link to pay it. The qualification is valid for 2 more years once the invoice is paid; until then it stays valid until ${day(revalidation.validUntilBefore)}.`
            : `There is no revalidation fee: the qualification is valid for 2 more years at once.`}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** What a revalidation waits for, or how it ended, with the validity it gives. */
function statusWords(revalidation: WpqRevalidation): string {
  switch (revalidation.status) {
    case 'submitted':
      return 'waiting for a decision';
    case 'invoiced':
      return `approved, waiting for the payment of invoice ${revalidation.invoice?.number ?? 'for the revalidation fee'}${revalidation.invoice ? ` (${formatMoney(revalidation.invoice.totalCents, revalidation.invoice.currency)})` : ''}; valid until ${day(revalidation.validUntilAfter)} once it is paid`;
    case 'approved':
      return `approved; valid until ${day(revalidation.validUntilAfter)}`;
    case 'refused':
      return 'refused';
    case 'lapsed':
      return `lapsed: the fee was not paid by ${day(revalidation.validUntilBefore)}, the last day of validity${revalidation.invoice ? `; invoice ${revalidation.invoice.number} is void` : ''}`;
    case 'cancelled':
      return `cancelled by staff${revalidation.invoice ? `; invoice ${revalidation.invoice.number} is void` : ''}`;
  }
}

/**
 * Staff cancel an open request (decision 044): asked once, with the reason the welder is sent and
 * what follows (the fee's invoice void, the application Awarded again, the validity unchanged).
 */
export function CancelRevalidation({ recordId, revalidation }: { recordId: string; revalidation: WpqRevalidation }) {
  const cancel = useCancelRevalidation(recordId);
  const [isConfirming, setIsConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const invoice = revalidation.status === 'invoiced' ? revalidation.invoice : null;
  const confirm = async () => {
    const checked = RevalidationCancelRequest.safeParse({ reason });
    // The dialog stays open with the shared rule's message.
    if (!checked.success) throw new ApiError(400, checked.error.issues[0]!.message);
    await cancel.mutateAsync({ revalidationId: revalidation.id, ...checked.data });
  };
  return (
    <>
      <Group justify="flex-end">
        <Button variant="default" color="red" onClick={() => setIsConfirming(true)}>
          Cancel the request
        </Button>
      </Group>
      <ConfirmDialog
        opened={isConfirming}
        title="Cancel the revalidation request"
        confirmLabel="Cancel the request"
        confirmColor="red"
        failureTitle="Not cancelled"
        onConfirm={confirm}
        onClose={() => {
          setIsConfirming(false);
          setReason('');
        }}
      >
        <Text size="sm">
          {invoice
            ? `Invoice ${invoice.number} (${formatMoney(invoice.totalCents, invoice.currency)}) for the revalidation fee is voided: it can no longer be paid. `
            : ''}
          {`The application returns to Awarded and the qualification stays valid until ${day(revalidation.validUntilBefore)}, not extended. The welder is mailed the reason and may ask again.`}
        </Text>
        <Textarea label="Reason" description="Sent to the welder." required withAsterisk autosize minRows={2} value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
      </ConfirmDialog>
    </>
  );
}
/** Who sent the welds: the welder, staff, or the employer's coordinator from the company's portal (issue 42). */
const SUBMITTED_BY_WORDS: Record<WpqRevalidation['submittedBy'], string> = { welder: '', staff: ' by staff', employer: ' by the employer' };

/** Each revalidation asked for, with its welds and outcome; staff decide the open one. */
export function RevalidationList({ recordId, validity, canDecide, onOpenFile }: { recordId: string; validity: WpqValidity; canDecide: boolean; onOpenFile?: (resourceKey: string) => void }) {
  if (validity.revalidations.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="wpq-revalidations">
      <Title order={4} size="h6">
        Revalidations
      </Title>
      {validity.revalidations.map((revalidation) => (
        <Paper key={revalidation.id} withBorder radius="sm" p="sm">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {`Asked for on ${day(revalidation.createdOn)}${SUBMITTED_BY_WORDS[revalidation.submittedBy]}: ${statusWords(revalidation)}`}
            </Text>
            {revalidation.welds.map((weld, index) => (
              <Group key={index} gap="xs" wrap="wrap">
                <Text size="sm">{`${weld.description}, welded ${day(weld.weldedOn)}, ${weld.testMethod}`}</Text>
                {/* Staff decide on the test reports: each opens beside its weld. */}
                {onOpenFile && weld.testReport && (
                  <Anchor component="button" type="button" size="sm" onClick={() => onOpenFile(weld.testReport!.resourceKey)}>
                    {`Open the test report ${weld.testReport.name}`}
                  </Anchor>
                )}
              </Group>
            ))}
            {revalidation.decisionReason && <Text size="sm">{revalidation.decisionReason}</Text>}
            {canDecide && revalidation.status === 'submitted' && <RevalidationDecision recordId={recordId} revalidation={revalidation} fee={validity.revalidationFee} />}
            {canDecide && (revalidation.status === 'submitted' || revalidation.status === 'invoiced') && <CancelRevalidation recordId={recordId} revalidation={revalidation} />}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

const LOG_EVENT_WORDS: Record<ExtensionLogEntry['event'], string> = {
  requested: 'Requested',
  invoiced: 'Invoiced',
  paid: 'Paid',
  approved: 'Approved',
  refused: 'Refused',
  lapsed: 'Lapsed unpaid',
  cancelled: 'Cancelled',
  details: 'Details',
};

/** Staff's log of the qualification's extension requests and decisions, with room to add what they learn. */
export function ExtensionLogSection({ recordId }: { recordId: string }) {
  const log = useExtensionLog(recordId, true);
  const add = useAddExtensionDetails(recordId);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const entries = log.data ?? [];
  const save = () => {
    if (!details.trim()) {
      setError('Details is required');
      return;
    }
    setError(null);
    add.mutate(details, { onSuccess: () => setDetails('') });
  };
  return (
    <Stack gap="xs" data-testid="wpq-extension-log">
      <Title order={4} size="h6">
        Extension log
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No extension request yet.
        </Text>
      ) : (
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Extension log">
          {entries.map((entry) => (
            <Text key={entry.id} size="sm" component="li">{`${formatDate(entry.createdOn, 'day')} · ${LOG_EVENT_WORDS[entry.event]}: ${entry.requestDetails}`}</Text>
          ))}
        </Stack>
      )}
      <Group align="flex-end" gap="sm">
        <Textarea label="Add details" autosize minRows={1} w={360} value={details} onChange={(event) => setDetails(event.currentTarget.value)} error={error ?? (add.error ? errorMessageOf(add.error) : null)} />
        <Button variant="default" loading={add.isPending} onClick={save}>
          Add to the log
        </Button>
      </Group>
    </Stack>
  );
}
