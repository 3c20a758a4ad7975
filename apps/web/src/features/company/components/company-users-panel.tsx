import { Alert, Badge, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { COMPANY_ROLE_LABELS, EMPLOYER_MESSAGES, type InviteCompanyUserRequest } from '@certs/shared/employer/employer.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { useDateFormatter } from '../../../lib/dates';
import { useStaffCompanyUsers, useStaffInviteCompanyUser } from '../api/company-users';

/**
 * A company's own users on its staff view (issue 42): who they are, their role, whether they have
 * signed up or are still invited, and who invited them; staff invite a user (the company's first
 * coordinator, usually), and the server mails the link to choose a password. An inactive company
 * (an applicant's request not yet approved) gets no users. `inviteForm` draws the invitation's form
 * (the company portal's own, composed by the route) around the invitation this panel sends.
 */
export function CompanyUsersPanel({
  company,
  inviteForm,
}: {
  company: { id: string; name: string; active: boolean };
  inviteForm: (onInvite: (request: InviteCompanyUserRequest) => Promise<void>) => ReactNode;
}) {
  const users = useStaffCompanyUsers(company.id);
  const invite = useStaffInviteCompanyUser(company.id);
  const dates = useDateFormatter();
  const rows = users.data ?? [];
  return (
    <Stack gap="md" component="section" aria-labelledby="company-users-heading">
      <Stack gap={4}>
        <Title order={2} size="h4" id="company-users-heading">
          Company users
        </Title>
        <Text size="sm" c="dimmed">
          They sign in to the company&apos;s portal: a coordinator manages its people and users, a viewer sees them and checks certificates.
        </Text>
      </Stack>
      {users.error && (
        <Alert color="red" variant="light">
          {errorMessageOf(users.error)}
        </Alert>
      )}
      {users.isSuccess && rows.length === 0 && <Text c="dimmed">{company.name} has no users yet.</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label={`Users of ${company.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Invited</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <Table.Tr key={user.userId}>
                  <Table.Td>{`${user.firstName} ${user.lastName}`}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{COMPANY_ROLE_LABELS[user.role as 6 | 7] ?? user.role}</Table.Td>
                  <Table.Td>
                    {!user.active ? <Badge color="gray">No access</Badge> : user.hasSignedUp ? <Badge color="teal">Signed up</Badge> : <Badge color="yellow">Invited</Badge>}
                  </Table.Td>
                  <Table.Td>
                    {dates.date(user.invitedOn)}
                    {user.invitedBy ? ` by ${user.invitedBy}` : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Stack gap="xs" component="section" aria-labelledby="company-users-invite-heading">
        <Title order={3} size="h5" id="company-users-invite-heading">
          Invite a user
        </Title>
        {company.active ? (
          inviteForm(async (request) => {
            const invited = await invite.mutateAsync(request);
            notifications.show({ color: 'green', title: 'Invitation sent', message: `${invited.firstName} ${invited.lastName} (${invited.email})` });
          })
        ) : (
          <Text size="sm" c="dimmed">
            {EMPLOYER_MESSAGES.companyInactive}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
