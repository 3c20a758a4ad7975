import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useState } from 'react';
import type { SaveApplicantRequest } from '@certs/shared/applicant/applicant.contract';
import { PERSON_FIELD_LABELS } from '@certs/shared/common/person-fields';
import { applyServerErrors } from '../../../lib/server-errors';
import { PERSONAL_FIELDS, toSaveApplicantRequest, validateApplicantValues, type ApplicantFormValues } from './applicant-form.values';
import { DateField } from '../../../components/ui/date-field';

interface PersonalDetailsFormProps {
  initialValues: ApplicantFormValues;
  /** The sign-in email, which the profile shows but does not change. */
  signInEmail: string;
  onSubmit: (request: SaveApplicantRequest) => Promise<unknown>;
}

function AddressFields({ form, prefix, legend }: { form: UseFormReturnType<ApplicantFormValues>; prefix: 'homeAddress' | 'workAddress'; legend: string }) {
  const section = prefix === 'homeAddress' ? 'home' : 'work';
  return (
    <Fieldset legend={legend} variant="filled" radius="md">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Street Number" autoComplete={`section-${section} address-line1`} {...form.getInputProps(`${prefix}.streetNumber`)} />
          <TextInput label="Street Name" autoComplete={`section-${section} address-line2`} style={{ gridColumn: 'span 2' }} {...form.getInputProps(`${prefix}.streetName`)} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="City" autoComplete={`section-${section} address-level2`} {...form.getInputProps(`${prefix}.city`)} />
          <TextInput label="State" autoComplete={`section-${section} address-level1`} {...form.getInputProps(`${prefix}.state`)} />
          <TextInput label="Postal Code" autoComplete={`section-${section} postal-code`} {...form.getInputProps(`${prefix}.postalCode`)} />
          <TextInput label="Country" autoComplete={`section-${section} country-name`} {...form.getInputProps(`${prefix}.country`)} />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

/** Personal and contact details (spec section 3): name, date of birth, phone, primary email, home and work address. */
export function PersonalDetailsForm({ initialValues, signInEmail, onSubmit }: PersonalDetailsFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ApplicantFormValues>({ initialValues, validate: (values) => validateApplicantValues(values, PERSONAL_FIELDS) });
  const registerHintId = useId();
  const handleSubmit = async (values: ApplicantFormValues) => {
    setFailure(null);
    try {
      await onSubmit(toSaveApplicantRequest(values));
      form.resetDirty();
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  const isSending = form.submitting;
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Personal and contact details">
      <Stack gap="lg">
        {failure && (
          <Alert color="red" variant="light" title="Could not save your details">
            {failure}
          </Alert>
        )}
        <Fieldset legend="Personal details" variant="filled" radius="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={PERSON_FIELD_LABELS.firstName} required withAsterisk autoComplete="given-name" {...form.getInputProps('firstName')} />
              <TextInput label={PERSON_FIELD_LABELS.lastName} required withAsterisk autoComplete="family-name" {...form.getInputProps('lastName')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateField label="Date of Birth" autoComplete="bday" {...form.getInputProps('dateOfBirth')} />
              <TextInput label="Sign-in email" value={signInEmail} readOnly description="The address you sign in with." variant="filled" />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend="Contact details" variant="filled" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Phone" type="tel" autoComplete="tel" description="Digits, spaces and + ( ) -" {...form.getInputProps('phone')} />
            <TextInput label="Primary Email" type="email" autoComplete="email" description="Where we write to you, if not your sign-in email." {...form.getInputProps('primaryEmail')} />
          </SimpleGrid>
        </Fieldset>
        <AddressFields form={form} prefix="homeAddress" legend="Home address" />
        <AddressFields form={form} prefix="workAddress" legend="Work address" />
        <Fieldset legend="Public register" variant="filled" radius="md">
          <Stack gap={6}>
            <Switch
              label="List me in the public register of certificate holders"
              aria-describedby={registerHintId}
              {...form.getInputProps('listedInRegister', { type: 'checkbox' })}
            />
            {/* Outside the switch's label, so that its name stays short for screen readers. */}
            <Text id={registerHintId} size="sm" c="dimmed">
              When on, anyone can find your name, your certificates&apos; numbers, programs, dates and status in the personnel search. When off, you are left out of
              it; an employer holding one of your certificates can still check its number.
            </Text>
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" disabled={isSending} loading={isSending}>
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
