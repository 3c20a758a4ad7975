import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { EntryFormFrame } from './entry-form-frame';
import { applyServerErrors } from '../../../lib/server-errors';
import {
  toProfessionalActivityRequest,
  validateProfessionalActivityValues,
  type ProfessionalActivityFormValues,
} from './professional-activity-form.values';
import { DateField } from '../../../components/ui/date-field';

interface ProfessionalActivityFormProps {
  mode: 'create' | 'edit';
  initialValues: ProfessionalActivityFormValues;
  onSubmit: (request: ReturnType<typeof toProfessionalActivityRequest>) => Promise<unknown>;
  onCancel: () => void;
}

/** A professional activity: committees, societies, standards work, and the role held. */
export function ProfessionalActivityForm({ mode, initialValues, onSubmit, onCancel }: ProfessionalActivityFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProfessionalActivityFormValues>({ initialValues, validate: validateProfessionalActivityValues });
  const handleSubmit = async (values: ProfessionalActivityFormValues) => {
    setFailure(null);
    try {
      await onSubmit(toProfessionalActivityRequest(values));
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  return (
    <EntryFormFrame
      label={mode === 'create' ? 'Add professional activity' : 'Edit professional activity'}
      failure={failure}
      failureTitle="Could not save the professional activity"
      submitLabel={mode === 'create' ? 'Add activity' : 'Save activity'}
      isSending={form.submitting}
      onSubmit={form.onSubmit(handleSubmit)}
      onCancel={onCancel}
    >
      <TextInput label="Activity" required withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('activity')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Organisation" autoComplete="organization" {...form.getInputProps('organisation')} />
        <TextInput label="Role" autoComplete="off" {...form.getInputProps('role')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField label="Start Date" required withAsterisk {...form.getInputProps('startDate')} />
        <DateField label="End Date" description="Leave blank if ongoing." {...form.getInputProps('endDate')} />
      </SimpleGrid>
    </EntryFormFrame>
  );
}
