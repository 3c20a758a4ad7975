import { Alert, Center, Code, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { MfaEnrolment } from '@certs/shared/auth/mfa.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { CodeEntryForm } from './code-entry-form';
import { RecoveryCodesPanel } from './recovery-codes-panel';

interface MfaEnrolmentStepsProps {
  /** Asks for a new secret (once, as the steps open). */
  start: () => Promise<MfaEnrolment>;
  /** Confirms the first code; resolves with the recovery codes. */
  confirm: (code: string) => Promise<string[]>;
  /** After the recovery codes have been seen. */
  onDone: () => void;
  doneLabel: string;
}

/** Setting up two-step sign-in: scan (or type) the secret, confirm a first code, keep the recovery codes. */
export function MfaEnrolmentSteps({ start, confirm, onDone, doneLabel }: MfaEnrolmentStepsProps) {
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  // Started once per opening (React's strict mode runs effects twice): a second secret would replace the one being scanned.
  const started = useRef<Promise<MfaEnrolment> | null>(null);

  useEffect(() => {
    let isCurrent = true;
    started.current ??= start();
    started.current.then(
      (value) => isCurrent && setEnrolment(value),
      (error: unknown) => isCurrent && setFailure(errorMessageOf(error)),
    );
    return () => {
      isCurrent = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (recoveryCodes) return <RecoveryCodesPanel codes={recoveryCodes} onDone={onDone} doneLabel={doneLabel} />;
  if (failure) {
    return (
      <Alert color="red" variant="light" title="Could not start setting up two-step sign-in">
        {failure}
      </Alert>
    );
  }
  if (!enrolment) {
    return (
      <Center py="lg">
        <Loader aria-label="Preparing your code" />
      </Center>
    );
  }
  return (
    <Stack gap="md" data-testid="mfa-enrolment">
      <Title order={3} size="h5">
        1. Add this account to your authenticator app
      </Title>
      <Text size="sm">Scan the QR code with an app such as Google Authenticator, Microsoft Authenticator or 1Password.</Text>
      <Center>
        <Image src={enrolment.qrCodeDataUrl} alt="QR code to scan with your authenticator app" w={200} h={200} fit="contain" />
      </Center>
      <Text size="sm">
        Cannot scan? Enter this key in the app instead:{' '}
        <Code data-testid="mfa-secret" style={{ wordBreak: 'break-all' }}>
          {enrolment.secret}
        </Code>
      </Text>
      <Title order={3} size="h5">
        2. Enter the code the app shows
      </Title>
      <CodeEntryForm submitLabel="Turn on two-step sign-in" onSubmit={async (code) => setRecoveryCodes(await confirm(code))} />
    </Stack>
  );
}
