import { Alert, Button, Group, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { PAYMENT_MODULE_TYPES, formatAmount, type Payment, type PaymentModuleType } from '@certs/shared/payment/payment.contract';
import { PAYMENT_GATEWAY_LABELS } from '@certs/shared/payment/payment-status';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateDisplay } from '../../../components/ui/date-display';
import { FormDialog } from '../../../components/ui/form-dialog';
import { errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { useApplicationInvoices, useApplicationPayments, useStaffPaymentActions } from '../api/payments';
import { OfflinePaymentForm } from '../forms/offline-payment-form';
import { PaymentStatusBadge } from './payment-status-badge';
import { PaymentReferenceCell } from './payment-reference-cell';

/** The module route word that carries payment actions for an application type (none for Welder Qualification). */
export function paymentModuleTypeOf(type: ApplicationTypePath): PaymentModuleType | undefined {
  return (Object.keys(PAYMENT_MODULE_TYPES) as PaymentModuleType[]).find((moduleType) => PAYMENT_MODULE_TYPES[moduleType] === type);
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

/** The staff's Payments section: every payment of the application, and while payment is awaited, resend the link or record an offline payment. */
export function StaffPaymentsStage({ type, applicationId, status, workflowStage, canManage, onMoved }: StaffPaymentsStageProps) {
  const moduleType = paymentModuleTypeOf(type);
  const formatter = useDateFormatter();
  const zone = formatter.zone;
  const isAwaitingPayment = status === 'Examinations Stage' && workflowStage === 'Payment Stage Requested';
  const hasReachedPayment = status !== 'Application Started' && status !== 'Application Submitted' && status !== 'Being Assessed';
  const payments = useApplicationPayments(applicationId, !!moduleType && hasReachedPayment);
  const invoices = useApplicationInvoices(applicationId, !!moduleType && isAwaitingPayment && canManage);
  const actions = useStaffPaymentActions(moduleType ?? 'qualificationapplicationmodule', applicationId, onMoved);
  const [isResending, setResending] = useState(false);
  const [isRecording, setRecording] = useState(false);
  const [note, setNote] = useState('');

  if (!moduleType || !hasReachedPayment) return null;
  const rows = payments.data ?? [];
  if (rows.length === 0 && !isAwaitingPayment) return null;
  const openInvoice = invoices.data?.find((invoice) => invoice.status === 'Issued');
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
                    <Table.Td>{payment.invoiceNumber}</Table.Td>
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
        {isAwaitingPayment && canManage && (
          <Group>
            <Button variant="light" onClick={() => setResending(true)}>
              Resend payment link
            </Button>
            <Button variant="light" onClick={() => setRecording(true)}>
              Record offline payment
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={isResending}
        title="Resend payment link"
        confirmLabel="Send new link"
        failureTitle="Link not sent"
        onConfirm={async () => {
          const sent = await actions.resend.mutateAsync(note.trim() || undefined);
          notifications.show({ color: 'green', title: 'Payment link sent', message: `The applicant has a new link, open until ${formatter.dateTime(sent.expiresOn)}.` });
          setNote('');
        }}
        onClose={() => setResending(false)}
      >
        <Stack gap="sm">
          <Text>The open link stops working and the applicant is mailed a new one.</Text>
          <Textarea label="Note for the history" value={note} maxLength={1000} onChange={(event) => setNote(event.currentTarget.value)} />
        </Stack>
      </ConfirmDialog>
      <FormDialog opened={isRecording} title="Record offline payment" onClose={() => setRecording(false)}>
        <OfflinePaymentForm
          amountText={amountText}
          zone={zone}
          onCancel={() => setRecording(false)}
          onSubmit={async (request) => {
            await actions.verify.mutateAsync(request);
            setRecording(false);
            notifications.show({ color: 'green', title: 'Payment recorded', message: `Reference ${request.reference}` });
          }}
        />
      </FormDialog>
    </Paper>
  );
}
