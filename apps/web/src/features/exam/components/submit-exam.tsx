import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { EXAM_MESSAGES } from '@certs/shared/exam/exam.contract';
import type { ExamController, ExamSnapshot } from '../model/exam-controller';
import { paletteStatusOf } from '../model/exam-progress';

function minutesText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/**
 * Submit: disabled until the minimum time has passed (and says why), asks to confirm, and is
 * disabled while sending; the server takes one submission only, so a double click or a second tab
 * changes nothing.
 */
export function SubmitExam({ controller, snapshot }: { controller: ExamController; snapshot: ExamSnapshot }) {
  const [isOpen, setIsOpen] = useState(false);
  const { remainingSeconds } = useSyncExternalStore(controller.subscribeCountdown, controller.getCountdown);
  // Seconds until submitting is allowed, on the same server clock as the countdown.
  const waitSeconds = Math.max(0, remainingSeconds - Math.round((snapshot.deadlineMs - snapshot.canSubmitFromMs) / 1000));
  const isTooEarly = waitSeconds > 0;
  const isSending = snapshot.phase === 'submitting';
  const isSitting = snapshot.phase === 'sitting';
  const questions = controller.questions;
  const unanswered = questions.filter((question) => {
    const state = snapshot.progress[question.id];
    return !state || paletteStatusOf(state) !== 'Answered';
  }).length;
  const marked = questions.filter((question) => snapshot.progress[question.id]?.isMarked).length;

  const confirm = async () => {
    await controller.submit('candidate');
    if (controller.getSnapshot().phase !== 'sitting') setIsOpen(false);
  };

  return (
    <>
      <Stack gap={2} align="flex-end">
        <Button color="indigo" onClick={() => setIsOpen(true)} disabled={isTooEarly || !isSitting} loading={isSending} aria-describedby={isTooEarly ? 'submit-wait' : undefined}>
          Submit exam
        </Button>
        {isTooEarly && (
          <Text size="xs" c="dimmed" id="submit-wait" data-testid="submit-wait">
            {EXAM_MESSAGES.minimumTime}: you can submit in {minutesText(waitSeconds)}
          </Text>
        )}
      </Stack>
      <Modal opened={isOpen} onClose={() => !isSending && setIsOpen(false)} title="Submit your exam?" centered>
        <Stack gap="md">
          <Text>
            {unanswered === 0 ? 'You have answered every question.' : `${unanswered} of ${questions.length} ${questions.length === 1 ? 'question is' : 'questions are'} not answered.`}
            {marked > 0 ? ` ${marked} ${marked === 1 ? 'is' : 'are'} marked for review.` : ''}
          </Text>
          <Text>Once submitted, your answers cannot be changed.</Text>
          {snapshot.submitError && (
            <Alert color="red" variant="light" title="Not submitted">
              {snapshot.submitError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setIsOpen(false)} disabled={isSending}>
              Keep answering
            </Button>
            <Button color="indigo" onClick={() => void confirm()} loading={isSending} disabled={isTooEarly || (!isSitting && !isSending)}>
              Submit
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
