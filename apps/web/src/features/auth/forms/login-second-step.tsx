import { Alert, Anchor, Loader, Stack, Text } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import type { LoginResponse } from '@certs/shared/auth/auth.contract';
import type { SecondFactorRequired } from '@certs/shared/auth/mfa.contract';
import { confirmRequiredEnrolment, signInWithCode, startRequiredEnrolment } from '../api/mfa';
import { CodeEntryForm } from '../components/code-entry-form';

// Second steps few sign-ins reach: their code (and contracts) loads when one is needed, not with
// every login page (issue 22).
const MfaEnrolmentSteps = lazy(async () => ({ default: (await import('../components/mfa-enrolment-steps')).MfaEnrolmentSteps }));
const TemporaryPasswordChange = lazy(async () => ({ default: (await import('../components/temporary-password-change')).TemporaryPasswordChange }));

interface LoginSecondStepProps {
  step: SecondFactorRequired;
  /** The session the step ended with. */
  onSession: (session: LoginResponse) => void;
  /** Back to the password, with a message to show there (a temporary password was changed). */
  onStartAgain: (notice: string | null) => void;
}

/** What follows the password when the account needs more: a code, a new password, or setting up two-step sign-in. */
export function LoginSecondStep({ step, onSession, onStartAgain }: LoginSecondStepProps) {
  if (step.secondFactor === 'code') {
    return (
      <Stack gap="md" data-testid="second-step">
        <Text size="sm">Two-step sign-in is on for this account. Open your authenticator app and enter the code it shows.</Text>
        <CodeEntryForm
          allowRecoveryCode
          submitLabel="Verify"
          onSubmit={async (code) => onSession(await signInWithCode({ challengeToken: step.challengeToken, code }))}
        />
        <Anchor component="button" type="button" size="sm" onClick={() => onStartAgain(null)}>
          Back to sign in
        </Anchor>
      </Stack>
    );
  }
  if (step.secondFactor === 'passwordChange') {
    return (
      <Suspense fallback={<Loader size="sm" aria-label="Loading" />}>
        <TemporaryPasswordChange changeToken={step.challengeToken} onDone={(message) => onStartAgain(message || null)} />
      </Suspense>
    );
  }
  return <RequiredEnrolment challengeToken={step.challengeToken} onSignedIn={onSession} />;
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
