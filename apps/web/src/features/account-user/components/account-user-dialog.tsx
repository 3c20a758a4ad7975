import { Alert, Center, Loader, Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AccountUser } from '@certs/shared/account-user/account-user.contract';
import { ADMIN_ROLE_VALUES, ROLES, type AdminRole, type Role } from '@certs/shared/auth/roles';
import { errorMessageOf } from '../../../lib/api-client';
import { useCreateAccountUser } from '../api/create-account-user';
import { useAccountUser } from '../api/find-account-user';
import { useUpdateAccountUser } from '../api/update-account-user';
import { AccountUserForm } from '../forms/account-user-form';
import {
  accountUserValuesOf,
  emptyAccountUserValues,
  toCreateRequest,
  toUpdateRequest,
  type AccountUserFormValues,
} from '../forms/account-user-form.values';

export type AccountUserDialogState = { mode: 'create' } | { mode: 'edit'; userId: string } | null;

interface AccountUserDialogProps {
  state: AccountUserDialogState;
  actor: { id: string; role: number };
  onClose: () => void;
  onSaved?: (user: AccountUser) => void;
}

export function assignableRoles(actorRole: number): readonly AdminRole[] {
  return actorRole === ROLES.SuperUser ? ADMIN_ROLE_VALUES : ADMIN_ROLE_VALUES.filter((role) => role !== ROLES.SuperUser);
}

/** Whether the signed-in user may edit this user: only a super user touches a super user. */
export function canEditAccountUser(actorRole: number, target: { role: number }): boolean {
  return actorRole === ROLES.SuperUser || (target.role as Role) !== ROLES.SuperUser;
}

function fullName(user: AccountUser): string {
  return `${user.firstName} ${user.lastName}`;
}

function EditBody({ userId, actor, onClose, onSaved }: { userId: string } & Omit<AccountUserDialogProps, 'state'>) {
  const { data: user, isPending, error } = useAccountUser(userId);
  const updateUser = useUpdateAccountUser();
  if (isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading user" />
      </Center>
    );
  }
  if (error || !user) {
    return (
      <Alert color="red" variant="light" title="Could not load the user">
        {errorMessageOf(error)}
      </Alert>
    );
  }
  const handleSubmit = async (values: AccountUserFormValues) => {
    const saved = await updateUser.mutateAsync({ id: user.id, request: toUpdateRequest(values) });
    notifications.show({ color: 'green', title: 'User saved', message: `${fullName(saved)} has been updated.` });
    onSaved?.(saved);
    onClose();
  };
  return (
    <AccountUserForm
      key={`${user.id}-${user.modifiedOn}`}
      mode="edit"
      initialValues={accountUserValuesOf(user)}
      allowedRoles={assignableRoles(actor.role)}
      isSelf={user.id === actor.id}
      onSubmit={handleSubmit}
      onCancel={onClose}
    />
  );
}

function CreateBody({ actor, onClose, onSaved }: Omit<AccountUserDialogProps, 'state'>) {
  const createUser = useCreateAccountUser();
  const handleSubmit = async (values: AccountUserFormValues) => {
    const created = await createUser.mutateAsync(toCreateRequest(values));
    notifications.show({ color: 'green', title: 'User created', message: `${fullName(created)} can now sign in.` });
    onSaved?.(created);
    onClose();
  };
  return (
    <AccountUserForm
      mode="create"
      initialValues={emptyAccountUserValues()}
      allowedRoles={assignableRoles(actor.role)}
      onSubmit={handleSubmit}
      onCancel={onClose}
    />
  );
}

/** The add and edit user form in a dialog. */
export function AccountUserDialog({ state, ...rest }: AccountUserDialogProps) {
  return (
    <Modal.Root opened={state !== null} onClose={rest.onClose} size="lg" radius="md">
      <Modal.Overlay />
      <Modal.Content>
        {/* Mantine's header element would read as a second page banner beside the app's own. */}
        <Modal.Header role="none">
          <Modal.Title fw={700} fz="lg">
            {state?.mode === 'edit' ? 'Edit user' : 'Add user'}
          </Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          {state?.mode === 'create' && <CreateBody {...rest} />}
          {state?.mode === 'edit' && <EditBody userId={state.userId} {...rest} />}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
