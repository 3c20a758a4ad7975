import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { formatAmount } from '@certs/shared/payment/payment.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf } from '../../../lib/api-client';
import { completeTestGatewaySession, useTestGatewaySession } from '../api/payments';

interface TestGatewayScreenProps {
  sessionId: string;
  token: string;
  /** Back to the platform's pay page once the tester has chosen. */
  onDone: (redirectUrl: string) => void;
}

/**
 * The built-in test gateway's hosted page: what is being paid, to whom, and two buttons. It stands
 * where a real provider's checkout would, so it never uses the applicant's session.
 */
export function TestGatewayScreen({ sessionId, token, onDone }: TestGatewayScreenProps) {
  const session = useTestGatewaySession(sessionId, token);
  const complete = useMutation({
    mutationFn: (outcome: 'paid' | 'declined') => completeTestGatewaySession(sessionId, token, outcome),
    onSuccess: (result) => onDone(result.redirectUrl),
  });

  if (!token || session.isError) {
    return (
      <Alert color="red" variant="light" title="Payment session not found" role="alert">
        {session.error ? errorMessageOf(session.error) : 'This payment link is incomplete.'}
      </Alert>
    );
  }
  if (!session.data) return <Text>Loading the payment…</Text>;
  const data = session.data;
  const isOpen = data.state === 'open';

  return (
    <Stack gap="lg" maw={560} mx="auto">
      <Group justify="space-between" align="center">
        <Title order={1}>Test payment gateway</Title>
        <Badge color="dark" variant="outline" tt="none" radius="sm">
          Test mode: no real money moves
        </Badge>
      </Group>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="checkout-heading">
        <Title order={2} size="h4" id="checkout-heading" mb="md">
          Checkout
        </Title>
        <Table variant="vertical" layout="fixed" withTableBorder={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={160}>Merchant</Table.Th>
              <Table.Td>{data.merchant}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>For</Table.Th>
              <Table.Td>
                {data.description} · application {data.applicationNumber}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Amount</Table.Th>
              <Table.Td data-testid="gateway-amount">
                {formatAmount(data.amountCents, data.currency)} {data.currency}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Session open until</Table.Th>
              <Table.Td>
                <DateDisplay value={data.expiresOn} withTime />
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      {!isOpen && (
        <Alert color={data.state === 'paid' ? 'green' : 'red'} variant="light" title={data.state === 'paid' ? 'Already paid' : 'Already declined'}>
          This session is closed.
        </Alert>
      )}
      {complete.error && (
        <Alert color="red" variant="light" title="Not recorded" role="alert">
          {errorMessageOf(complete.error)}
        </Alert>
      )}
      <Group>
        <Button disabled={!isOpen} loading={complete.isPending && complete.variables === 'paid'} onClick={() => complete.mutate('paid')}>
          Pay (success)
        </Button>
        <Button color="red.9" variant="outline" disabled={!isOpen} loading={complete.isPending && complete.variables === 'declined'} onClick={() => complete.mutate('declined')}>
          Decline (failure)
        </Button>
      </Group>
    </Stack>
  );
}
