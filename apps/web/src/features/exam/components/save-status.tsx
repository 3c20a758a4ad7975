import { Group, Loader, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import type { AnswerQueue, QueueSnapshot } from '../model/answer-queue';

export function saveStatusText(snapshot: QueueSnapshot): { text: string; tone: 'saved' | 'saving' | 'lost' } {
  const { pendingCount } = snapshot;
  const waiting = `${pendingCount} ${pendingCount === 1 ? 'answer' : 'answers'} waiting`;
  if (snapshot.stopped?.reason === 'takenOver') {
    return { text: pendingCount > 0 ? `Not saved in this window: ${pendingCount} ${pendingCount === 1 ? 'answer' : 'answers'}` : 'Nothing more is saved in this window', tone: 'lost' };
  }
  if (snapshot.stopped) return { text: 'The exam has ended: nothing more is saved', tone: 'saved' };
  if (snapshot.isConnectionLost) return { text: pendingCount > 0 ? `Connection lost: ${waiting}` : 'Connection lost: all answers saved so far', tone: 'lost' };
  if (snapshot.refused) {
    const { questionOrders, message } = snapshot.refused;
    const which = questionOrders.length === 1 ? `The answer to question ${questionOrders[0]} was` : `The answers to questions ${questionOrders.join(', ')} were`;
    return { text: `${which} not saved (${message}). Saving is tried again every minute.`, tone: 'lost' };
  }
  if (pendingCount === 0 && !snapshot.isSending) return { text: 'All answers saved', tone: 'saved' };
  if (snapshot.lastError) return { text: `Saving… ${waiting} (${snapshot.lastError})`, tone: 'saving' };
  return { text: 'Saving…', tone: 'saving' };
}

/**
 * Whether every answer has reached the server, always on screen. Only the loss and return of the
 * connection and an answer the server refused are announced; saving after every question would be noise.
 */
export function SaveStatus({ queue }: { queue: AnswerQueue }) {
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const { text, tone } = saveStatusText(snapshot);
  return (
    <Group gap={6} wrap="nowrap" data-tone={tone}>
      {tone === 'saving' ? (
        <Loader size={14} aria-hidden="true" />
      ) : (
        <ThemeIcon size={14} radius="xl" color={tone === 'saved' ? 'teal.9' : 'red.9'} aria-hidden="true">
          <span />
        </ThemeIcon>
      )}
      <Text size="sm" fw={600} c={tone === 'lost' ? 'red.9' : tone === 'saved' ? 'teal.9' : undefined} data-testid="save-status">
        {text}
      </Text>
      <VisuallyHidden role="status" aria-live="polite">
        {tone === 'lost' ? text : ''}
      </VisuallyHidden>
    </Group>
  );
}
