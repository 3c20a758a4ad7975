import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { VenueRequest } from '@certs/shared/venue/venue.contract';
import { ApiError, errorMessageOf } from '../../../lib/api-client';

const validate = zod4Resolver(VenueRequest, { errorPriority: 'first' });

interface VenueFormProps {
  initialTitle: string;
  submitLabel: string;
  onSubmit: (request: VenueRequest) => Promise<unknown>;
}

/** A venue's title: required, at most 128 characters, unique. */
export function VenueForm({ initialTitle, submitLabel, onSubmit }: VenueFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { title: initialTitle }, validate });
  const handleSubmit = async (values: { title: string }) => {
    setFailure(null);
    try {
      await onSubmit(VenueRequest.parse(values));
    } catch (error) {
      const atField = error instanceof ApiError ? error.fieldErrors.title : undefined;
      if (atField) form.setFieldError('title', atField);
      else setFailure(errorMessageOf(error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Venue">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Not saved">
            {failure}
          </Alert>
        )}
        <TextInput label="Title" required withAsterisk data-autofocus {...form.getInputProps('title')} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
