import { Alert, Center, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDate } from '@certs/shared/common/dates';
import type { ConfirmationDone } from '@certs/shared/wpq/wpq-validity.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { useConfirmationLink, useConfirmByLink } from '../api/confirmation';
import { ConfirmationForm } from './confirmation-form';

/**
 * The welding coordinator's page from the mailed link (issue 18, decision 026): no account; the
 * welder and the range in words, then name, position and date (and evidence, optionally). Its words
 * are the employer's: the program's confirmation message is written to the welder (who reads it on
 * their own page and in their mails), so it is not shown here.
 */
export function LinkConfirmation({ token }: { token: string }) {
  const link = useConfirmationLink(token);
  const confirm = useConfirmByLink(token);
  const [done, setDone] = useState<ConfirmationDone | null>(null);

  if (link.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the confirmation" />
      </Center>
    );
  }
  if (done) {
    return (
      <Alert color="green" variant="light" title="Confirmation recorded">
        <Stack gap="xs">
          <Text>
            Thank you. The confirmation of {formatDate(done.confirmation.confirmedOn, 'day')} by {done.confirmation.confirmerName} ({done.confirmation.confirmerPosition}) is recorded and shows on the certificate.
          </Text>
          <Text>We have told the welder by mail.</Text>
        </Stack>
      </Alert>
    );
  }
  if (link.error || !link.data) {
    return (
      <Alert color="red" variant="light" title="This link cannot be used">
        {errorMessageOf(link.error)}
      </Alert>
    );
  }
  const view = link.data;
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="xs">
          <Title order={2} size="h3">
            {view.welderName}
          </Title>
          <Text>
            {view.programTitle}, certificate {view.certificateNumber}
            {view.companyName ? `, employed by ${view.companyName}` : ''}
          </Text>
          <Text fw={600}>Range of qualification</Text>
          <List>
            {view.designations.map((designation) => (
              <List.Item key={designation}>{designation}</List.Item>
            ))}
          </List>
          <Text>
            Confirmation {view.sequence}: for the period from {formatDate(view.periodStart, 'day')} to {formatDate(view.dueOn, 'day')}, due by {formatDate(view.dueOn, 'day')}.
          </Text>
          <Text c="dimmed" data-testid="confirmation-purpose">
            {`ISO 9606-1 asks the employer every six months to confirm that the welder has kept welding within the range of the qualification. Without a confirmation by ${formatDate(view.dueOn, 'day')} the qualification ends on that day.`}
          </Text>
        </Stack>
      </Paper>
      <ConfirmationForm
        label="Confirm the welder qualification"
        statement="I confirm that the welder has kept welding within the range of this qualification during the period."
        isPending={confirm.isPending}
        onConfirm={async (request) => setDone(await confirm.mutateAsync(request))}
      />
    </Stack>
  );
}
