import { Alert, Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { EXAMINATION_TYPES } from '@certs/shared/program/program-module.contract';
import { applyServerErrors } from '../../../lib/server-errors';
import { validateModuleValues, type ModuleFormValues } from './module-form.values';
import { useCurrencySymbol } from '../../../lib/currency';

interface ModuleFormProps {
  mode: 'create' | 'edit';
  initialValues: ModuleFormValues;
  onSubmit: (values: ModuleFormValues) => Promise<unknown>;
  onCancel: () => void;
}

const EXAMINATION_TYPE_OPTIONS = [
  { value: '', label: 'Select an examination type', disabled: true },
  ...EXAMINATION_TYPES.map((type) => ({ value: type, label: type })),
];

/** A program module with every field of spec section 3, checked by the shared schema. */
export function ModuleForm({ mode, initialValues, onSubmit, onCancel }: ModuleFormProps) {
  const symbol = useCurrencySymbol();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ModuleFormValues>({ initialValues, validate: validateModuleValues });

  const handleSubmit = async (values: ModuleFormValues) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };

  const isSending = form.submitting;
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not save the module">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Module Code" required withAsterisk autoComplete="off" {...form.getInputProps('moduleCode')} />
          <TextInput
            label="Module Title"
            required
            withAsterisk
            autoComplete="off"
            style={{ gridColumn: 'span 2' }}
            {...form.getInputProps('moduleTitle')}
          />
        </SimpleGrid>
        <Textarea label="Module Description" autosize minRows={2} {...form.getInputProps('moduleDescription')} />
        <Textarea label="Assessment Requirements" autosize minRows={2} {...form.getInputProps('assessmentRequirements')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect label="Examination Type" required withAsterisk data={EXAMINATION_TYPE_OPTIONS} {...form.getInputProps('examinationType')} />
          <TextInput
            label="Pass Percentage"
            required
            withAsterisk
            inputMode="decimal"
            rightSection="%"
            autoComplete="off"
            {...form.getInputProps('passPercentage')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Member Fee" required withAsterisk inputMode="decimal" leftSection={symbol} autoComplete="off" {...form.getInputProps('memberFee')} />
          <TextInput
            label="Non Member Fee"
            required
            withAsterisk
            inputMode="decimal"
            leftSection={symbol}
            autoComplete="off"
            {...form.getInputProps('nonMemberFee')}
          />
        </SimpleGrid>
        <Group gap="xl">
          <Switch label="Invigilated" {...form.getInputProps('invigilated', { type: 'checkbox' })} />
          <Switch label="Review allowed" {...form.getInputProps('reviewAllowed', { type: 'checkbox' })} />
          <Switch label="Re-sit allowed" {...form.getInputProps('reSitAllowed', { type: 'checkbox' })} />
        </Group>
        {form.values.reSitAllowed && (
          <Fieldset legend="Re-sit fees" variant="filled" radius="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Re-sit Member Fee"
                required
                withAsterisk
                inputMode="decimal"
                leftSection={symbol}
                autoComplete="off"
                {...form.getInputProps('reSitMemberFee')}
              />
              <TextInput
                label="Re-sit Non Member Fee"
                required
                withAsterisk
                inputMode="decimal"
                leftSection={symbol}
                autoComplete="off"
                {...form.getInputProps('reSitNonMemberFee')}
              />
            </SimpleGrid>
          </Fieldset>
        )}
        {mode === 'edit' && (
          <Switch
            label="Inactive"
            description="An inactive module is kept for past applications but offered to no new applicant."
            {...form.getInputProps('isInactive', { type: 'checkbox' })}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSending} loading={isSending}>
            {mode === 'create' ? 'Add module' : 'Save module'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
