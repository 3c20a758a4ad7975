import { Alert, Anchor, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Link } from 'react-router';
import { INVOICE_STATUS_COLORS } from '@certs/shared/pre-exam/pre-exam.contract';
import { formatAmount } from '@certs/shared/payment/payment.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { useApplicationInvoices, useApplicationPayments } from '../api/payments';
import { downloadFile } from '../../../lib/download-file';
import { PaymentStatusBadge } from './payment-status-badge';

/** The applicant's pay page of a payment tracker. */
export const payPagePath = (trackerId: string) => `/student/payments/${trackerId}`;

const canStillPay = (payment: { status: string; expiresOn: string }) =>
  (payment.status === 'Requested' || payment.status === 'Pending' || payment.status === 'Failed') && new Date(payment.expiresOn).getTime() > Date.now();

/** "Invoices and payments" on the applicant's application page: tax invoices with their PDF, and each payment link with its status. */
export function ApplicantPaymentsSection({ applicationId }: { applicationId: string }) {
  const invoices = useApplicationInvoices(applicationId);
  const payments = useApplicationPayments(applicationId);
  const invoiceRows = invoices.data ?? [];
  const paymentRows = payments.data ?? [];
  if (invoiceRows.length === 0 && paymentRows.length === 0 && !invoices.error && !payments.error) return null;

  const download = (id: string, name: string) =>
    void downloadFile(`/api/invoice/${encodeURIComponent(id)}/pdf`, `${name}.pdf`).catch((error: unknown) =>
      notifications.show({ color: 'red', title: 'The invoice could not be downloaded', message: errorMessageOf(error) }),
    );

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
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-label="Invoices">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Invoice</Table.Th>
                  <Table.Th scope="col">Issued</Table.Th>
                  <Table.Th scope="col">Total (incl. GST)</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">PDF</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoiceRows.map((invoice) => (
                  <Table.Tr key={invoice.id}>
                    <Table.Th scope="row" fw={500}>
                      {invoice.invoiceNumberText}
                    </Table.Th>
                    <Table.Td>
                      <DateDisplay value={invoice.issuedOn} />
                    </Table.Td>
                    <Table.Td>
                      {formatAmount(invoice.totalCents)}
                      {invoice.discountCents > 0 && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          after {formatAmount(invoice.discountCents)} discount
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge label={invoice.status} color={INVOICE_STATUS_COLORS[invoice.status]} />
                    </Table.Td>
                    <Table.Td>
                      <Button size="compact-sm" variant="light" onClick={() => download(invoice.id, invoice.invoiceNumberText)} aria-label={`Download ${invoice.invoiceNumberText} as PDF`}>
                        Download
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {paymentRows.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-label="Payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Invoice</Table.Th>
                  <Table.Th scope="col">Amount</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Paid on / open until</Table.Th>
                  <Table.Th scope="col">Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {paymentRows.map((payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Th scope="row" fw={500}>
                      {payment.invoiceNumber}
                    </Table.Th>
                    <Table.Td>{formatAmount(payment.amountCents)}</Table.Td>
                    <Table.Td>
                      <PaymentStatusBadge status={payment.displayedStatus} />
                    </Table.Td>
                    <Table.Td>
                      <DateDisplay value={payment.paidOn ?? payment.expiresOn} withTime />
                    </Table.Td>
                    <Table.Td>
                      {canStillPay(payment) ? (
                        <Button component={Link} to={payPagePath(payment.trackerId)} size="compact-sm">
                          Pay
                        </Button>
                      ) : (
                        <Anchor component={Link} to={payPagePath(payment.trackerId)} size="sm">
                          View
                        </Anchor>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
