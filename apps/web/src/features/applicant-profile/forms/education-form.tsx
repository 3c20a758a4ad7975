import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { QUALIFICATION_TYPES } from '@certs/shared/applicant/applicant.contract';
import { EntryFormFrame } from './entry-form-frame';
import { applyServerErrors } from '../../../lib/server-errors';
import { toEducationRequest, validateEducationValues, type EducationFormValues } from './education-form.values';
import { DateField } from '../../../components/ui/date-field';

interface EducationFormProps {
  mode: 'create' | 'edit';
  initialValues: EducationFormValues;
  onSubmit: (request: ReturnType<typeof toEducationRequest>) => Promise<unknown>;
  onCancel: () => void;
}

const TYPE_OPTIONS = [{ value: '', label: 'Select a qualification type', disabled: true }, ...QUALIFICATION_TYPES.map((type) => ({ value: type, label: type }))];

/** One education entry (spec section 3): course, institution, location, qualification type, start and end. */
export function EducationForm({ mode, initialValues, onSubmit, onCancel }: EducationFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EducationFormValues>({ initialValues, validate: validateEducationValues });
  const handleSubmit = async (values: EducationFormValues) => {
    setFailure(null);
    try {
      await onSubmit(toEducationRequest(values));
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  return (
    <EntryFormFrame
      label={mode === 'create' ? 'Add education' : 'Edit education'}
      failure={failure}
      failureTitle="Could not save the education entry"
      submitLabel={mode === 'create' ? 'Add education' : 'Save education'}
      isSending={form.submitting}
      onSubmit={form.onSubmit(handleSubmit)}
      onCancel={onCancel}
    >
      <TextInput label="Course" required withAsterisk autoComplete="off" data-autofocus {...form.getInputProps('course')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Institution" required withAsterisk autoComplete="organization" {...form.getInputProps('institution')} />
        <TextInput label="Location" autoComplete="off" {...form.getInputProps('location')} />
      </SimpleGrid>
      <NativeSelect label="Qualification Type" required withAsterisk data={TYPE_OPTIONS} {...form.getInputProps('qualificationType')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DateField label="Start Date" required withAsterisk {...form.getInputProps('startDate')} />
        <DateField label="End Date" description="Leave blank while studying." {...form.getInputProps('endDate')} />
      </SimpleGrid>
    </EntryFormFrame>
  );
}
