import { Alert, Badge, Button, Group, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { MFA_MESSAGES } from '@certs/shared/auth/mfa.contract';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { startEnrolment, useConfirmEnrolment, useDisableMfa, useMfaStatus } from '../api/mfa';
import { MfaEnrolmentSteps } from './mfa-enrolment-steps';

/** Turning two-step sign-in off: the password, asked in place; `onCancel` also closes it once done. */
function TurnOffForm({ onCancel }: { onCancel: () => void }) {
  const disable = useDisableMfa();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!password) {
      setFieldError(MFA_MESSAGES.passwordRequired);
      return;
    }
    try {
      await disable.mutateAsync({ password });
      notifications.show({ color: 'green', title: 'Two-step sign-in is off', message: 'Your password alone signs you in now.' });
      onCancel();
    } catch (error) {
      const message = error instanceof ApiError && error.fieldErrors.password ? error.fieldErrors.password : null;
      setFieldError(message);
      if (!message) setFailure(errorMessageOf(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" title="Could not turn two-step sign-in off">
            {failure}
          </Alert>
        )}
        <PasswordInput
          label="Your password"
          autoComplete="current-password"
          autoFocus
          required
          withAsterisk={false}
          value={password}
          error={fieldError}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group gap="sm">
          <Button type="submit" color="red" loading={disable.isPending}>
            Turn off
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Two-step sign-in" on the profile (staff and applicants): its state, turning it on or off (decision 020). */
export function TwoStepSignInSection() {
  const status = useMfaStatus();
  const confirm = useConfirmEnrolment();
  const [mode, setMode] = useState<'view' | 'enrol' | 'turn-off'>('view');

  let body;
  if (status.isPending) {
    body = <Loader size="sm" aria-label="Loading two-step sign-in" />;
  } else if (status.error || !status.data) {
    body = (
      <Alert color="red" variant="light" title="Could not load two-step sign-in">
        {errorMessageOf(status.error)}
      </Alert>
    );
  } else if (mode === 'enrol') {
    body = (
      <MfaEnrolmentSteps
        start={startEnrolment}
        confirm={async (code) => (await confirm.mutateAsync(code)).recoveryCodes}
        onDone={() => setMode('view')}
        doneLabel="Done"
      />
    );
  } else if (status.data.enabled) {
    body = (
      <Stack gap="sm">
        <Text size="sm">
          Signing in takes your password and a code from your authenticator app. Recovery codes left: {status.data.recoveryCodesLeft}.
        </Text>
        {status.data.required ? (
          <Text size="sm" c="dimmed">
            {MFA_MESSAGES.requiredForRole}.
          </Text>
        ) : mode === 'turn-off' ? (
          <TurnOffForm onCancel={() => setMode('view')} />
        ) : (
          <Group>
            <Button variant="default" onClick={() => setMode('turn-off')}>
              Turn off two-step sign-in
            </Button>
          </Group>
        )}
      </Stack>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Text size="sm">Add a code from an authenticator app on your phone to your password, so that a stolen password alone cannot sign in.</Text>
        <Group>
          <Button onClick={() => setMode('enrol')}>Turn on two-step sign-in</Button>
        </Group>
      </Stack>
    );
  }

  const isOn = status.data?.enabled === true;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="two-step-heading" data-testid="two-step-sign-in">
      <Stack gap="md">
        <Group gap="sm">
          <Title order={2} size="h4" id="two-step-heading">
            Two-step sign-in
          </Title>
          {status.data && (
            <Badge color={isOn ? 'green' : 'gray'} variant="light">
              {isOn ? 'On' : 'Off'}
            </Badge>
          )}
        </Group>
        {body}
      </Stack>
    </Paper>
  );
}
