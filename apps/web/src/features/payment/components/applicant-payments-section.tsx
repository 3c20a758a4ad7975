import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { INVOICE_STATUS_COLORS, taxIdentifiersText } from '@certs/shared/pre-exam/pre-exam.contract';
import { formatGstRate } from '@certs/shared/pre-exam/pre-exam-rules';
import { formatAmount, type Payment } from '@certs/shared/payment/payment.contract';
import { DataTable } from '../../../components/ui/data-table';
import { DateDisplay } from '../../../components/ui/date-display';
import type { PagedTableColumn } from '../../../components/ui/paged-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { useApplicationInvoices, useApplicationPayments } from '../api/payments';
import { downloadFile } from '../../../lib/download-file';
import { useIsNarrowerThan } from '../../../lib/use-is-narrower-than';
import { PaymentStatusBadge } from './payment-status-badge';

/** A button a finger hits: the card's full width and at least 44 px tall (WCAG 2.5.5, Apple's and Google's guidance). */
const TOUCH_TARGET = { size: 'md', fullWidth: true, mih: 44 } as const;

/** The applicant's pay page of a payment tracker. */
export const payPagePath = (trackerId: string) => `/student/payments/${trackerId}`;

const isStillOpen = (payment: { status: string; expiresOn: string }) =>
  (payment.status === 'Requested' || payment.status === 'Pending' || payment.status === 'Failed') && new Date(payment.expiresOn).getTime() > Date.now();
/** Open, and the applicant's to pay: an invoice issued to their employer (issue 42) is the company's. */
const canStillPay = (payment: Payment) => !payment.paidByCompany && isStillOpen(payment);

/**
 * The payment links of one invoice, in its row (issue 21 item 4: the invoice is shown once): each
 * with its status and when it was paid or stays open, and Pay while it can still be paid.
 */
function InvoicePayments({ invoiceNumber, payments }: { invoiceNumber: string; payments: readonly Payment[] }) {
  // On a phone (a card per invoice) the line wraps and Pay takes the card's width at a finger's
  // height (issue 45 item 14: it was squeezed to 23 px beside the status and date).
  const isNarrow = useIsNarrowerThan('md');
  if (payments.length === 0) return <Text size="sm" c="dimmed">None yet</Text>;
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={`Payments of ${invoiceNumber}`}>
      {payments.map((payment) => (
        <Group key={payment.id} component="li" gap="xs" wrap={isNarrow ? 'wrap' : 'nowrap'} data-testid="invoice-payment">
          <PaymentStatusBadge status={payment.displayedStatus} />
          {(payment.paidOn || isStillOpen(payment)) && (
            <Text size="sm" c="dimmed">
              {payment.paidOn ? 'on ' : 'open until '}
              <DateDisplay value={payment.paidOn ?? payment.expiresOn} withTime />
            </Text>
          )}
          {payment.paidByCompany && !payment.paidOn && isStillOpen(payment) && (
            <Text size="sm" c="dimmed">
              {payment.paidByCompany} pays this invoice
            </Text>
          )}
          {canStillPay(payment) ? (
            <Button component={Link} to={payPagePath(payment.trackerId)} {...(isNarrow ? TOUCH_TARGET : { size: 'compact-sm' })}>
              Pay
            </Button>
          ) : (
            <Anchor component={Link} to={payPagePath(payment.trackerId)} size="sm" aria-label={`View the payment of ${formatAmount(payment.amountCents, payment.currency)}`}>
              View
            </Anchor>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/** "Invoices and payments" on the applicant's application page: each tax invoice once, with its PDF and its payment links. */
export function ApplicantPaymentsSection({ applicationId }: { applicationId: string }) {
  const isNarrow = useIsNarrowerThan('md');
  const invoices = useApplicationInvoices(applicationId);
  const payments = useApplicationPayments(applicationId);
  const invoiceRows = invoices.data ?? [];
  const paymentRows = payments.data ?? [];
  if (invoiceRows.length === 0 && paymentRows.length === 0 && !invoices.error && !payments.error) return null;

  const download = (id: string, name: string) =>
    void downloadFile(`/api/invoice/${encodeURIComponent(id)}/pdf`, `${name}.pdf`).catch((error: unknown) =>
      notifications.show({ color: 'red', title: 'The invoice could not be downloaded', message: errorMessageOf(error) }),
    );

  // Below the md breakpoint one card per invoice, so that Pay and Download are never cut off at the side.
  const invoiceColumns: PagedTableColumn<(typeof invoiceRows)[number]>[] = [
    { key: 'invoice', header: 'Invoice', isRowHeader: true, noWrap: true, render: (invoice) => invoice.invoiceNumberText },
    { key: 'issued', header: 'Issued', render: (invoice) => <DateDisplay value={invoice.issuedOn} /> },
    {
      key: 'issuer',
      header: 'Issued by',
      render: (invoice) => (
        <>
          {invoice.issuer.name}
          <Text size="xs" c="dimmed">
            {taxIdentifiersText(invoice.issuer)}
          </Text>
        </>
      ),
    },
    {
      key: 'total',
      header: 'Total (incl. GST)',
      render: (invoice) => (
        <>
          {formatAmount(invoice.totalCents, invoice.currency)}
          {invoice.discountCents > 0 && (
            <Text span size="xs" c="dimmed">
              {' '}
              after {formatAmount(invoice.discountCents, invoice.currency)} discount
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {invoice.currency}, GST {formatGstRate(invoice.gstRateBasisPoints)} included
          </Text>
        </>
      ),
    },
    { key: 'status', header: 'Status', render: (invoice) => <StatusBadge label={invoice.status} color={INVOICE_STATUS_COLORS[invoice.status]} /> },
    {
      key: 'payments',
      header: 'Payments',
      render: (invoice) => <InvoicePayments invoiceNumber={invoice.invoiceNumberText} payments={paymentRows.filter((payment) => payment.invoiceId === invoice.id)} />,
    },
    {
      key: 'pdf',
      header: 'PDF',
      isAction: true,
      render: (invoice) => (
        <Button {...(isNarrow ? TOUCH_TARGET : { size: 'compact-sm' })} variant="light" onClick={() => download(invoice.id, invoice.invoiceNumberText)} aria-label={`Download ${invoice.invoiceNumberText} as PDF`}>
          Download
        </Button>
      ),
    },
  ];

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="invoices-payments-heading" data-testid="invoices-and-payments">
      <Title order={2} size="h4" id="invoices-payments-heading" mb="md">
        Invoices and payments
      </Title>
      <Stack gap="md">
        {(invoices.error ?? payments.error) && (
          <Alert color="red" variant="light" title="Could not load your invoices">
            {errorMessageOf(invoices.error ?? payments.error)}
          </Alert>
        )}
        {invoiceRows.length > 0 && (
          <DataTable label="Invoices" columns={invoiceColumns} rows={invoiceRows} rowKey={(invoice) => invoice.id} minWidth={640} verticalSpacing="xs" />
        )}
      </Stack>
    </Paper>
  );
}
