import { Alert, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { SaveProgramUserRequest } from '@certs/shared/program/program-user.contract';
import { PROGRAM_USER_ROLE_LABELS, PROGRAM_USER_ROLE_VALUES } from '@certs/shared/program/program-user-role';
import type { AssignableUser } from '../api/find-assignable-users';
import { applyServerErrors } from '../../../lib/server-errors';

export interface ProgramUserFormValues {
  userId: string;
  /** Role numbers as text, as checkboxes hold them. */
  roles: string[];
}

interface ProgramUserFormProps {
  programId: string;
  /** Editing one user's roles: the user is fixed. */
  fixedUser?: { id: string; name: string; email: string };
  /** Users who may be added (those already in the program are left out by the caller). */
  candidates: readonly AssignableUser[];
  initialValues: ProgramUserFormValues;
  onSubmit: (request: SaveProgramUserRequest) => Promise<unknown>;
  onCancel: () => void;
}

const resolve = zod4Resolver(SaveProgramUserRequest, { errorPriority: 'first' });

function requestShapeOf(programId: string, values: ProgramUserFormValues) {
  return { programId, userId: values.userId, roles: values.roles.map(Number) };
}

/** A user and the roles they hold in the program: assessor, examiner, invigilator, manager. */
export function ProgramUserForm({ programId, fixedUser, candidates, initialValues, onSubmit, onCancel }: ProgramUserFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProgramUserFormValues>({
    initialValues,
    validate: (values) => resolve(requestShapeOf(programId, values)),
  });
  const handleSubmit = async (values: ProgramUserFormValues) => {
    setFailure(null);
    try {
      await onSubmit(SaveProgramUserRequest.parse(requestShapeOf(programId, values)));
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  const userOptions = fixedUser
    ? [{ value: fixedUser.id, label: `${fixedUser.name} (${fixedUser.email})` }]
    : [{ value: '', label: 'Select a user', disabled: true }, ...candidates.map((user) => ({ value: user.id, label: `${user.name} (${user.email})` }))];
  const isSending = form.submitting;

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not save the program user">
            {failure}
          </Alert>
        )}
        <NativeSelect label="User" required withAsterisk data={userOptions} disabled={!!fixedUser} data-autofocus {...form.getInputProps('userId')} />
        <Checkbox.Group label="Roles" withAsterisk description="A user may hold several roles in one program." {...form.getInputProps('roles')}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
            {PROGRAM_USER_ROLE_VALUES.map((role) => (
              <Checkbox key={role} value={String(role)} label={PROGRAM_USER_ROLE_LABELS[role]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSending}>
            Cancel
          </Button>
          <Button type="submit" loading={isSending}>
            {fixedUser ? 'Save roles' : 'Add user'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
