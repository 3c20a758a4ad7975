import { Alert, Button, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { ContactMessageRequest } from '@certs/shared/contact/contact.contract';
import { ApiError, errorMessageOf } from '../../../lib/api-client';

export type ContactFormValues = { name: string; email: string; phoneNumber: string; message: string };

const validate = zod4Resolver(ContactMessageRequest, { errorPriority: 'first' });

interface ContactFormProps {
  initialValues: ContactFormValues;
  onSubmit: (request: ContactMessageRequest) => Promise<unknown>;
}

/** Name, email, phone and message, all required (spec section 5); "Invalid email" for a bad email. */
export function ContactForm({ initialValues, onSubmit }: ContactFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ContactFormValues>({ initialValues, validate });
  const handleSubmit = async (values: ContactFormValues) => {
    setFailure(null);
    try {
      await onSubmit(ContactMessageRequest.parse(values));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const atFields = Object.entries(fieldErrors).filter(([field]) => field in values);
      if (atFields.length > 0) form.setErrors(Object.fromEntries(atFields));
      else setFailure(errorMessageOf(error));
    }
  };
  const isSending = form.submitting;
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Contact us">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not send the message">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required withAsterisk autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" required withAsterisk autoComplete="email" {...form.getInputProps('email')} />
        </SimpleGrid>
        <TextInput label="Phone Number" type="tel" required withAsterisk autoComplete="tel" maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }} {...form.getInputProps('phoneNumber')} />
        <Textarea label="Message" required withAsterisk autosize minRows={5} maxRows={14} {...form.getInputProps('message')} />
        <Group justify="flex-end">
          <Button type="submit" disabled={isSending} loading={isSending}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
