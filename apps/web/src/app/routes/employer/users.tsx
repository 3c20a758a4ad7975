import { Alert, Button, Menu, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ROLES } from '@certs/shared/auth/roles';
import { COMPANY_ROLE_LABELS, type CompanyUser } from '@certs/shared/employer/employer.contract';
import { useCompanyUsers, useInviteCompanyUser, useUpdateCompanyUser } from '../../../features/employer/api/employer';
import { InviteCompanyUserForm } from '../../../features/employer/forms/invite-company-user-form';
import { errorMessageOf } from '../../../lib/api-client';
import { useRequiredSession } from '../../../lib/auth';
import { useDateFormatter } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { ScrollRegion } from '../../../components/ui/scroll-region';
import { StatusBadge } from '../../../components/ui/status-badge';

/**
 * The company's own users, for its coordinator (issue 42): invite a coordinator or a viewer, change
 * another's role, take away or give back access, and mail an unanswered invitation again. Nobody
 * changes their own role or access, and the company always keeps one active coordinator.
 */
export function EmployerUsersRoute() {
  usePageTitle('Company users');
  const { user: me } = useRequiredSession();
  const users = useCompanyUsers();
  const invite = useInviteCompanyUser();
  const update = useUpdateCompanyUser();
  const dates = useDateFormatter();
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (user: CompanyUser, request: { role?: 6 | 7; active?: boolean; resendInvitation?: boolean }, done: string) => {
    setFailure(null);
    try {
      await update.mutateAsync({ userId: user.userId, ...request });
      notifications.show({ color: 'green', title: done, message: `${user.firstName} ${user.lastName}` });
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Company users</Title>
        <Text c="dimmed">Coordinators manage the company&apos;s people and users; viewers see the people and check certificates.</Text>
      </Stack>
      {failure && (
        <Alert color="red" variant="light" title="Not saved">
          {failure}
        </Alert>
      )}
      {users.error && (
        <Alert color="red" variant="light">
          {errorMessageOf(users.error)}
        </Alert>
      )}
      {users.data && (
        <ScrollRegion label="Company users">
          <Table miw={640} striped aria-label="Company users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Invited</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.data.map((user) => {
                const who = `${user.firstName} ${user.lastName}`;
                const isMe = user.userId === me.id;
                const otherRole = user.role === ROLES.CompanyCoordinator ? ROLES.CompanyViewer : ROLES.CompanyCoordinator;
                return (
                  <Table.Tr key={user.userId}>
                    <Table.Td>{who}</Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{COMPANY_ROLE_LABELS[user.role as 6 | 7] ?? user.role}</Table.Td>
                    <Table.Td>
                      {!user.active ? (
                        <StatusBadge label="No access" color="gray" />
                      ) : user.hasSignedUp ? (
                        <StatusBadge label="Active" color="teal" />
                      ) : (
                        <StatusBadge label="Invited" color="yellow" />
                      )}
                    </Table.Td>
                    <Table.Td>
                      {dates.date(user.invitedOn)}
                      {user.invitedBy ? ` by ${user.invitedBy}` : ''}
                    </Table.Td>
                    <Table.Td>
                      {isMe ? (
                        <Text size="sm" c="dimmed">
                          You
                        </Text>
                      ) : (
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <Button size="xs" variant="light" aria-label={`Change ${who}`}>
                              Change
                            </Button>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => void change(user, { role: otherRole }, 'Role changed')}>Make {COMPANY_ROLE_LABELS[otherRole].toLowerCase()}</Menu.Item>
                            {user.active ? (
                              <Menu.Item color="red" onClick={() => void change(user, { active: false }, 'Access taken away')}>
                                Take away access
                              </Menu.Item>
                            ) : (
                              <Menu.Item onClick={() => void change(user, { active: true }, 'Access given back')}>Give back access</Menu.Item>
                            )}
                            {!user.hasSignedUp && user.active && <Menu.Item onClick={() => void change(user, { resendInvitation: true }, 'Invitation sent again')}>Send the invitation again</Menu.Item>}
                          </Menu.Dropdown>
                        </Menu>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="invite-heading">
        <Stack gap="sm">
          <Title order={2} size="h3" id="invite-heading">
            Invite a user
          </Title>
          <InviteCompanyUserForm
            onInvite={async (request) => {
              const invited = await invite.mutateAsync(request);
              notifications.show({ color: 'green', title: 'Invitation sent', message: `${invited.firstName} ${invited.lastName} (${invited.email})` });
            }}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
