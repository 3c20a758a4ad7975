import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { PAYMENT_MODULE_TYPES, formatAmount, type Payment, type PaymentModuleType, type StaffPaymentType } from '@certs/shared/payment/payment.contract';
import { PAYMENT_GATEWAY_LABELS } from '@certs/shared/payment/payment-status';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf } from '../../../lib/api-client';
import { useApplicationInvoices, useApplicationPayments } from '../api/payments';
import { StaffPaymentActions } from './staff-payment-actions';
import { PaymentStatusBadge } from './payment-status-badge';
import { PaymentReferenceCell } from './payment-reference-cell';

/** The module route word that carries payment actions for an application type (none for Welder Qualification). */
export function paymentModuleTypeOf(type: ApplicationTypePath): PaymentModuleType | undefined {
  return (Object.keys(PAYMENT_MODULE_TYPES) as PaymentModuleType[]).find((moduleType) => PAYMENT_MODULE_TYPES[moduleType] === type);
}

/** The route word of the staff's payment actions on an application's page (a Welder Qualification's its own). */
function staffPaymentTypeOf(type: ApplicationTypePath): StaffPaymentType | undefined {
  return paymentModuleTypeOf(type) ?? (type === 'welderqualificationapplication' ? 'welderqualificationapplication' : undefined);
}

interface StaffPaymentsStageProps {
  type: ApplicationTypePath;
  applicationId: string;
  status: string;
  workflowStage: string | null;
  canManage: boolean;
  /** The application moved (paid): the page reads it again. */
  onMoved: () => void;
}

/**
 * The staff's Payments section: every payment of the application and, while payment is awaited,
 * resend the link or record an offline payment. A Welder Qualification has no payment stage: its
 * invoices (the revalidation fee) can be acted on while one is unpaid (issue 41).
 */
export function StaffPaymentsStage({ type, applicationId, status, workflowStage, canManage, onMoved }: StaffPaymentsStageProps) {
  const staffType = staffPaymentTypeOf(type);
  const isInvoiceType = staffType === 'welderqualificationapplication';
  const isAtPaymentStage = status === 'Examinations Stage' && workflowStage === 'Payment Stage Requested';
  const hasReachedPayment = isInvoiceType || (status !== 'Application Started' && status !== 'Application Submitted' && status !== 'Being Assessed');
  const payments = useApplicationPayments(applicationId, !!staffType && hasReachedPayment);
  const invoices = useApplicationInvoices(applicationId, !!staffType && canManage && (isAtPaymentStage || isInvoiceType));

  if (!staffType || !hasReachedPayment) return null;
  const rows = payments.data ?? [];
  const openInvoice = invoices.data?.find((invoice) => invoice.status === 'Issued');
  const isAwaitingPayment = isInvoiceType ? !!openInvoice : isAtPaymentStage;
  if (rows.length === 0 && !isAwaitingPayment) return null;
  const canAct = isAwaitingPayment && canManage;
  const amountText = openInvoice ? `${formatAmount(openInvoice.totalCents, openInvoice.currency)} (${openInvoice.invoiceNumberText})` : 'the invoice total';

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="payments-stage-heading" data-testid="payments-stage">
      <Title order={2} size="h4" id="payments-stage-heading" mb="md">
        Payments
      </Title>
      <Stack gap="md">
        {payments.error && (
          <Alert color="red" variant="light" title="Could not load the payments">
            {errorMessageOf(payments.error)}
          </Alert>
        )}
        {rows.length === 0 ? (
          <Text c="dimmed">{payments.isPending ? 'Loading…' : 'No payment link has been opened yet.'}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped verticalSpacing="xs" aria-label="Payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Opened</Table.Th>
                  <Table.Th scope="col">Invoice</Table.Th>
                  <Table.Th scope="col">Amount</Table.Th>
                  <Table.Th scope="col">Gateway</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Reference</Table.Th>
                  <Table.Th scope="col">Paid on / open until</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((payment: Payment) => (
                  <Table.Tr key={payment.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <DateDisplay value={payment.createdOn} withTime />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{payment.invoiceNumber}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatAmount(payment.amountCents, payment.currency)}</Table.Td>
                    <Table.Td>{PAYMENT_GATEWAY_LABELS[payment.gateway]}</Table.Td>
                    <Table.Td>
                      <PaymentStatusBadge status={payment.displayedStatus} />
                      {payment.failureReason && (
                        <Text size="xs" c="dimmed">
                          {payment.failureReason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <PaymentReferenceCell reference={payment.offlineReference ?? payment.gatewayReference} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <DateDisplay value={payment.paidOn ?? payment.expiresOn} withTime />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {canAct && <StaffPaymentActions type={staffType} applicationId={applicationId} amountText={amountText} onMoved={onMoved} />}
      </Stack>
    </Paper>
  );
}
