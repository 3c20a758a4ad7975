import { Alert, Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { COMPANY_ROLE_VALUES, ROLES } from '@certs/shared/auth/roles';
import { COMPANY_ROLE_LABELS, InviteCompanyUserRequest } from '@certs/shared/employer/employer.contract';
import { applyServerErrors } from '../../../lib/server-errors';

interface InviteValues {
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

const EMPTY: InviteValues = { firstName: '', lastName: '', email: '', role: String(ROLES.CompanyViewer) };
const ROLE_OPTIONS = COMPANY_ROLE_VALUES.map((role) => ({ value: String(role), label: COMPANY_ROLE_LABELS[role] }));
const toRequest = (values: InviteValues) => ({ ...values, role: Number(values.role) });

/**
 * Invites a user of a company (issue 42): the company's coordinator for their own company, staff
 * for any (usually its first coordinator). The server mails a link to choose a password.
 */
export function InviteCompanyUserForm({ onInvite, defaultRole }: { onInvite: (request: InviteCompanyUserRequest) => Promise<unknown>; defaultRole?: 6 | 7 }) {
  const [failure, setFailure] = useState<string | null>(null);
  const initialValues = { ...EMPTY, role: String(defaultRole ?? ROLES.CompanyViewer) };
  const form = useForm<InviteValues>({ initialValues, validate: (values) => zod4Resolver(InviteCompanyUserRequest)(toRequest(values)) });
  const handleSubmit = async (values: InviteValues) => {
    setFailure(null);
    try {
      await onInvite(toRequest(values) as InviteCompanyUserRequest);
      form.setValues(initialValues);
      form.resetDirty();
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Invite a company user">
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" title="Not invited">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First Name" required withAsterisk {...form.getInputProps('firstName')} />
          <TextInput label="Last Name" required withAsterisk {...form.getInputProps('lastName')} />
          <TextInput label="Email" type="email" required withAsterisk {...form.getInputProps('email')} />
          <Select label="Role" data={ROLE_OPTIONS} allowDeselect={false} {...form.getInputProps('role')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
