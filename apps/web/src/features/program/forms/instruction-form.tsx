import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { UpdateInstructionRequest } from '@certs/shared/program/program-part.contract';
import { applyServerErrors } from '../../../lib/server-errors';

export type InstructionFormValues = {
  instruction: string;
};

interface InstructionFormProps {
  mode: 'create' | 'edit';
  initialValues: InstructionFormValues;
  onSubmit: (values: InstructionFormValues) => Promise<unknown>;
  onCancel: () => void;
}

const validate = zod4Resolver(UpdateInstructionRequest, { errorPriority: 'first' });

/** One applicant instruction (required, at most 1000 characters). */
export function InstructionForm({ mode, initialValues, onSubmit, onCancel }: InstructionFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<InstructionFormValues>({ initialValues, validate });
  const handleSubmit = async (values: InstructionFormValues) => {
    setFailure(null);
    try {
      await onSubmit({ instruction: values.instruction.trim() });
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  const isSending = form.submitting;
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not save the instruction">
            {failure}
          </Alert>
        )}
        <Textarea
          label="Applicant Instruction"
          required
          withAsterisk
          autosize
          minRows={3}
          data-autofocus
          {...form.getInputProps('instruction')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSending}>
            Cancel
          </Button>
          <Button type="submit" loading={isSending}>
            {mode === 'create' ? 'Add instruction' : 'Save instruction'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
