import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { PASSWORD_HINT } from '@certs/shared/auth/password-rule';
import { REGISTRATION_MESSAGES } from '@certs/shared/auth/registration.contract';
import { ChangeTemporaryPasswordRequest } from '@certs/shared/support/support.contract';
import { apiRequest, errorMessageOf } from '../../../lib/api-client';

/**
 * After a sign-in with a temporary password set by support (issue 20): a new password first; then
 * the user signs in with it. The change token comes from the password step's answer.
 */
export function TemporaryPasswordChange({ changeToken, onDone }: { changeToken: string; onDone: (message: string) => void }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ChangeTemporaryPasswordRequest.safeParse({ changeToken, password });
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? null);
    if (password !== repeat) return setFieldError(REGISTRATION_MESSAGES.passwordsDiffer);
    setFieldError(null);
    setSending(true);
    try {
      const answer = await apiRequest<{ message: string }>('/unauth/temporarypassword/change', { method: 'POST', body: parsed.data });
      onDone(answer.message);
    } catch (error) {
      setFailure(errorMessageOf(error));
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="temporary-password-change">
      <Stack gap="md">
        <Text size="sm">You signed in with a temporary password. Choose a new password to go on.</Text>
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        <PasswordInput label="New password" description={PASSWORD_HINT} autoComplete="new-password" value={password} error={fieldError} onChange={(event) => setPassword(event.currentTarget.value)} />
        <PasswordInput label="Repeat the new password" autoComplete="new-password" value={repeat} onChange={(event) => setRepeat(event.currentTarget.value)} />
        <Button type="submit" loading={isSending}>
          Change password
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => onDone('')}>
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
