import { Alert, Button, Center, Group, List, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { formatDate } from '@certs/shared/common/dates';
import { LinkConfirmationRequest, type ConfirmationDone } from '@certs/shared/wpq/wpq-validity.contract';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { useConfirmationLink, useConfirmByLink } from '../api/confirmation';

type Values = {
  confirmerName: string;
  confirmerPosition: string;
  confirmedOn: string;
  evidenceNote: string;
};

const validate = zod4Resolver(LinkConfirmationRequest, { errorPriority: 'first' });

/** Sydney's today as YYYY-MM-DD: the day the form offers. */
function sydneyToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/**
 * The welding coordinator's page from the mailed link (issue 18, decision 026): no account; the
 * welder and the range in words, then name, position and date (and evidence, optionally). The
 * program's confirmation message shows before and after.
 */
export function LinkConfirmation({ token }: { token: string }) {
  const link = useConfirmationLink(token);
  const confirm = useConfirmByLink(token);
  const [done, setDone] = useState<ConfirmationDone | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: { confirmerName: '', confirmerPosition: '', confirmedOn: sydneyToday(), evidenceNote: '' }, validate });

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
          {done.messageConfirmation && <Text>{done.messageConfirmation}</Text>}
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
  const submit = async (values: Values) => {
    setFailure(null);
    try {
      setDone(await confirm.mutateAsync(LinkConfirmationRequest.parse(values)));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const atFields = Object.entries(fieldErrors).filter(([field]) => field in values);
      if (atFields.length > 0) form.setErrors(Object.fromEntries(atFields));
      else setFailure(errorMessageOf(error));
    }
  };
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
          {view.messageConfirmation && <Text c="dimmed">{view.messageConfirmation}</Text>}
        </Stack>
      </Paper>
      <form onSubmit={form.onSubmit(submit)} noValidate aria-label="Confirm the welder qualification">
        <Stack gap="md">
          {failure && (
            <Alert color="red" variant="light" title="Not confirmed">
              {failure}
            </Alert>
          )}
          <Text>I confirm that the welder has kept welding within the range of this qualification during the period.</Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label="Name" required withAsterisk {...form.getInputProps('confirmerName')} />
            <TextInput label="Position" required withAsterisk {...form.getInputProps('confirmerPosition')} />
            <TextInput label="Date" type="date" required withAsterisk {...form.getInputProps('confirmedOn')} />
          </SimpleGrid>
          <Textarea label="Evidence (optional)" description="Weld records or reports that show it" autosize minRows={2} {...form.getInputProps('evidenceNote')} />
          <Group justify="flex-end">
            <Button type="submit" loading={confirm.isPending}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
