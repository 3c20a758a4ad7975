import { Alert, Anchor, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PAYMENT_MESSAGES, formatAmount, type TrackerData } from '@certs/shared/payment/payment.contract';
import { PAYMENT_GATEWAY_LABELS, displayedPaymentStatus } from '@certs/shared/payment/payment-status';
import { DateDisplay } from '../../../components/ui/date-display';
import { NotAvailable } from '../../../components/ui/not-available';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { afterPayment, afterZeroPayment, requestPayment, useTrackerData, useTrackerMutation } from '../api/payments';
import { PaymentStatusBadge } from './payment-status-badge';

interface PayScreenProps {
  data: TrackerData;
  /** The applicant's application page. */
  applicationPath: string;
  /** Sends the browser to the gateway's page (window.location in the app; a spy in tests). */
  onRedirect: (url: string) => void;
}

/**
 * The applicant's pay page: the invoice, the amount and where the payment stands. "Pay now" goes
 * to the gateway; a zero total is confirmed here instead. Back from the gateway, a payment still
 * Pending is asked about once more, so the page shows the result.
 */
export function PayScreen({ data, applicationPath, onRedirect }: PayScreenProps) {
  // The page is left for the gateway's; its data is not changed meanwhile.
  const pay = useMutation({ mutationFn: () => requestPayment(data.trackerId), onSuccess: ({ redirectUrl }) => onRedirect(redirectUrl) });
  const recheck = useTrackerMutation(data.trackerId, afterPayment);
  const confirmZero = useTrackerMutation(data.trackerId, afterZeroPayment);
  const hasRechecked = useRef(false);
  const recheckNow = recheck.mutate;
  useEffect(() => {
    if (data.status === 'Pending' && !hasRechecked.current) {
      hasRechecked.current = true;
      recheckNow();
    }
  }, [data.status, recheckNow]);

  // "Payment Request" while the first request to the gateway runs (spec section 4).
  const displayed = displayedPaymentStatus({ status: data.status, transactionStatus: data.transactionStatus, amountCents: data.amountCents, isRequesting: pay.isPending || (pay.isSuccess && data.status !== 'Success') });
  const error = pay.error ?? confirmZero.error;
  const isPaid = data.status === 'Success';

  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1}>Pay invoice {data.invoiceNumber}</Title>
        <Text c="dimmed">
          Application{' '}
          <Anchor component={Link} to={applicationPath} underline="always">
            {data.applicationNumber}
          </Anchor>{' '}
          · {data.programCode} {data.programTitle}
        </Text>
      </Stack>

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="payment-summary-heading" data-testid="payment-summary">
        <Title order={2} size="h4" id="payment-summary-heading" mb="md">
          Payment
        </Title>
        <Table variant="vertical" layout="fixed" withTableBorder={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={180}>Invoice</Table.Th>
              <Table.Td>{data.invoiceNumber}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Amount</Table.Th>
              <Table.Td data-testid="payment-amount">
                {formatAmount(data.amountCents, data.currency)} {data.currency} <Text span size="sm" c="dimmed">(GST included)</Text>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Status</Table.Th>
              <Table.Td aria-live="polite" data-testid="payment-status">
                <PaymentStatusBadge status={displayed} />
              </Table.Td>
            </Table.Tr>
            {isPaid ? (
              <Table.Tr>
                <Table.Th>Paid on</Table.Th>
                <Table.Td>
                  <DateDisplay value={data.paidOn} withTime /> · {PAYMENT_GATEWAY_LABELS[data.gateway]}
                </Table.Td>
              </Table.Tr>
            ) : (
              <Table.Tr>
                <Table.Th>Link open until</Table.Th>
                <Table.Td>
                  <DateDisplay value={data.expiresOn} withTime />
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Paper>

      {isPaid && (
        <Alert color="green" variant="light" title="Payment received" data-testid="payment-result">
          {data.isZero ? 'There was nothing to pay on this invoice; it is settled.' : 'Thank you. Your payment is recorded and a receipt has been mailed to you.'} Staff will schedule your examinations next.
        </Alert>
      )}
      {data.status === 'Failed' && (
        <Alert color="red" variant="light" title="The payment was not completed" data-testid="payment-result">
          Nothing was charged{data.failureReason ? ` (${data.failureReason})` : ''}. You can try again.
        </Alert>
      )}
      {/* A link closed with a reason (its invoice cancelled, decision 044) says why; a new link would not help. */}
      {data.status === 'Expired' && !isPaid && (
        <Alert color="gray" variant="light" title={data.failureReason ? 'This invoice can no longer be paid' : 'This link has expired'} data-testid="payment-result">
          {data.failureReason ?? `${PAYMENT_MESSAGES.expired}.`}
        </Alert>
      )}
      {data.status === 'Pending' && !pay.isPending && (
        <Alert color="yellow" variant="light" title="Waiting for the payment gateway">
          {recheck.isPending ? 'Checking the payment with the gateway…' : 'The gateway has not confirmed this payment yet. If you paid, the result appears here shortly; otherwise you can pay now.'}
        </Alert>
      )}
      {data.paidByCompany && !isPaid && (
        <Alert color="blue" variant="light" title="Your employer pays this invoice" data-testid="payment-result">
          {PAYMENT_MESSAGES.paidByCompany(data.paidByCompany)}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" title="Payment not started" role="alert">
          {errorMessageOf(error)}
        </Alert>
      )}

      {data.canPay && !isPaid && (
        <Group>
          {data.isZero ? (
            <Stack gap="xs">
              <Text fw={500}>Nothing to pay: confirm to complete this stage.</Text>
              <Button onClick={() => confirmZero.mutate()} loading={confirmZero.isPending} w="fit-content">
                Confirm
              </Button>
            </Stack>
          ) : (
            <Button size="md" onClick={() => pay.mutate()} loading={pay.isPending || pay.isSuccess}>
              {data.status === 'Failed' ? 'Try again' : 'Pay now'}
            </Button>
          )}
        </Group>
      )}
      <Anchor component={Link} to={applicationPath}>
        Back to your application
      </Anchor>
    </Stack>
  );
}

interface PayPageProps {
  trackerId: string;
  /** Where the applicant's application page is (the app's route), for the links back. */
  applicationPathOf: (data: TrackerData) => string;
  onRedirect: (url: string) => void;
}

/** The pay page as routed: the tracker's data from the server, kept current by every call the screen makes. */
export function PayPage({ trackerId, applicationPathOf, onRedirect }: PayPageProps) {
  const tracker = useTrackerData(trackerId);
  usePageTitle(tracker.data ? `Pay invoice ${tracker.data.invoiceNumber}` : 'Payment');
  if (tracker.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the payment" />
      </Center>
    );
  }
  if (tracker.error || !tracker.data) {
    const status = tracker.error instanceof ApiError ? tracker.error.status : 0;
    return <NotAvailable title="Payment" message={status === 404 || status === 400 ? 'This payment link does not exist.' : errorMessageOf(tracker.error)} />;
  }
  return <PayScreen data={tracker.data} applicationPath={applicationPathOf(tracker.data)} onRedirect={onRedirect} />;
}
