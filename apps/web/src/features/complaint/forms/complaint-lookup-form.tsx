import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { ComplaintLookupRequest } from '@certs/shared/complaint/complaint.contract';
import { applyServerErrors } from '../../../lib/server-errors';

const validate = zod4Resolver(ComplaintLookupRequest, { errorPriority: 'first' });

interface ComplaintLookupFormProps {
  initialReference?: string;
  onSubmit: (request: ComplaintLookupRequest) => Promise<unknown>;
}

/** The reference from the acknowledgement mail and the email the complaint was sent with. */
export function ComplaintLookupForm({ initialReference = '', onSubmit }: ComplaintLookupFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ComplaintLookupRequest>({ initialValues: { reference: initialReference, email: '' }, validate });
  const handleSubmit = async (values: ComplaintLookupRequest) => {
    setFailure(null);
    try {
      await onSubmit(ComplaintLookupRequest.parse(values));
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Find your complaint">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Reference" placeholder="CMP-2026-00012" required withAsterisk autoComplete="off" {...form.getInputProps('reference')} />
          <TextInput label="Email" type="email" required withAsterisk autoComplete="email" description="The address you sent the complaint with" {...form.getInputProps('email')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" disabled={form.submitting} loading={form.submitting}>
            Show my complaint
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
