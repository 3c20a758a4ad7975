import { Alert, Button, Loader, PasswordInput, Stack, TextInput } from '@mantine/core';
import { Suspense, lazy, useState, type ChangeEvent, type FormEvent } from 'react';
import type { LoginResponse, SessionUser } from '@certs/shared/auth/auth.contract';
import type { SecondFactorRequired } from '@certs/shared/auth/mfa.contract';
import type { UserType } from '@certs/shared/auth/roles';
import { errorMessageOf } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth';

// A login page's first visit carries no zod (issue 46: 31 KB gzipped with dayjs, on a phone at a
// site office about a fifth of a second): the password step's checks and calls load when the form
// is first touched, and the second steps only when a sign-in needs one.
const loadPasswordStep = () => import('../api/password-step');
const LoginSecondStep = lazy(async () => ({ default: (await import('./login-second-step')).LoginSecondStep }));

interface LoginFormProps {
  userType: UserType;
  onSignedIn: (user: SessionUser) => void;
}

type LoginField = 'identifier' | 'password';

/**
 * Email and password sign-in for one user type; refusals are shown, and what was typed stays.
 * When the account has two-step sign-in (or its role requires it), a second step follows.
 */
export function LoginForm({ userType, onSignedIn }: LoginFormProps) {
  const [values, setValues] = useState<Record<LoginField, string>>({ identifier: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [isSending, setIsSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<SecondFactorRequired | null>(null);
  /** After a temporary password was changed: sign in with the new one. */
  const [notice, setNotice] = useState<string | null>(null);

  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setNotice(null);
    setIsSending(true);
    try {
      const outcome = await (await loadPasswordStep()).signInWithPassword(userType, values);
      setFieldErrors(outcome.kind === 'invalid' ? outcome.fieldErrors : {});
      if (outcome.kind === 'refused') setFailure(outcome.message);
      else if (outcome.kind === 'secondStep') setSecondStep(outcome.step);
      else if (outcome.kind === 'signedIn') onSignedIn(outcome.user);
    } catch (error) {
      setFailure(errorMessageOf(error));
    } finally {
      setIsSending(false);
    }
  };

  if (secondStep) {
    return (
      <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
        <LoginSecondStep
          step={secondStep}
          onSession={(session: LoginResponse) => {
            saveSession({ jwt: session.jwt, user: session.user });
            onSignedIn(session.user);
          }}
          onStartAgain={(message) => {
            setSecondStep(null);
            setValues((current) => ({ ...current, password: '' }));
            setNotice(message);
          }}
        />
      </Suspense>
    );
  }

  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      // The password step's code is fetched while the person types, so that Sign in does not wait for it.
      onFocus={() => void loadPasswordStep().catch(() => undefined)}
      noValidate
      aria-describedby={failure ? 'sign-in-failure' : undefined}
    >
      <Stack gap="md">
        {notice && !failure && (
          <Alert color="green" variant="light" role="status">
            {notice}
          </Alert>
        )}
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
          value={values.identifier}
          error={fieldErrors.identifier}
          onChange={change('identifier')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          value={values.password}
          error={fieldErrors.password}
          onChange={change('password')}
        />
        <Button type="submit" fullWidth disabled={isSending} loading={isSending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
