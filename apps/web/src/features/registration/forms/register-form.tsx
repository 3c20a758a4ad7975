import { Alert, Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { PASSWORD_HINT } from '@certs/shared/auth/password-rule';
import { PERSON_FIELD_LABELS } from '@certs/shared/common/person-fields';
import { applyServerErrors } from '../../../lib/server-errors';
import { emptyRegisterValues, validateRegisterValues, type RegisterFormValues } from './register-form.values';

interface RegisterFormProps {
  onSubmit: (values: RegisterFormValues) => Promise<unknown>;
}

/** Name, email and a password under the one password rule; the server's refusals land at their field. */
export function RegisterForm({ onSubmit }: RegisterFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RegisterFormValues>({ initialValues: emptyRegisterValues(), validate: validateRegisterValues });

  const handleSubmit = async (values: RegisterFormValues) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };

  const isSending = form.submitting;
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Create your account">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not create the account" data-testid="register-error">
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={PERSON_FIELD_LABELS.firstName} required withAsterisk={false} autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label={PERSON_FIELD_LABELS.lastName} required withAsterisk={false} autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label={PERSON_FIELD_LABELS.email} type="email" required withAsterisk={false} autoComplete="email" {...form.getInputProps('email')} />
        <PasswordInput
          label="Password"
          required
          withAsterisk={false}
          autoComplete="new-password"
          description={PASSWORD_HINT}
          {...form.getInputProps('password')}
        />
        <PasswordInput label="Confirm password" required withAsterisk={false} autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        <Button type="submit" fullWidth disabled={isSending} loading={isSending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
