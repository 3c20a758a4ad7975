import { Alert, Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Suspense, lazy, useState } from 'react';
import { LoginRequest, type LoginResponse, type SessionUser } from '@certs/shared/auth/auth.contract';
import { isSecondFactorRequired, type SecondFactorRequired } from '@certs/shared/auth/mfa.contract';
import type { UserType } from '@certs/shared/auth/roles';
import { errorMessageOf } from '../../../lib/api-client';
import { saveSession } from '../../../lib/auth';
import { checkLoginRestriction } from '../api/check-login-restriction';
import { confirmRequiredEnrolment, signInWithCode, startRequiredEnrolment } from '../api/mfa';
import { useSignIn } from '../api/sign-in';
import { CodeEntryForm } from '../components/code-entry-form';

// Second steps few sign-ins reach: their code (and contracts) loads when one is needed, not with
// every login page (issue 22).
const MfaEnrolmentSteps = lazy(async () => ({ default: (await import('../components/mfa-enrolment-steps')).MfaEnrolmentSteps }));
const TemporaryPasswordChange = lazy(async () => ({ default: (await import('../components/temporary-password-change')).TemporaryPasswordChange }));

interface LoginFormProps {
  userType: UserType;
  onSignedIn: (user: SessionUser) => void;
}

/**
 * Email and password sign-in for one user type; refusals are shown, and what was typed stays.
 * When the account has two-step sign-in (or its role requires it), a second step follows.
 */
export function LoginForm({ userType, onSignedIn }: LoginFormProps) {
  const signIn = useSignIn(userType);
  const [failure, setFailure] = useState<string | null>(null);
  const [secondStep, setSecondStep] = useState<SecondFactorRequired | null>(null);
  /** After a temporary password was changed: sign in with the new one. */
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    initialValues: { identifier: '', password: '' },
    validate: zod4Resolver(LoginRequest),
  });

  const handleSubmit = async (values: LoginRequest) => {
    setFailure(null);
    setNotice(null);
    try {
      const blockedMessage = await checkLoginRestriction(values.identifier.trim(), userType);
      if (blockedMessage) {
        setFailure(blockedMessage);
        return;
      }
      const answer = await signIn.mutateAsync({ identifier: values.identifier.trim(), password: values.password });
      if (isSecondFactorRequired(answer)) setSecondStep(answer);
      else onSignedIn(answer.user);
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };

  const finish = (session: LoginResponse) => {
    saveSession({ jwt: session.jwt, user: session.user });
    onSignedIn(session.user);
  };
  const startAgain = () => {
    setSecondStep(null);
    form.setFieldValue('password', '');
  };

  if (secondStep?.secondFactor === 'code') {
    return (
      <Stack gap="md" data-testid="second-step">
        <Text size="sm">Two-step sign-in is on for this account. Open your authenticator app and enter the code it shows.</Text>
        <CodeEntryForm
          allowRecoveryCode
          submitLabel="Verify"
          onSubmit={async (code) => finish(await signInWithCode({ challengeToken: secondStep.challengeToken, code }))}
        />
        <Anchor component="button" type="button" size="sm" onClick={startAgain}>
          Back to sign in
        </Anchor>
      </Stack>
    );
  }
  if (secondStep?.secondFactor === 'passwordChange') {
    return (
      <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
        <TemporaryPasswordChange
          changeToken={secondStep.challengeToken}
          onDone={(message) => {
            startAgain();
            setNotice(message || null);
          }}
        />
      </Suspense>
    );
  }
  if (secondStep?.secondFactor === 'enrolment') {
    return <RequiredEnrolment challengeToken={secondStep.challengeToken} onSignedIn={finish} />;
  }

  const isSending = form.submitting;
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-describedby={failure ? 'sign-in-failure' : undefined}>
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

/**
 * A role that must use two-step sign-in sets it up before its first session: the session comes
 * with the recovery codes, and is kept only once they have been seen.
 */
function RequiredEnrolment({ challengeToken, onSignedIn }: { challengeToken: string; onSignedIn: (session: LoginResponse) => void }) {
  const [session, setSession] = useState<LoginResponse | null>(null);
  return (
    <Stack gap="md" data-testid="required-enrolment">
      <Alert color="blue" variant="light" title="Set up two-step sign-in">
        Your role signs in with a password and a code from an authenticator app. Set it up now to continue.
      </Alert>
      <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
        <MfaEnrolmentSteps
          start={() => startRequiredEnrolment(challengeToken)}
          confirm={async (code) => {
            const answer = await confirmRequiredEnrolment({ challengeToken, code });
            setSession({ jwt: answer.jwt, user: answer.user });
            return answer.recoveryCodes;
          }}
          onDone={() => session && onSignedIn(session)}
          doneLabel="Continue"
        />
      </Suspense>
    </Stack>
  );
}
