import { Badge, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { ProgramUser } from '@certs/shared/program/program-user.contract';
import { PROGRAM_USER_ROLE_LABELS, type ProgramUserRole } from '@certs/shared/program/program-user-role';
import { useAssignableUsers } from '../api/find-assignable-users';
import { useProgramUsers } from '../api/find-program-users';
import { useProgramUsersWithRole } from '../api/find-program-users-with-role';
import type { ProgramUserRoleKind } from '../api/program.keys';
import { useRemoveProgramUser } from '../api/remove-program-user';
import { useSaveProgramUser } from '../api/save-program-user';
import { ProgramUserForm } from '../forms/program-user-form';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { ListState } from './list-state';
import { SectionCard } from './section-card';

type DialogState = { mode: 'create' } | { mode: 'edit'; user: ProgramUser } | null;

// Dark shades on white keep the role names above 4.5:1.
const ROLE_COLORS: Record<ProgramUserRole, string> = { 1: 'indigo.9', 2: 'teal.9', 3: 'grape.9', 4: 'cyan.9' };

function RoleBadges({ roles }: { roles: readonly number[] }) {
  return (
    <Group gap={6}>
      {[...roles].sort().map((role) => (
        <Badge key={role} color={ROLE_COLORS[role as ProgramUserRole] ?? 'gray.8'} variant="outline" radius="sm" tt="none">
          {PROGRAM_USER_ROLE_LABELS[role as ProgramUserRole] ?? `Role ${role}`}
        </Badge>
      ))}
    </Group>
  );
}

function RoleList({ programId, role, title }: { programId: string; role: ProgramUserRoleKind; title: string }) {
  const list = useProgramUsersWithRole(programId, role);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <Text size="sm" c={list.data?.length ? undefined : 'dimmed'} data-testid={`program-${role}s`}>
        {list.isPending ? 'Loading…' : list.data?.length ? list.data.map((user) => user.name).join(', ') : 'None'}
      </Text>
    </Stack>
  );
}

/** Program users, one row per user with every role they hold; at least one is needed to publish. */
export function ProgramUsersPanel({ programId, isReadOnly }: { programId: string; isReadOnly: boolean }) {
  const list = useProgramUsers(programId);
  const assignable = useAssignableUsers(!isReadOnly);
  const saveUser = useSaveProgramUser();
  const removeUser = useRemoveProgramUser(programId);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [removing, setRemoving] = useState<ProgramUser | null>(null);
  const users = list.data ?? [];
  const candidates = (assignable.data ?? []).filter((candidate) => !users.some((user) => user.userId === candidate.id));

  return (
    <SectionCard
      title="Program users"
      description="Staff who assess, examine, invigilate or manage this program."
      testId="program-users-section"
      action={
        !isReadOnly && (
          <Button onClick={() => setDialog({ mode: 'create' })} disabled={assignable.isPending}>
            Add program user
          </Button>
        )
      }
    >
      <ListState isPending={list.isPending} error={list.error} what="program users" />
      {list.isSuccess && users.length === 0 && <Text c="dimmed">No program users yet. Publishing needs at least one.</Text>}
      {users.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" aria-label="Program users" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Email</Table.Th>
                <Table.Th scope="col">Roles</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                {!isReadOnly && (
                  <Table.Th scope="col" ta="right">
                    Actions
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((user) => (
                <Table.Tr key={user.userId}>
                  <Table.Th scope="row" fw={600}>
                    {user.name}
                  </Table.Th>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>
                    <RoleBadges roles={user.roles} />
                  </Table.Td>
                  <Table.Td>{user.active ? 'Active' : 'Inactive'}</Table.Td>
                  {!isReadOnly && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setDialog({ mode: 'edit', user })} aria-label={`Edit roles of ${user.name}`}>
                          Edit roles
                        </Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(user)} aria-label={`Remove ${user.name}`}>
                          Remove
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {users.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" pt="xs">
          <RoleList programId={programId} role="assessor" title="Assessors" />
          <RoleList programId={programId} role="examiner" title="Examiners" />
          <RoleList programId={programId} role="invigilator" title="Invigilators" />
        </SimpleGrid>
      )}
      <FormDialog
        opened={dialog !== null}
        title={dialog?.mode === 'edit' ? `Roles of ${dialog.user.name}` : 'Add program user'}
        size="md"
        onClose={() => setDialog(null)}
      >
        <ProgramUserForm
          programId={programId}
          fixedUser={dialog?.mode === 'edit' ? { id: dialog.user.userId, name: dialog.user.name, email: dialog.user.email } : undefined}
          candidates={candidates}
          initialValues={dialog?.mode === 'edit' ? { userId: dialog.user.userId, roles: dialog.user.roles.map(String) } : { userId: '', roles: [] }}
          onCancel={() => setDialog(null)}
          onSubmit={async (request) => {
            await saveUser.mutateAsync(request);
            setDialog(null);
          }}
        />
      </FormDialog>
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove ${removing?.name ?? ''}?`}
        confirmLabel="Remove program user"
        confirmColor="red.9"
        failureTitle="Could not remove the program user"
        onConfirm={() => (removing ? removeUser.mutateAsync(removing.userId) : Promise.resolve())}
        onClose={() => setRemoving(null)}
      >
        <Text size="sm">They lose every role they hold in this program.</Text>
      </ConfirmDialog>
    </SectionCard>
  );
}
