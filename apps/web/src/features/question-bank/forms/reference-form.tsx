import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { REFERENCE_LABELS, ReferenceRequest, referenceMessages, type ReferenceKind } from '@certs/shared/question-bank/reference.contract';
import { useReferenceByTitle } from '../api/find-reference-by-title';
import { applyServerErrors } from '../../../lib/server-errors';

// Alert titles in the text colour: the light variants' coloured titles fall under 4.5:1.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface ReferenceFormProps {
  kind: ReferenceKind;
  /** The subject or tag being renamed: its own title is not "taken". */
  id?: string;
  initialTitle?: string;
  onSubmit: (title: string) => Promise<unknown>;
  onCancel: () => void;
}

export const TITLE_CHECK_DELAY_MS = 400;
const validate = zod4Resolver(ReferenceRequest);

/** A subject's or tag's title: required, at most 100 characters, not one another holds (any case). */
export function ReferenceForm({ kind, id, initialTitle = '', onSubmit, onCancel }: ReferenceFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { title: initialTitle }, validate });
  const [debounced] = useDebouncedValue(form.values.title.trim(), TITLE_CHECK_DELAY_MS);
  const lookup = useReferenceByTitle(kind, debounced && debounced.toLowerCase() !== initialTitle.toLowerCase() ? debounced : null);
  const holder = lookup.data?.reference;
  const isTaken = !!holder && holder.id !== id && holder.title.toLowerCase() === form.values.title.trim().toLowerCase();
  const takenMessage = referenceMessages(kind).titleTaken;
  const { singular } = REFERENCE_LABELS[kind];

  const handleSubmit = async (values: { title: string }) => {
    setFailure(null);
    if (isTaken) {
      form.setFieldError('title', takenMessage);
      return;
    }
    try {
      await onSubmit(values.title.trim());
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={singular}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title={`Could not save the ${singular.toLowerCase()}`} styles={READABLE_TITLE}>
            {failure}
          </Alert>
        )}
        <TextInput
          label="Title"
          required
          withAsterisk
          autoComplete="off"
          data-autofocus
          disabled={form.submitting}
          {...form.getInputProps('title')}
          error={form.errors.title ?? (isTaken ? takenMessage : undefined)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            {id ? 'Save' : `Add ${singular.toLowerCase()}`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
