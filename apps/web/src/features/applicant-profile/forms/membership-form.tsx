import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { MEMBERSHIP_TYPE_LABELS, MEMBERSHIP_TYPES, type SaveApplicantRequest } from '@certs/shared/applicant/applicant.contract';
import { applyServerErrors } from '../../../lib/server-errors';
import { MEMBERSHIP_FIELDS, toSaveApplicantRequest, validateApplicantValues, type ApplicantFormValues } from './applicant-form.values';

interface MembershipFormProps {
  initialValues: ApplicantFormValues;
  onSubmit: (request: SaveApplicantRequest) => Promise<unknown>;
}

const TYPE_OPTIONS = MEMBERSHIP_TYPES.map((type) => ({ value: type, label: MEMBERSHIP_TYPE_LABELS[type] }));

/** The membership the applicant claims: type and member number, for staff to confirm. */
export function MembershipForm({ initialValues, onSubmit }: MembershipFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ApplicantFormValues>({ initialValues, validate: (values) => validateApplicantValues(values, MEMBERSHIP_FIELDS) });
  const handleSubmit = async (values: ApplicantFormValues) => {
    setFailure(null);
    try {
      await onSubmit(toSaveApplicantRequest({ ...values, memberNumber: values.membershipType === 'none' ? '' : values.memberNumber }));
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  const isSending = form.submitting;
  const isMember = form.values.membershipType !== 'none';
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Membership">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not save your membership">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect label="Membership Type" data={TYPE_OPTIONS} {...form.getInputProps('membershipType')} />
          <TextInput
            label="Member Number"
            required={isMember}
            withAsterisk={isMember}
            disabled={!isMember}
            autoComplete="off"
            description={isMember ? 'As printed on your membership card.' : 'Only for members.'}
            {...form.getInputProps('memberNumber')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" disabled={isSending} loading={isSending}>
            Save membership
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
