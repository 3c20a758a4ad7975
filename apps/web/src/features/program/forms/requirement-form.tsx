import { Alert, Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { UpdateRequirementRequest } from '@certs/shared/program/program-part.contract';
import { applyServerErrors } from '../../../lib/server-errors';

export type RequirementFormValues = {
  requirementCode: string;
  requirementDescription: string;
};

interface RequirementFormProps {
  mode: 'create' | 'edit';
  initialValues: RequirementFormValues;
  onSubmit: (values: RequirementFormValues) => Promise<unknown>;
  onCancel: () => void;
}

const validate = zod4Resolver(UpdateRequirementRequest, { errorPriority: 'first' });

/** One program requirement: a code (at most 12) and a description (at most 1000). */
export function RequirementForm({ mode, initialValues, onSubmit, onCancel }: RequirementFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RequirementFormValues>({ initialValues, validate });
  const handleSubmit = async (values: RequirementFormValues) => {
    setFailure(null);
    try {
      await onSubmit(UpdateRequirementRequest.parse(values));
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  const isSending = form.submitting;
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not save the requirement">
            {failure}
          </Alert>
        )}
        <TextInput label="Requirement Code" required withAsterisk autoComplete="off" maw={240} data-autofocus {...form.getInputProps('requirementCode')} />
        <Textarea label="Requirement Description" required withAsterisk autosize minRows={3} {...form.getInputProps('requirementDescription')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSending}>
            Cancel
          </Button>
          <Button type="submit" loading={isSending}>
            {mode === 'create' ? 'Add requirement' : 'Save requirement'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
