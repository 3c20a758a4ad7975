import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { EXAM_MESSAGES } from '@certs/shared/exam/exam.contract';
import type { ExamController, ExamSnapshot } from '../model/exam-controller';
import { paletteStatusOf } from '../model/exam-progress';

function minutesText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}

/** What the button and the confirmation say: a trial is practice and is ended, a module exam submitted. */
const WORDS = {
  trial: { button: 'End trial exam', title: 'End this trial exam?', confirm: 'End trial', final: 'Your score and the correct answers are shown next.' },
  module: { button: 'Submit exam', title: 'Submit your exam?', confirm: 'Submit', final: 'Once submitted, your answers cannot be changed.' },
} as const;

/**
 * Submit: disabled until the minimum time of a module exam has passed (and says why), asks to
 * confirm, and is disabled while sending; the server takes one submission only, so a double click
 * or a second tab changes nothing. A trial can be ended at any time (issue 21).
 */
export function SubmitExam({
  controller,
  snapshot,
  isTrial = false,
  isCompact = false,
}: {
  controller: ExamController;
  snapshot: ExamSnapshot;
  isTrial?: boolean;
  /** A phone's header: a smaller button. */
  isCompact?: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const { remainingSeconds } = useSyncExternalStore(controller.subscribeCountdown, controller.getCountdown);
  const words = WORDS[isTrial ? 'trial' : 'module'];
  // Seconds until submitting is allowed, on the same server clock as the countdown.
  const waitSeconds = isTrial ? 0 : Math.max(0, remainingSeconds - Math.round((snapshot.deadlineMs - snapshot.canSubmitFromMs) / 1000));
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
      <Stack gap={2} align="flex-end" style={isCompact ? { flexShrink: 1, minWidth: 0 } : undefined}>
        <Button color="indigo" size={isCompact ? 'compact-sm' : 'sm'} onClick={() => setIsOpen(true)} disabled={isTooEarly || !isSitting} loading={isSending} aria-describedby={isTooEarly ? 'submit-wait' : undefined}>
          {words.button}
        </Button>
        {isTooEarly && (
          <Text size="xs" c="dimmed" id="submit-wait" data-testid="submit-wait" ta="right">
            {EXAM_MESSAGES.minimumTime}: you can submit in {minutesText(waitSeconds)}
          </Text>
        )}
      </Stack>
      <Modal opened={isOpen} onClose={() => !isSending && setIsOpen(false)} title={words.title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="md">
          <Text>
            {unanswered === 0 ? 'You have answered every question.' : `${unanswered} of ${questions.length} ${questions.length === 1 ? 'question is' : 'questions are'} not answered.`}
            {marked > 0 ? ` ${marked} ${marked === 1 ? 'is' : 'are'} marked for review.` : ''}
          </Text>
          <Text>{words.final}</Text>
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
              {words.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
