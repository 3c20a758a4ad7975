import { Alert, Button, Fieldset, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { CERTIFICATE_NUMBER_PLACEHOLDERS, certificatePatternIssues, counterWidth, firstCounter, formatCertificateNumber } from '@certs/shared/award/certificate-number';
import { PROGRAM_MESSAGES, ProgramCode } from '@certs/shared/program/program.contract';
import { PROGRAM_TYPE_INFO, PROGRAM_TYPES, type ProgramType } from '@certs/shared/program/program-type';
import type { AssignableUser } from '../api/find-assignable-users';
import { useProgramByCode } from '../api/find-program-by-code';
import { RichTextField } from '../../../components/ui/rich-text-field';
import { applyServerErrors } from '../../../lib/server-errors';
import { separatesByDefault, validateProgramValues, type ProgramFormValues } from './program-form.values';

export type ProgramFormMode = 'create' | 'edit';

interface ProgramFormProps {
  mode: ProgramFormMode;
  initialValues: ProgramFormValues;
  /** The program being edited: its own code is not "taken". */
  programId?: string;
  /** Admin users who may manage the program. */
  managers: readonly AssignableUser[];
  /** The current manager when they are no longer assignable (e.g. deactivated), so the select can still show them. */
  currentManager?: { id: string; name: string } | null;
  /** Code and type are fixed once the program has been published. */
  isIdentityLocked?: boolean;
  isReadOnly?: boolean;
  onSubmit: (values: ProgramFormValues) => Promise<unknown>;
  onCancel?: () => void;
}

export const CODE_CHECK_DELAY_MS = 400;

const TYPE_OPTIONS = [
  { value: '', label: 'Select a program type', disabled: true },
  ...Object.values(PROGRAM_TYPES).map((type) => ({ value: String(type), label: PROGRAM_TYPE_INFO[type as ProgramType].label })),
];

/** The code worth asking the server about: one the schema accepts and that differs from the saved one. */
function codeToCheck(code: string, savedCode: string): string | null {
  const parsed = ProgramCode.safeParse(code);
  if (!parsed.success || parsed.data === savedCode) return null;
  return parsed.data;
}

/** Create or edit a program with every field of spec section 3, checked by the shared schema. */
export function ProgramForm(props: ProgramFormProps) {
  const { mode, initialValues, programId, managers, currentManager, isIdentityLocked = false, isReadOnly = false } = props;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProgramFormValues>({
    initialValues,
    validate: validateProgramValues,
  });

  const [debouncedCode] = useDebouncedValue(form.values.programCode, CODE_CHECK_DELAY_MS);
  const candidate = isIdentityLocked || isReadOnly ? null : codeToCheck(debouncedCode, initialValues.programCode.trim());
  const lookup = useProgramByCode(candidate);
  const isCodeTaken =
    !!candidate && candidate === codeToCheck(form.values.programCode, initialValues.programCode.trim()) && !!lookup.data?.program && lookup.data.program.id !== programId;

  const managerOptions = [
    { value: '', label: 'Select a program manager', disabled: true },
    ...managers.map((user) => ({ value: user.id, label: `${user.name} (${user.email})` })),
  ];
  if (currentManager && !managers.some((user) => user.id === currentManager.id)) {
    managerOptions.push({ value: currentManager.id, label: isReadOnly ? currentManager.name : `${currentManager.name} (no longer assignable)` });
  }

  const handleSubmit = async (values: ProgramFormValues) => {
    setFailure(null);
    if (isCodeTaken) {
      form.setFieldError('programCode', PROGRAM_MESSAGES.programCodeTaken);
      return;
    }
    try {
      await props.onSubmit(values);
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };

  const codeError = form.errors.programCode ?? (isCodeTaken ? PROGRAM_MESSAGES.programCodeTaken : undefined);
  const isQualification = form.values.programType === String(PROGRAM_TYPES.Qualification);
  const isSending = form.submitting;
  const disabled = isReadOnly || isSending;
  // Read-only text stays readable; while sending, fields are disabled.
  const textLock = isReadOnly ? { readOnly: true } : { disabled: isSending };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={mode === 'create' ? 'New program' : 'Program details'}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not save the program" data-testid="program-form-error">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Program Code"
            required
            withAsterisk
            autoComplete="off"
            description={isIdentityLocked ? 'Fixed once the program has been published.' : 'Capitals, digits, spaces, underscores and hyphens; 3 to 18 characters.'}
            disabled={disabled || isIdentityLocked}
            {...form.getInputProps('programCode')}
            error={codeError}
          />
          <NativeSelect
            label="Program Type"
            required
            withAsterisk
            data={TYPE_OPTIONS}
            description={isIdentityLocked ? 'Fixed once the program has been published.' : undefined}
            disabled={disabled || isIdentityLocked}
            {...form.getInputProps('programType')}
          />
        </SimpleGrid>
        <TextInput label="Program Title" required withAsterisk autoComplete="off" {...textLock} {...form.getInputProps('programTitle')} />
        <NativeSelect label="Program Manager" required withAsterisk data={managerOptions} disabled={disabled} {...form.getInputProps('programManager')} />
        <Fieldset legend="Certificate numbers" variant="filled" radius="md">
          <Stack gap="sm">
            <Switch
              label="Number certificates from a pattern"
              description="Certificates of this program are numbered from a pattern and a start number."
              disabled={disabled}
              {...form.getInputProps('numberPatternCheck', { type: 'checkbox' })}
            />
            {form.values.numberPatternCheck && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label="Certificate Number Pattern"
                  required
                  withAsterisk
                  autoComplete="off"
                  description={<CertificatePatternHelp pattern={form.values.certificateNumPattern} startNumber={form.values.certificateStartNum} />}
                  {...textLock}
                  {...form.getInputProps('certificateNumPattern')}
                />
                <TextInput
                  label="Certificate Start Number"
                  required
                  withAsterisk
                  inputMode="numeric"
                  autoComplete="off"
                  description="Up to 4 digits."
                  {...textLock}
                  {...form.getInputProps('certificateStartNum')}
                />
              </SimpleGrid>
            )}
          </Stack>
        </Fieldset>
        <Switch
          label="Published by IIW"
          description="The International Institute of Welding also publishes this program."
          disabled={disabled}
          {...form.getInputProps('isIIWPublished', { type: 'checkbox' })}
        />
        <RichTextField
          label="Program Declaration"
          description={isQualification ? 'What the applicant declares when applying. Required for a Qualification program.' : 'What the applicant declares when applying.'}
          required={isQualification}
          disabled={disabled}
          testId="program-declaration-editor"
          value={form.values.programDeclaration}
          onChange={(html) => form.setFieldValue('programDeclaration', html)}
          error={form.errors.programDeclaration}
        />
        <Textarea
          label="Program Tooltips"
          description="Guidance shown to applicants beside the program."
          autosize
          minRows={2}
          {...textLock}
          {...form.getInputProps('programTooltips')}
        />
        <NumberInput
          label="Review window (days)"
          description="How many days after the result is recorded a failed applicant may ask for a review of a module that allows review."
          min={1}
          max={365}
          allowDecimal={false}
          allowNegative={false}
          {...textLock}
          {...form.getInputProps('reviewWindowDays')}
        />
        <Switch
          label="Separate the certification decision"
          description="The overall result and the award may not be recorded by the candidate's assessor or examiner (ISO/IEC 17024 9.5). On by default for Certification and AICIP programs."
          checked={form.values.decisionSeparation ?? separatesByDefault(form.values.programType)}
          onChange={(event) => form.setFieldValue('decisionSeparation', event.currentTarget.checked)}
          disabled={disabled}
        />
        <NumberInput
          label="Re-sits per module"
          description="How many times a failed module may be re-sat; leave empty for no limit."
          min={1}
          max={20}
          allowDecimal={false}
          allowNegative={false}
          {...textLock}
          {...form.getInputProps('maxResitsPerModule')}
        />
        <Textarea label="Remarks" description="For staff only." autosize minRows={2} {...textLock} {...form.getInputProps('remarks')} />
        {!isReadOnly && (
          <Group justify="flex-end" gap="sm">
            {props.onCancel && (
              <Button variant="default" onClick={props.onCancel} disabled={isSending}>
                Cancel
              </Button>
            )}
            <Button type="submit" disabled={isSending} loading={isSending}>
              {mode === 'create' ? 'Create program' : 'Save changes'}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/**
 * What the pattern's placeholders mean (decision 017), and the first number the pattern gives
 * this year once it and the start number are valid, so staff see the result before saving.
 */
function CertificatePatternHelp({ pattern, startNumber }: { pattern: string; startNumber: string }) {
  const trimmed = pattern.trim();
  const start = startNumber.trim();
  const example =
    trimmed && /^\d{1,4}$/.test(start) && certificatePatternIssues(trimmed).length === 0
      ? formatCertificateNumber(trimmed, { year: new Date().getFullYear(), counter: firstCounter(start), width: counterWidth(start) })
      : null;
  return (
    <>
      Letters, digits, "-" and "." with the placeholders {CERTIFICATE_NUMBER_PLACEHOLDERS.map((p) => `${p.placeholder} (${p.meaning})`).join(', ')}. Without {'{N}'} the
      counter is added at the end: AU-IWI-S- with start 1001 gives AU-IWI-S-1001.
      {example && <> First number: {example}</>}
    </>
  );
}
