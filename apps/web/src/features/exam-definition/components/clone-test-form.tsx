import { Alert, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { CloneTestRequest, TEST_MESSAGES, TestTitle } from '@certs/shared/exam-definition/exam-definition.contract';
import { useTestByTitle } from '../api/find-test-by-title';
import { applyServerErrors } from '../../../lib/server-errors';

// Alert titles in the text colour: the light variants' coloured titles fall under 4.5:1.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface CloneTestFormProps {
  sourceTitle: string;
  onSubmit: (request: CloneTestRequest) => Promise<unknown>;
  onCancel: () => void;
}

const validate = zod4Resolver(CloneTestRequest);

/** A new title (free, as for any test) and whether the sections and their questions come along. */
export function CloneTestForm({ sourceTitle, onSubmit, onCancel }: CloneTestFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CloneTestRequest>({ initialValues: { title: `${sourceTitle} (copy)`, withSections: true }, validate });
  const [debounced] = useDebouncedValue(form.values.title, 400);
  const parsed = TestTitle.safeParse(debounced);
  const lookup = useTestByTitle(parsed.success ? parsed.data : null);
  const isTaken = !!lookup.data?.test && lookup.data.test.title.toLowerCase() === form.values.title.trim().toLowerCase();

  const handleSubmit = async (values: CloneTestRequest) => {
    setFailure(null);
    if (isTaken) {
      form.setFieldError('title', TEST_MESSAGES.titleTaken);
      return;
    }
    try {
      await onSubmit(values);
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Clone test">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not clone the test" styles={READABLE_TITLE}>
            {failure}
          </Alert>
        )}
        <TextInput label="Title of the new test" required withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('title')} error={form.errors.title ?? (isTaken ? TEST_MESSAGES.titleTaken : undefined)} />
        <Checkbox
          label="Copy the sections and their questions"
          description="Without it, the new test has this test's details only, ready for a new set of questions."
          {...form.getInputProps('withSections', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Clone test
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
