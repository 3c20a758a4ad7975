import { Alert, Button, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { LinkConfirmationRequest } from '@certs/shared/wpq/wpq-validity.contract';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { DateField } from '../../../components/ui/date-field';

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

interface ConfirmationFormProps {
  /** The form's accessible name. */
  label: string;
  /** What the person confirms, in their words. */
  statement: string;
  isPending: boolean;
  /** Resolves when recorded; a refusal's field messages go to their fields, any other message above the form. */
  onConfirm: (request: LinkConfirmationRequest) => Promise<unknown>;
}

/** Name, position and date of a 6-monthly confirmation (and evidence, optionally): the employer's link page and the examiner's. */
export function ConfirmationForm({ label, statement, isPending, onConfirm }: ConfirmationFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: { confirmerName: '', confirmerPosition: '', confirmedOn: sydneyToday(), evidenceNote: '' }, validate });
  const submit = async (values: Values) => {
    setFailure(null);
    try {
      await onConfirm(LinkConfirmationRequest.parse(values));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const atFields = Object.entries(fieldErrors).filter(([field]) => field in values);
      if (atFields.length > 0) form.setErrors(Object.fromEntries(atFields));
      else setFailure(errorMessageOf(error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate aria-label={label}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Not confirmed">
            {failure}
          </Alert>
        )}
        <Text>{statement}</Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Name" required withAsterisk {...form.getInputProps('confirmerName')} />
          <TextInput label="Position" required withAsterisk {...form.getInputProps('confirmerPosition')} />
          <DateField label="Date" required withAsterisk {...form.getInputProps('confirmedOn')} />
        </SimpleGrid>
        <Textarea label="Evidence (optional)" description="Weld records or reports that show it" autosize minRows={2} {...form.getInputProps('evidenceNote')} />
        <Group justify="flex-end">
          <Button type="submit" loading={isPending}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
