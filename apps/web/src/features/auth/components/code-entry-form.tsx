import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { MFA_MESSAGES } from '@certs/shared/auth/mfa.contract';
import { errorMessageOf } from '../../../lib/api-client';

interface CodeEntryFormProps {
  /** Sends the code; a refusal is shown above the field, which keeps its value. */
  onSubmit: (code: string) => Promise<void>;
  submitLabel: string;
  /** Offers "Use a recovery code" (the second step of a sign-in; not while setting up). */
  allowRecoveryCode?: boolean;
}

/** One code: six digits from the authenticator app, or a recovery code. Focus starts in the field. */
export function CodeEntryForm({ onSubmit, submitLabel, allowRecoveryCode = false }: CodeEntryFormProps) {
  const [isRecovery, setIsRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!code.trim()) {
      setFieldError(MFA_MESSAGES.codeRequired);
      return;
    }
    setFieldError(null);
    setIsSending(true);
    try {
      await onSubmit(code.trim());
    } catch (error) {
      setFailure(errorMessageOf(error));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not verify the code" data-testid="code-error">
            {failure}
          </Alert>
        )}
        <TextInput
          // A new field when switching, so that focus lands in it and the other kind's value goes.
          key={isRecovery ? 'recovery' : 'app'}
          label={isRecovery ? 'Recovery code' : 'Authentication code'}
          description={isRecovery ? 'One of the codes you saved when you turned two-step sign-in on. Each works once.' : 'The 6-digit code your authenticator app shows now.'}
          autoComplete="one-time-code"
          inputMode={isRecovery ? 'text' : 'numeric'}
          autoFocus
          required
          withAsterisk={false}
          value={code}
          error={fieldError}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Button type="submit" fullWidth loading={isSending} disabled={isSending}>
          {submitLabel}
        </Button>
        {allowRecoveryCode && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setIsRecovery((value) => !value);
              setCode('');
              setFieldError(null);
              setFailure(null);
            }}
          >
            {isRecovery ? 'Use the code from your app' : 'Use a recovery code'}
          </Anchor>
        )}
      </Stack>
    </form>
  );
}
