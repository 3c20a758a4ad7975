import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { LoginRequest, type SessionUser } from '@certs/shared/auth/auth.contract';
import type { UserType } from '@certs/shared/auth/roles';
import { errorMessageOf } from '../../../lib/api-client';
import { checkLoginRestriction } from '../api/check-login-restriction';
import { useSignIn } from '../api/sign-in';

interface LoginFormProps {
  userType: UserType;
  onSignedIn: (user: SessionUser) => void;
}

/** Email and password sign-in for one user type; refusals are shown, and what was typed stays. */
export function LoginForm({ userType, onSignedIn }: LoginFormProps) {
  const signIn = useSignIn(userType);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    initialValues: { identifier: '', password: '' },
    validate: zod4Resolver(LoginRequest),
  });

  const handleSubmit = async (values: LoginRequest) => {
    setFailure(null);
    try {
      const blockedMessage = await checkLoginRestriction(values.identifier.trim(), userType);
      if (blockedMessage) {
        setFailure(blockedMessage);
        return;
      }
      const { user } = await signIn.mutateAsync({ identifier: values.identifier.trim(), password: values.password });
      onSignedIn(user);
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };

  const isSending = form.submitting;
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-describedby={failure ? 'sign-in-failure' : undefined}>
      <Stack gap="md">
        {failure && (
          <Alert id="sign-in-failure" color="red" variant="light" title="Could not sign in" data-testid="sign-in-error">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          withAsterisk={false}
          {...form.getInputProps('identifier')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth disabled={isSending} loading={isSending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
