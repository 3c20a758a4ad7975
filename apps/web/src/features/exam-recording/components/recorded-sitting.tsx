import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CandidateExam } from '@certs/shared/exam/exam.contract';
import { RECORDING_MESSAGES } from '@certs/shared/exam-integrity/exam-recording.contract';
import { takeHeldStreams } from '../model/media';
import { acquireRecordingSession, type RecordingSession } from '../model/recording-session';
import { uploadStatusOf } from './upload-status-text';

// Alert titles in the text colour: the light variants' coloured titles fall under 4.5:1.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface RecordedSittingProps {
  exam: CandidateExam;
  isSubmitted: boolean;
  currentQuestionId: string | null;
}

function useRecordingSession(examInstanceId: string): RecordingSession {
  const [held] = useState(() => acquireRecordingSession(examInstanceId));
  useEffect(() => held.release, [held]);
  return held.session;
}

/** Uploads left, in words the candidate reads (after submission: keep the page open until done). */
function UploadStatus({ session, isSubmitted }: { session: RecordingSession; isSubmitted: boolean }) {
  const queue = useSyncExternalStore(session.queue.subscribe, session.queue.getState);
  const recorder = useSyncExternalStore(session.recorder.subscribe, session.recorder.getState);
  const isRecorderRunning = recorder.phase !== 'stopped' && recorder.phase !== 'idle' && recorder.phase !== 'failed';
  const { text, partsLeft } = uploadStatusOf({ queue, isSubmitted, isRecorderRunning });
  return (
    <Text size="sm" fw={queue.isWaiting ? 600 : undefined} c={queue.isWaiting ? undefined : 'dimmed'} aria-live="polite" data-testid="recording-upload-status" data-pending={partsLeft} data-waiting={queue.isWaiting}>
      {text}
    </Text>
  );
}

/**
 * Mounted beside a recorded sitting (issue 19): starts the recording once camera and entire screen
 * are shared (the exam waits behind a dialog until then), pauses the exam while the screen share
 * is stopped (spec section 8, "Screen capture stopped"), shows the screen check's alerts, logs the
 * candidate's activity, and after submission keeps uploading what is left.
 */
export function RecordedSitting({ exam, isSubmitted, currentQuestionId }: RecordedSittingProps) {
  const session = useRecordingSession(exam.id);
  const recorder = useSyncExternalStore(session.recorder.subscribe, session.recorder.getState);
  const monitors = useSyncExternalStore(session.subscribeMonitors, session.getMonitorStatus);

  useEffect(() => session.setQuestion(currentQuestionId), [session, currentQuestionId]);
  useEffect(() => {
    session.open(isSubmitted);
    if (isSubmitted) void session.finish();
    else if (session.recorder.getState().phase === 'idle') {
      // Streams the system check opened in this page are used at once; after a reload the candidate shares again.
      const held = takeHeldStreams();
      if (held) void session.recorder.start(held);
    }
  }, [session, isSubmitted]);

  const needsStart = !isSubmitted && (recorder.phase === 'idle' || recorder.phase === 'failed' || (recorder.phase === 'starting' && !recorder.recordingId));
  const isPaused = !isSubmitted && recorder.phase === 'screenStopped';
  const monitorAlert = !isSubmitted ? monitors.transition?.alert : null;

  return (
    <Stack gap="xs" mb="sm">
      {monitorAlert && (
        <Alert color={monitors.transition?.state === 'multiple' ? 'red' : 'orange'} variant="light" role="alert" styles={READABLE_TITLE} title={monitors.transition?.state === 'multiple' ? 'Multiple monitors' : 'Screen check'} data-testid={`monitor-alert-${monitors.transition?.state}`}>
          {monitorAlert}
        </Alert>
      )}
      <UploadStatus session={session} isSubmitted={isSubmitted} />
      <Modal opened={needsStart} onClose={() => undefined} withCloseButton={false} closeOnEscape={false} closeOnClickOutside={false} centered title="This exam is recorded">
        <Stack gap="sm">
          <Text size="sm">Share your camera and your entire screen to continue. The exam opens as soon as the recording starts; your time is kept by the server.</Text>
          {recorder.failure && (
            <Alert color="red" variant="light" role="alert">
              {recorder.failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={() => void session.recorder.start()} loading={recorder.phase === 'starting'}>
              Start recording
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal opened={isPaused} onClose={() => undefined} withCloseButton={false} closeOnEscape={false} closeOnClickOutside={false} centered title={RECORDING_MESSAGES.screenCaptureStopped}>
        <Stack gap="sm" data-testid="screen-capture-stopped">
          <Text size="sm">{RECORDING_MESSAGES.screenCaptureStoppedHelp}</Text>
          {recorder.failure && (
            <Alert color="red" variant="light" role="alert">
              {recorder.failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={() => void session.recorder.start()}>{RECORDING_MESSAGES.resumeCapture}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
