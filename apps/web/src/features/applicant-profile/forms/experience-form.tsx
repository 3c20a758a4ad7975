import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { EntryFormFrame } from './entry-form-frame';
import { applyServerErrors } from '../../../lib/server-errors';
import { toExperienceRequest, validateExperienceValues, type ExperienceFormValues } from './experience-form.values';
import { DateField } from '../../../components/ui/date-field';

interface ExperienceFormProps {
  mode: 'create' | 'edit';
  initialValues: ExperienceFormValues;
  onSubmit: (request: ReturnType<typeof toExperienceRequest>) => Promise<unknown>;
  onCancel: () => void;
}

/** One job: employer, position, duties, start and end. */
export function ExperienceForm({ mode, initialValues, onSubmit, onCancel }: ExperienceFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ExperienceFormValues>({ initialValues, validate: validateExperienceValues });
  const handleSubmit = async (values: ExperienceFormValues) => {
    setFailure(null);
    try {
      await onSubmit(toExperienceRequest(values));
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  return (
    <EntryFormFrame
      label={mode === 'create' ? 'Add experience' : 'Edit experience'}
      failure={failure}
      failureTitle="Could not save the experience"
      submitLabel={mode === 'create' ? 'Add experience' : 'Save experience'}
      isSending={form.submitting}
      onSubmit={form.onSubmit(handleSubmit)}
      onCancel={onCancel}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Employer" required withAsterisk autoComplete="organization" data-autofocus {...form.getInputProps('employer')} />
        <TextInput label="Position" required withAsterisk autoComplete="organization-title" {...form.getInputProps('position')} />
      </SimpleGrid>
      <Textarea label="Duties" autosize minRows={3} maxRows={10} {...form.getInputProps('duties')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField label="Start Date" required withAsterisk {...form.getInputProps('startDate')} />
        <DateField label="End Date" description="Leave blank for your current job." {...form.getInputProps('endDate')} />
      </SimpleGrid>
    </EntryFormFrame>
  );
}
