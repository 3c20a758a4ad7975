import { Alert, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { CHECK_IN_EVERY_SECONDS } from '@certs/shared/invigilation/console-state';
import type { CandidateNotices } from '@certs/shared/invigilation/invigilation.contract';
import { checkIn } from '../api/invigilation';

/**
 * Beside a module exam (issue 19): checks in every few seconds, so the invigilator's console knows
 * the candidate is there; shows the invigilators' messages and a paused clock; and reads the timer
 * again after any invigilator action (extra time, resume, end).
 */
export function InvigilatorNotices({ examInstanceId, isSubmitted, onAction }: { examInstanceId: string; isSubmitted: boolean; onAction: () => void }) {
  const [notices, setNotices] = useState<CandidateNotices | null>(null);
  const lastAction = useRef<number | null>(null);
  const onActionRef = useRef(onAction);
  useEffect(() => {
    onActionRef.current = onAction;
  });
  useEffect(() => {
    if (isSubmitted) return;
    let isStopped = false;
    const run = async () => {
      try {
        const answer = await checkIn(examInstanceId);
        if (isStopped) return;
        setNotices(answer);
        if (lastAction.current !== null && answer.lastActionId !== lastAction.current) onActionRef.current();
        lastAction.current = answer.lastActionId;
      } catch {
        // Offline or a blip: the next check-in tries again (the console counts the silence).
      }
    };
    void run();
    const timer = setInterval(() => void run(), CHECK_IN_EVERY_SECONDS * 1000);
    window.addEventListener('online', run);
    return () => {
      isStopped = true;
      clearInterval(timer);
      window.removeEventListener('online', run);
    };
  }, [examInstanceId, isSubmitted]);
  if (!notices || isSubmitted) return null;
  const latest = notices.messages.at(-1);
  return (
    <>
      {latest && (
        <Alert color="indigo" variant="light" title="Message from the invigilator" mb="md" role="status" data-testid="invigilator-message">
          <Text size="sm">{latest.text}</Text>
        </Alert>
      )}
      <Modal opened={!!notices.pausedSince} onClose={() => undefined} withCloseButton={false} centered title="Your exam is paused">
        <Stack gap="sm" data-testid="exam-paused">
          <Text>The invigilator has paused your exam clock. Your answers are kept and no time is lost while it is paused.</Text>
          {notices.remainingAtPause !== null && <Text size="sm">Time left when the clock stopped: {Math.ceil(notices.remainingAtPause / 60)} minutes.</Text>}
        </Stack>
      </Modal>
    </>
  );
}
