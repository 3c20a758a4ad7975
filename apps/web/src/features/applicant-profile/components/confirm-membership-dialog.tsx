import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { ConfirmMembershipRequest, MEMBERSHIP_TYPE_LABELS } from '@certs/shared/applicant/applicant.contract';
import { FormDialog } from '../../../components/ui/form-dialog';
import { errorMessageOf } from '../../../lib/api-client';
import { useConfirmMembership } from '../api/confirm-membership';
import type { ApplicantListRow } from '../api/find-applicants';
import { DateField } from '../../../components/ui/date-field';

interface Values {
  isConfirmed: boolean;
  memberCurrentUntil: string;
}

const resolve = zod4Resolver(ConfirmMembershipRequest, { errorPriority: 'first' });
const shapeOf = (values: Values) => ({ isConfirmed: values.isConfirmed, memberCurrentUntil: values.memberCurrentUntil.trim() || null });

interface ConfirmMembershipProps {
  applicant: ApplicantListRow;
  /** The staff member's awarding body, named when the platform has several: the membership confirmed is its own. */
  accountName?: string;
  onClose: () => void;
}

function ConfirmMembershipForm({ applicant, accountName, onClose }: ConfirmMembershipProps) {
  const confirm = useConfirmMembership();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: { isConfirmed: true, memberCurrentUntil: '' }, validate: (values) => resolve(shapeOf(values)) });
  const handleSubmit = async (values: Values) => {
    setFailure(null);
    try {
      await confirm.mutateAsync({ applicantId: applicant.id, request: ConfirmMembershipRequest.parse(shapeOf(values)) });
      notifications.show({
        color: 'green',
        title: values.isConfirmed ? 'Membership confirmed' : 'Membership withdrawn',
        message: `${applicant.firstName} ${applicant.lastName} ${values.isConfirmed ? 'now pays member fees' : 'pays non-member fees'}.`,
      });
      onClose();
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Membership confirmation">
      <Stack gap="md">
        <Text size="sm">
          {applicant.firstName} {applicant.lastName} says they are an {MEMBERSHIP_TYPE_LABELS[applicant.membershipType].toLowerCase()} with member number{' '}
          <strong>{applicant.memberNumber || '-'}</strong>. Check it against the membership register.
        </Text>
        {/* Membership is per awarding body (issue 40): this changes the staff member's own body's only. */}
        {accountName && (
          <Text size="sm" c="dimmed">
            This is their membership of {accountName}; other awarding bodies confirm their own.
          </Text>
        )}
        {failure && (
          <Alert color="red" variant="light" title="Could not change the membership">
            {failure}
          </Alert>
        )}
        <Switch label="Membership confirmed" description="Member fees apply once confirmed." {...form.getInputProps('isConfirmed', { type: 'checkbox' })} />
        {form.values.isConfirmed && <DateField label="Current Until" maw={240} {...form.getInputProps('memberCurrentUntil')} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Staff confirm or withdraw an applicant's membership. */
export function ConfirmMembershipDialog({ applicant, accountName, onClose }: Omit<ConfirmMembershipProps, 'applicant'> & { applicant: ApplicantListRow | null }) {
  return (
    <FormDialog opened={applicant !== null} title="Membership" size="md" onClose={onClose}>
      {applicant && <ConfirmMembershipForm applicant={applicant} accountName={accountName} onClose={onClose} />}
    </FormDialog>
  );
}
