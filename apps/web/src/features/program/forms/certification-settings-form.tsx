import { Alert, Button, Group, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { SettingsKind } from '../api/save-certification-settings';
import { RichTextField } from '../../../components/ui/rich-text-field';
import { validateCertificationSettingsValues, type CertificationSettingsFormValues } from './certification-settings-form.values';
import { applyServerErrors } from '../../../lib/server-errors';
import { useCurrencySymbol } from '../../../lib/currency';

interface CertificationSettingsFormProps {
  /** `initial`: Certification or AICIP settings; `renewal`: AICIP renewal settings (no renewal period). */
  kind: SettingsKind;
  initialValues: CertificationSettingsFormValues;
  isReadOnly?: boolean;
  onSubmit: (values: CertificationSettingsFormValues) => Promise<unknown>;
}

/** Certification and AICIP settings of spec section 3, checked by the shared schema. */
export function CertificationSettingsForm({ kind, initialValues, isReadOnly = false, onSubmit }: CertificationSettingsFormProps) {
  const symbol = useCurrencySymbol();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CertificationSettingsFormValues>({
    initialValues,
    validate: (values) => validateCertificationSettingsValues(values, kind),
  });
  const handleSubmit = async (values: CertificationSettingsFormValues) => {
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
  const name = kind === 'initial' ? 'settings' : 'renewal settings';

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={kind === 'initial' ? 'Certification settings' : 'Renewal settings'}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title={`Could not save the ${name}`}>
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: kind === 'initial' ? 4 : 2 }}>
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
          {kind === 'initial' && (
            <TextInput
              label="Renewal Period (years)"
              required
              withAsterisk
              inputMode="numeric"
              autoComplete="off"
              {...textLock}
              {...form.getInputProps('renewalPeriod')}
            />
          )}
          {kind === 'initial' && (
            <TextInput
              label="Required CPD Hours"
              description="Professional development hours a renewal needs within the certificate's period."
              inputMode="numeric"
              autoComplete="off"
              {...textLock}
              {...form.getInputProps('requiredCpdHours')}
            />
          )}
        </SimpleGrid>
        <Switch label="Review allowed" disabled={disabled} {...form.getInputProps('reviewAllowed', { type: 'checkbox' })} />
        <Textarea
          label="Assessor Assessment Instruction"
          required
          withAsterisk
          description="What the assessor checks; up to 192 characters."
          autosize
          minRows={2}
          {...textLock}
          {...form.getInputProps('assessorAssessmentInstruction')}
        />
        <RichTextField
          label="Program Declaration"
          description="What the applicant declares when applying."
          required
          disabled={disabled}
          value={form.values.programDeclaration}
          onChange={(html) => form.setFieldValue('programDeclaration', html)}
          error={form.errors.programDeclaration}
        />
        <Textarea
          label="Certification Tooltips"
          description="Guidance shown to applicants."
          autosize
          minRows={2}
          {...textLock}
          {...form.getInputProps('certificationTooltips')}
        />
        {!isReadOnly && (
          <Group justify="flex-end">
            <Button type="submit" disabled={isSending} loading={isSending}>
              {kind === 'initial' ? 'Save settings' : 'Save renewal settings'}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
