import { Alert, Button, Checkbox, Fieldset, Group, NativeSelect, PasswordInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { PASSWORD_HINT } from '@certs/shared/auth/password-rule';
import { PERSON_FIELD_LABELS } from '@certs/shared/common/person-fields';
import { ADMIN_MENU_ITEMS } from '@certs/shared/auth/admin-menu';
import { ROLE_LABELS, ROLES, type AdminRole } from '@certs/shared/auth/roles';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { validateAccountUserValues, type AccountUserFormMode, type AccountUserFormValues } from './account-user-form.values';

interface AccountUserFormProps {
  mode: AccountUserFormMode;
  initialValues: AccountUserFormValues;
  /** Roles the signed-in user may give: an account administrator cannot make a super user. */
  allowedRoles: readonly AdminRole[];
  /** Whether the form edits the signed-in user, who cannot deactivate themself. */
  isSelf?: boolean;
  onSubmit: (values: AccountUserFormValues) => Promise<unknown>;
  onCancel: () => void;
}

/** Create or edit an admin user; the server's refusals land at their field, the rest in an alert. */
export function AccountUserForm({ mode, initialValues, allowedRoles, isSelf = false, onSubmit, onCancel }: AccountUserFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AccountUserFormValues>({
    initialValues,
    validate: (values) => validateAccountUserValues(values, mode),
  });
  const roleOptions = [
    { value: '', label: 'Select a role', disabled: true },
    ...allowedRoles.map((role) => ({ value: String(role), label: ROLE_LABELS[role] })),
  ];

  const handleSubmit = async (values: AccountUserFormValues) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const atFields = Object.entries(fieldErrors).filter(([field]) => field in values);
      if (atFields.length > 0) form.setErrors(Object.fromEntries(atFields));
      if (atFields.length === 0 || atFields.length < Object.keys(fieldErrors).length) setFailure(errorMessageOf(error));
    }
  };

  const isSending = form.submitting;
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not save the user" data-testid="account-user-form-error">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={PERSON_FIELD_LABELS.firstName} required withAsterisk={false} autoComplete="off" {...form.getInputProps('firstName')} />
          <TextInput label={PERSON_FIELD_LABELS.lastName} required withAsterisk={false} autoComplete="off" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label={PERSON_FIELD_LABELS.email} type="email" required withAsterisk={false} autoComplete="off" {...form.getInputProps('email')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} verticalSpacing="md">
          <NativeSelect label="Role" required withAsterisk={false} data={roleOptions} {...form.getInputProps('role')} />
          <Switch
            label="Active"
            description={isSelf ? 'You cannot deactivate your own account.' : 'Inactive users cannot sign in.'}
            disabled={isSelf && form.values.active}
            mt={{ sm: 'xl' }}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
        </SimpleGrid>
        <PasswordInput
          label="Password"
          required={mode === 'create'}
          withAsterisk={false}
          autoComplete="new-password"
          description={mode === 'create' ? PASSWORD_HINT : `Leave blank to keep the current password. ${PASSWORD_HINT}`}
          {...form.getInputProps('password')}
        />
        <Fieldset legend="Side menu items" variant="filled" radius="md">
          <Checkbox.Group
            {...form.getInputProps('menuItems')}
            description={form.values.role === String(ROLES.SuperUser) ? 'A super user sees every item whatever is ticked.' : undefined}
          >
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" mt="xs">
              {ADMIN_MENU_ITEMS.map((item) => (
                <Checkbox key={item} value={item} label={item} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        </Fieldset>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSending}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSending} loading={isSending}>
            {mode === 'create' ? 'Create user' : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
