import { Alert, Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { WPQ_STANDARDS } from '@certs/shared/program/program-settings.contract';
import { RichTextField } from '../../../components/ui/rich-text-field';
import { applyServerErrors } from '../../../lib/server-errors';
import {
  validateWelderQualificationSettingsValues,
  type WelderQualificationSettingsFormValues,
} from './welder-qualification-settings-form.values';
import { useCurrencySymbol } from '../../../lib/currency';

interface WelderQualificationSettingsFormProps {
  initialValues: WelderQualificationSettingsFormValues;
  isReadOnly?: boolean;
  onSubmit: (values: WelderQualificationSettingsFormValues) => Promise<unknown>;
}

const STANDARD_OPTIONS = [{ value: '', label: 'Select a standard', disabled: true }, ...WPQ_STANDARDS.map((standard) => ({ value: standard, label: standard }))];

/** Welder qualification settings of spec section 3, checked by the shared schema. */
export function WelderQualificationSettingsForm({ initialValues, isReadOnly = false, onSubmit }: WelderQualificationSettingsFormProps) {
  const symbol = useCurrencySymbol();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<WelderQualificationSettingsFormValues>({ initialValues, validate: validateWelderQualificationSettingsValues });
  const handleSubmit = async (values: WelderQualificationSettingsFormValues) => {
    setFailure(null);
    try {
      await onSubmit(values);
      form.resetDirty(values);
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  const isSending = form.submitting;
  const disabled = isReadOnly || isSending;
  // Read-only text stays readable; while sending, fields are disabled.
  const textLock = isReadOnly ? { readOnly: true } : { disabled: isSending };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Welder qualification settings">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not save the settings">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect label="Standard" required withAsterisk data={STANDARD_OPTIONS} disabled={disabled} {...form.getInputProps('standard')} />
          <TextInput
            label="Number of Confirmations"
            required
            withAsterisk
            inputMode="numeric"
            autoComplete="off"
            {...textLock}
            {...form.getInputProps('numOfConfirmation')}
          />
          <TextInput
            label="Interval (months)"
            required
            withAsterisk
            inputMode="numeric"
            autoComplete="off"
            {...textLock}
            {...form.getInputProps('interval')}
          />
        </SimpleGrid>
        <Switch label="Repeat the confirmations" disabled={disabled} {...form.getInputProps('repeat', { type: 'checkbox' })} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Member Fee" required withAsterisk inputMode="decimal" leftSection={symbol} autoComplete="off" {...textLock} {...form.getInputProps('memberFee')} />
          <TextInput
            label="Non Member Fee"
            required
            withAsterisk
            inputMode="decimal"
            leftSection={symbol}
            autoComplete="off"
            {...textLock}
            {...form.getInputProps('nonmemberFee')}
          />
        </SimpleGrid>
        <Textarea
          label="Confirmation Message"
          required
          withAsterisk
          autosize
          minRows={2}
          {...textLock}
          {...form.getInputProps('messageConfirmation')}
        />
        <Fieldset legend="Revalidation and prolongation" variant="filled" radius="md">
          <Stack gap="sm">
            <Switch
              label="Revalidation / prolongation offered"
              disabled={disabled}
              {...form.getInputProps('reValidationProlongation', { type: 'checkbox' })}
            />
            {form.values.reValidationProlongation && (
              <>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label="Revalidation Member Fee"
                    required
                    withAsterisk
                    inputMode="decimal"
                    leftSection={symbol}
                    autoComplete="off"
                    {...textLock}
                    {...form.getInputProps('revalidationMemberFee')}
                  />
                  <TextInput
                    label="Revalidation Non Member Fee"
                    required
                    withAsterisk
                    inputMode="decimal"
                    leftSection={symbol}
                    autoComplete="off"
                    {...textLock}
                    {...form.getInputProps('revalidationNonmemberFee')}
                  />
                </SimpleGrid>
                <Textarea
                  label="Prolongation/Revalidation Message"
                  required
                  withAsterisk
                  autosize
                  minRows={2}
                  {...textLock}
                  {...form.getInputProps('messageProlongationReValidation')}
                />
              </>
            )}
          </Stack>
        </Fieldset>
        <RichTextField
          label="Program Declaration"
          description="What the applicant declares when applying."
          required
          disabled={disabled}
          value={form.values.programDeclaration}
          onChange={(html) => form.setFieldValue('programDeclaration', html)}
          error={form.errors.programDeclaration}
        />
        {!isReadOnly && (
          <Group justify="flex-end">
            <Button type="submit" disabled={isSending} loading={isSending}>
              Save settings
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
