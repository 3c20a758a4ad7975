import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { PERSONAL_DEVELOPMENT_TYPES } from '@certs/shared/applicant/applicant.contract';
import { EntryFormFrame } from './entry-form-frame';
import { applyServerErrors } from '../../../lib/server-errors';
import {
  toProfessionalDevelopmentRequest,
  validateProfessionalDevelopmentValues,
  type ProfessionalDevelopmentFormValues,
} from './professional-development-form.values';
import { DateField } from '../../../components/ui/date-field';

interface ProfessionalDevelopmentFormProps {
  mode: 'create' | 'edit';
  initialValues: ProfessionalDevelopmentFormValues;
  onSubmit: (request: ReturnType<typeof toProfessionalDevelopmentRequest>) => Promise<unknown>;
  onCancel: () => void;
}

const TYPE_OPTIONS = [{ value: '', label: 'Select a type', disabled: true }, ...PERSONAL_DEVELOPMENT_TYPES.map((type) => ({ value: type, label: type }))];

/** Professional development (spec section 3): provider, hours, type and start date. */
export function ProfessionalDevelopmentForm({ mode, initialValues, onSubmit, onCancel }: ProfessionalDevelopmentFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProfessionalDevelopmentFormValues>({ initialValues, validate: validateProfessionalDevelopmentValues });
  const handleSubmit = async (values: ProfessionalDevelopmentFormValues) => {
    setFailure(null);
    try {
      await onSubmit(toProfessionalDevelopmentRequest(values));
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  return (
    <EntryFormFrame
      label={mode === 'create' ? 'Add professional development' : 'Edit professional development'}
      failure={failure}
      failureTitle="Could not save the professional development"
      submitLabel={mode === 'create' ? 'Add development' : 'Save development'}
      isSending={form.submitting}
      onSubmit={form.onSubmit(handleSubmit)}
      onCancel={onCancel}
    >
      <TextInput label="Provider" required withAsterisk autoComplete="organization" data-autofocus {...form.getInputProps('provider')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Hours" required withAsterisk inputMode="decimal" autoComplete="off" {...form.getInputProps('numOfHours')} />
        <NativeSelect label="Type" required withAsterisk data={TYPE_OPTIONS} {...form.getInputProps('PersonalDevelopmentType')} />
        <DateField label="Start Date" required withAsterisk {...form.getInputProps('startDate')} />
      </SimpleGrid>
    </EntryFormFrame>
  );
}
