import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DateField } from '../../../components/ui/date-field';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { PAYMENT_MESSAGES, formatAmount } from '@certs/shared/payment/payment.contract';
import { AicipPaymentRequest, type AicipPaymentApplication } from '@certs/shared/support/support.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ExportButton } from '../../../components/ui/export-button';
import { PagedTable, type PagedTableColumn } from '../../../components/ui/paged-table';
import { csvFileName, pagesOf, type CsvColumn } from '../../../lib/export-csv';
import { StatusBadge } from '../../../components/ui/status-badge';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { useDebouncedSearch, usePaging } from '../../../lib/use-paging';
import { pagedTableProps } from '../../../lib/paged-table-props';
import { findAicipAwaitingPayment, useAicipApplication, useAicipAwaitingPayment, useRecordAicipPayment } from '../api/support';

dayjs.extend(utc);
dayjs.extend(timezone);

const INVOICE_STATUS_COLORS = { Issued: 'yellow', Paid: 'green', Void: 'gray' } as const;

/** The staff page of an application (Programs → program → application). */
export function staffApplicationPath(row: Pick<AicipPaymentApplication, 'programId' | 'applicationId'>): string {
  return `${ADMIN_MENU_PATHS.Programs}/${row.programId}/applications/aicipapplication/${row.applicationId}`;
}

export interface AicipPaymentValues {
  reference: string;
  /** The day the money arrived (YYYY-MM-DD in the user's zone); empty for today. */
  paidOn: string;
  reason: string;
}
type Field = keyof AicipPaymentValues;

/**
 * The request for the values, or the messages at the fields (the contract's own, as the API gives
 * them). A day becomes noon of that day in the user's zone, never later than now.
 */
export function aicipPaymentRequestOf(applicationId: string, values: AicipPaymentValues, zone: string, now = dayjs()): { request: AicipPaymentRequest } | { errors: Partial<Record<Field, string>> } {
  const request: AicipPaymentRequest = { applicationId, reference: values.reference, reason: values.reason };
  if (values.paidOn) {
    if (values.paidOn > now.tz(zone).format('YYYY-MM-DD')) return { errors: { paidOn: PAYMENT_MESSAGES.paidOnFuture } };
    const noon = dayjs.tz(`${values.paidOn} 12:00`, zone);
    request.paidOn = (noon.isAfter(now) ? now : noon).toISOString();
  }
  const parsed = AicipPaymentRequest.safeParse(request);
  if (parsed.success) return { request: { ...request, reference: parsed.data.reference, reason: parsed.data.reason } };
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]) as Field;
    if (field in values && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

function InvoiceFacts({ application }: { application: AicipPaymentApplication }) {
  const invoice = application.invoice;
  return (
    <Table withTableBorder variant="vertical" layout="fixed" aria-label={`Application ${application.applicationNumber}`}>
      <Table.Tbody>
        <Table.Tr>
          <Table.Th scope="row" w={160}>
            Applicant
          </Table.Th>
          <Table.Td>
            {application.applicantName} ({application.email})
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Program</Table.Th>
          <Table.Td>
            {application.programCode}: {application.programTitle}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Invoice</Table.Th>
          <Table.Td>{invoice ? invoice.invoiceNumber : 'No invoice'}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Amount</Table.Th>
          <Table.Td data-testid="aicip-invoice-amount">{invoice ? formatAmount(invoice.totalCents, invoice.currency) : '-'}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Invoice status</Table.Th>
          <Table.Td>
            {invoice ? <StatusBadge color={INVOICE_STATUS_COLORS[invoice.status]} label={invoice.status} testId="aicip-invoice-status" /> : '-'}
            {invoice?.paidOn && (
              <Text span size="sm" ml="xs">
                on <DateDisplay value={invoice.paidOn} />
              </Text>
            )}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th scope="row">Stage</Table.Th>
          <Table.Td data-testid="aicip-application-stage">{application.stageLabel}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

type Step = { kind: 'form' } | { kind: 'confirm'; request: AicipPaymentRequest } | { kind: 'done'; reference: string };

/** Record a payment for one application: the form, a confirmation (it cannot be undone), then the result as the server reads it. */
export function RecordAicipPaymentDialog({ application, onClose }: { application: AicipPaymentApplication | null; onClose: () => void }) {
  const { zone } = useDateFormatter();
  const record = useRecordAicipPayment();
  const [values, setValues] = useState<AicipPaymentValues>({ reference: '', paidOn: '', reason: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const result = useAicipApplication(step.kind === 'done' && application ? application.applicationId : null);
  if (!application) return null;
  const invoice = application.invoice;
  const amountText = invoice ? formatAmount(invoice.totalCents, invoice.currency) : '';
  const today = dayjs().tz(zone).format('YYYY-MM-DD');

  const close = () => {
    if (record.isPending) return;
    setValues({ reference: '', paidOn: '', reason: '' });
    setErrors({});
    setFailure(null);
    setStep({ kind: 'form' });
    record.reset();
    onClose();
  };
  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const review = () => {
    setFailure(null);
    const checked = aicipPaymentRequestOf(application.applicationId, values, zone);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setStep({ kind: 'confirm', request: checked.request });
  };
  const confirm = (request: AicipPaymentRequest) => {
    setFailure(null);
    record.mutate(request, {
      onSuccess: () => setStep({ kind: 'done', reference: request.reference }),
      onError: (error) => {
        const atFields = error instanceof ApiError ? Object.entries(error.fieldErrors).filter(([field]) => field in values) : [];
        if (atFields.length > 0) {
          // The server's messages at the fields they concern, back on the form.
          setErrors(Object.fromEntries(atFields));
          setStep({ kind: 'form' });
        }
        setFailure(errorMessageOf(error));
      },
    });
  };

  return (
    <FormDialog opened title={`Record AICIP payment: ${application.applicationNumber}`} onClose={close}>
      <Stack gap="md">
        {step.kind === 'done' ? (
          <>
            <Alert color="green" role="status" title="Payment recorded">
              Payment of {amountText} recorded with reference {step.reference}. It is in the support log with your reason.
            </Alert>
            {result.data ? <InvoiceFacts application={result.data} /> : result.error ? <Alert color="red">{errorMessageOf(result.error)}</Alert> : <Text size="sm">Reading the application…</Text>}
            <Group justify="space-between">
              <Anchor component={Link} to={staffApplicationPath(application)}>
                Open application {application.applicationNumber}
              </Anchor>
              <Button onClick={close}>Done</Button>
            </Group>
          </>
        ) : (
          <>
            <InvoiceFacts application={application} />
            {step.kind === 'form' ? (
              <form
                noValidate
                aria-label="AICIP payment"
                onSubmit={(event) => {
                  event.preventDefault();
                  review();
                }}
              >
                <Stack gap="sm">
                  <TextInput
                    label="Payment reference"
                    description={`The bank transfer's reference for ${amountText}`}
                    required
                    maxLength={120}
                    value={values.reference}
                    error={errors.reference}
                    onChange={(event) => set('reference', event.currentTarget.value)}
                  />
                  <DateField label="Paid on" description="Leave empty for today" max={today} value={values.paidOn} error={errors.paidOn} onChange={(day) => set('paidOn', day)} />
                  <Textarea
                    label="Reason"
                    description="Kept in the support log with your name and the time"
                    required
                    minRows={2}
                    value={values.reason}
                    error={errors.reason}
                    onChange={(event) => set('reason', event.currentTarget.value)}
                  />
                  {failure && (
                    <Alert color="red" variant="light" title="Not recorded" role="alert">
                      {failure}
                    </Alert>
                  )}
                  <Group justify="flex-end">
                    <Button variant="default" onClick={close}>
                      Cancel
                    </Button>
                    <Button type="submit">Record payment</Button>
                  </Group>
                </Stack>
              </form>
            ) : (
              <Stack gap="sm">
                <Text fw={600}>
                  Record a payment of {amountText} for invoice {invoice?.invoiceNumber} with reference {step.request.reference}?
                </Text>
                <Text size="sm">The invoice becomes Paid and the application moves on to its exams. A recorded payment cannot be undone here.</Text>
                {failure && (
                  <Alert color="red" variant="light" title="Not recorded" role="alert">
                    {failure}
                  </Alert>
                )}
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setStep({ kind: 'form' })} disabled={record.isPending}>
                    Back
                  </Button>
                  <Button loading={record.isPending} onClick={() => confirm(step.request)}>
                    Confirm payment
                  </Button>
                </Group>
              </Stack>
            )}
          </>
        )}
      </Stack>
    </FormDialog>
  );
}

/** The export of the AICIP applications waiting for payment: the table's columns, in words. */
export const AICIP_PAYMENT_CSV_COLUMNS: readonly CsvColumn<AicipPaymentApplication>[] = [
  { header: 'Application', value: (row) => row.applicationNumber },
  { header: 'Program', value: (row) => row.programCode },
  { header: 'Applicant', value: (row) => row.applicantName },
  { header: 'Email', value: (row) => row.email },
  { header: 'Member Number', value: (row) => row.memberNumber },
  { header: 'Invoice', value: (row) => row.invoice?.invoiceNumber },
  { header: 'Amount', value: (row) => (row.invoice ? formatAmount(row.invoice.totalCents, row.invoice.currency) : '') },
  { header: 'Issued', value: (row, dates) => (row.invoice ? dates.date(row.invoice.issuedOn) : '') },
  { header: 'Invoice Status', value: (row) => row.invoice?.status },
];

/** Support's "process AICIP payments" (spec section 6): find an AICIP application waiting for payment and record its payment. */
export function AicipPayments() {
  const paging = usePaging();
  const { page, pageSize, resetPage } = paging;
  const search = useDebouncedSearch(resetPage);
  const [target, setTarget] = useState<AicipPaymentApplication | null>(null);
  const waiting = useAicipAwaitingPayment({ searchTerm: search.term, page, pageSize });
  const columns: PagedTableColumn<AicipPaymentApplication>[] = [
    {
      key: 'application',
      header: 'Application',
      isRowHeader: true,
      noWrap: true,
      render: (row) => (
        <Anchor component={Link} to={staffApplicationPath(row)}>
          {row.applicationNumber}
        </Anchor>
      ),
    },
    { key: 'program', header: 'Program', render: (row) => row.programCode },
    {
      key: 'applicant',
      header: 'Applicant',
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.applicantName}</Text>
          <Text size="xs" c="dimmed">
            {row.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'member', header: 'Member Number', render: (row) => row.memberNumber || '-' },
    { key: 'invoice', header: 'Invoice', noWrap: true, render: (row) => row.invoice?.invoiceNumber ?? '-' },
    { key: 'amount', header: 'Amount', align: 'right', noWrap: true, render: (row) => (row.invoice ? formatAmount(row.invoice.totalCents, row.invoice.currency) : '-') },
    { key: 'issued', header: 'Issued', noWrap: true, render: (row) => (row.invoice ? <DateDisplay value={row.invoice.issuedOn} /> : '-') },
    { key: 'status', header: 'Invoice Status', noWrap: true, render: (row) => (row.invoice ? <StatusBadge color={INVOICE_STATUS_COLORS[row.invoice.status]} label={row.invoice.status} /> : '-') },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (row) => (
        <Button size="xs" variant="light" onClick={() => setTarget(row)} aria-label={`Record payment: ${row.applicationNumber}`}>
          Record payment
        </Button>
      ),
    },
  ];
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="aicip-payments-heading">
      <Title order={2} size="h4" id="aicip-payments-heading" mb={4}>
        AICIP payments
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        AICIP applications waiting for a payment. Record a payment received outside the gateway, such as a bank transfer, with its reference.
      </Text>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label="Find an AICIP application"
          description="Application or invoice number, applicant name, email or member number"
          value={search.text}
          onChange={(event) => search.onTextChange(event.currentTarget.value)}
          w={{ base: '100%', sm: 420 }}
        />
          <ExportButton
            table="AICIP applications waiting for payment"
            fileName={csvFileName('aicip-applications-waiting-for-payment')}
            source={{ kind: 'pages', columns: AICIP_PAYMENT_CSV_COLUMNS, fetchPage: pagesOf(findAicipAwaitingPayment, { searchTerm: search.term }) }}
          />
        </Group>
        <PagedTable
          label="AICIP applications waiting for payment"
          testId="aicip-payments"
          columns={columns}
          {...pagedTableProps(waiting, paging)}
          rowKey={(row) => row.applicationId}
          emptyText={search.term?.trim() ? 'No AICIP application waiting for payment matches.' : 'No AICIP application is waiting for a payment.'}
        />
      </Stack>
      <RecordAicipPaymentDialog application={target} onClose={() => setTarget(null)} />
    </Paper>
  );
}
