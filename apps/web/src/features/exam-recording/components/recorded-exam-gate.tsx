import { Alert, Anchor, Button, Checkbox, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { RECORDING_CONSENT } from '@certs/shared/exam-integrity/exam-recording.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { findModuleRecording, giveConsent, recordingKeys } from '../api/recording-requests';
import { newClientId } from '../model/client-id';
import { holdStreams } from '../model/media';
import { SystemCheck } from './system-check';

/** What the candidate reads before agreeing: what is recorded, why, who sees it, how long it is kept. */
export function RecordingConsentText({ retentionDays }: { retentionDays: number }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        <strong>What is recorded.</strong> {RECORDING_CONSENT.what}
      </Text>
      <Text size="sm">
        <strong>Why.</strong> {RECORDING_CONSENT.why}
      </Text>
      <Text size="sm">
        <strong>Who sees it.</strong> {RECORDING_CONSENT.who}
      </Text>
      <Text size="sm">
        <strong>How long it is kept.</strong> {RECORDING_CONSENT.howLong(retentionDays)}
      </Text>
    </Stack>
  );
}

/**
 * Before a recorded module exam opens (issue 19): the candidate agrees to the recording, then the
 * system check runs again, and only then does the launch (which starts the clock) go ahead. A module
 * that is not recorded, a trial, or a sitting already launched goes straight to the launch.
 */
export function RecordedExamGate({ examType, referenceId, listHref, children }: { examType: string; referenceId: string; listHref: string; children: ReactNode }) {
  const isModule = examType === 'module';
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: recordingKeys.module(referenceId), queryFn: () => findModuleRecording(referenceId), enabled: isModule, retry: false, gcTime: 0 });
  const [agreed, setAgreed] = useState(false);
  const [isChecked, setIsChecked] = useState(false);
  const [isOpening, setIsOpening] = useState(false);
  const isOpeningRef = useRef(false);
  const consent = useMutation({
    mutationFn: () => giveConsent(referenceId, newClientId('consent')),
    onSuccess: (data) => queryClient.setQueryData(recordingKeys.module(referenceId), data),
  });
  // Leaving without opening the exam releases the camera and screen the check opened.
  useEffect(
    () => () => {
      if (!isOpeningRef.current) holdStreams(null);
    },
    [],
  );

  if (!isModule || isOpening) return <>{children}</>;
  if (state.isPending) {
    return (
      <Group gap="sm" p="xl">
        <Loader size="sm" />
        <Text>Checking the exam…</Text>
      </Group>
    );
  }
  // The launch says what is wrong with the module (not found, not open yet, ...).
  if (state.isError || !state.data.recordExam || state.data.examInstanceId) return <>{children}</>;
  const { data } = state;

  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        {RECORDING_CONSENT.title}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            1. Agree to the recording
          </Title>
          <RecordingConsentText retentionDays={data.retentionDays} />
          {data.consentGivenOn ? (
            <Text size="sm" fw={600} data-testid="consent-given">
              You agreed to the recording.
            </Text>
          ) : (
            <>
              <Checkbox label={RECORDING_CONSENT.agree} checked={agreed} onChange={(event) => setAgreed(event.currentTarget.checked)} />
              {consent.isError && (
                <Alert color="red" variant="light" role="alert">
                  {errorMessageOf(consent.error)}
                </Alert>
              )}
              <Button w="fit-content" disabled={!agreed} loading={consent.isPending} onClick={() => consent.mutate()}>
                Agree and continue
              </Button>
            </>
          )}
        </Stack>
      </Paper>
      {data.consentGivenOn && (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              2. System check
            </Title>
            <SystemCheck applicationModuleId={referenceId} keepStreams onPassed={() => setIsChecked(true)} />
          </Stack>
        </Paper>
      )}
      <Group>
        <Button
          disabled={!data.consentGivenOn || !isChecked}
          onClick={() => {
            isOpeningRef.current = true;
            setIsOpening(true);
          }}
        >
          Start the exam
        </Button>
        <Anchor component={Link} to={listHref}>
          Back to Examinations
        </Anchor>
      </Group>
    </Stack>
  );
}
