import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { PASSWORD_HINT } from '@certs/shared/auth/password-rule';
import { REGISTRATION_MESSAGES, ResetPasswordRequest } from '@certs/shared/auth/registration.contract';
import { applyServerErrors } from '../../../lib/server-errors';

export interface ResetPasswordFormValues {
  password: string;
  confirmPassword: string;
}

const resolve = zod4Resolver(ResetPasswordRequest, { errorPriority: 'first' });

export function validateResetPasswordValues(values: ResetPasswordFormValues): FormErrors {
  const errors = resolve({ token: 'stand-in', email: '', password: values.password });
  if (values.confirmPassword !== values.password) errors.confirmPassword = REGISTRATION_MESSAGES.passwordsDiffer;
  return errors;
}

interface ResetPasswordFormProps {
  onSubmit: (password: string) => Promise<unknown>;
  /** An invited person's first password: "Password", not "New password". */
  first?: boolean;
}

/** A new password under the one password rule, typed twice. */
export function ResetPasswordForm({ onSubmit, first = false }: ResetPasswordFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ResetPasswordFormValues>({ initialValues: { password: '', confirmPassword: '' }, validate: validateResetPasswordValues });
  const handleSubmit = async (values: ResetPasswordFormValues) => {
    setFailure(null);
    try {
      await onSubmit(values.password);
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };
  const isSending = form.submitting;
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={first ? 'Choose your password' : 'Choose a new password'}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title={first ? 'Could not set the password' : 'Could not change the password'}>
            {failure}
          </Alert>
        )}
        <PasswordInput
          label={first ? 'Password' : 'New password'}
          required
          withAsterisk={false}
          autoComplete="new-password"
          description={PASSWORD_HINT}
          {...form.getInputProps('password')}
        />
        <PasswordInput label={first ? 'Confirm password' : 'Confirm new password'} required withAsterisk={false} autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        <Button type="submit" disabled={isSending} loading={isSending}>
          {first ? 'Set password' : 'Change password'}
        </Button>
      </Stack>
    </form>
  );
}
