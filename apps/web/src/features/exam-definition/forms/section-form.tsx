import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { UpdateSectionRequest } from '@certs/shared/exam-definition/exam-section.contract';
import { applyServerErrors } from '../../../lib/server-errors';

// Alert titles in the text colour: the light variants' coloured titles fall under 4.5:1.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface SectionFormProps {
  initialTitle: string;
  submitLabel: string;
  onSubmit: (title: string) => Promise<unknown>;
  onCancel: () => void;
}

const validate = zod4Resolver(UpdateSectionRequest);

/** A section's title: required, unique in the test, not the default section's "Questions". */
export function SectionForm({ initialTitle, submitLabel, onSubmit, onCancel }: SectionFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { title: initialTitle }, validate });
  const handleSubmit = async (values: { title: string }) => {
    setFailure(null);
    try {
      await onSubmit(values.title.trim());
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Section">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not save the section" styles={READABLE_TITLE}>
            {failure}
          </Alert>
        )}
        <TextInput label="Section Title" required withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('title')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
