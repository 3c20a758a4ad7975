import { useEffect, useState } from 'react';
import { EXAM_MESSAGES, type CandidateExam } from '@certs/shared/exam/exam.contract';
import { claimExamSession, fetchRemainingTime, submitExam, updateInstances } from '../api/sitting-requests';
import { serverClock } from '../api/server-time';
import { AnswerQueue } from '../model/answer-queue';
import { ExamController } from '../model/exam-controller';

const SESSION_KEY = 'certs.exam-session';

function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/** This tab's exam session: random per tab, kept in sessionStorage so a reload keeps holding the exam. */
export function examSessionId(storage: Pick<Storage, 'getItem' | 'setItem'> = window.sessionStorage): string {
  try {
    const stored = storage.getItem(SESSION_KEY);
    if (stored && stored.length >= 8) return stored;
    const created = randomId();
    storage.setItem(SESSION_KEY, created);
    return created;
  } catch {
    return randomId();
  }
}

export type SittingState =
  | { kind: 'claiming' }
  /** Another tab or browser holds the exam: the candidate decides whether to continue here. */
  | { kind: 'openElsewhere' }
  | { kind: 'closed'; message: string }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; controller: ExamController; queue: AnswerQueue };

function createSitting(exam: CandidateExam, sessionId: string) {
  let controller: ExamController | null = null;
  const queue = new AnswerQueue({
    examInstanceId: exam.id,
    questions: exam.sections.flatMap((section) => section.questions),
    storage: window.localStorage,
    send: (updates) => updateInstances(exam.examType, exam.id, sessionId, updates),
    onTimer: (timer) => controller?.applyTimer(timer),
    onStop: (reason, message) => controller?.handleStop(reason, message),
    isOnline: () => navigator.onLine,
  });
  controller = new ExamController({
    exam,
    queue,
    clock: serverClock,
    submit: () => submitExam(exam.examType, exam.id),
    fetchTimer: () => fetchRemainingTime(exam.examType, exam.id),
  });
  return { controller, queue };
}

const statusOf = (error: unknown): number => (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' ? error.status : 0);

/**
 * Holds the sitting for this tab (`isexaminprogress`), then runs it: the answer queue, the exam
 * controller, the shared server clock, and a resync whenever the tab becomes visible again.
 * `takeOver()` claims it from another tab after the candidate confirmed; `retry()` asks again.
 */
export function useExamSitting(exam: CandidateExam) {
  const [request, setRequest] = useState({ takeOver: false, count: 0 });
  const [state, setState] = useState<SittingState>({ kind: 'claiming' });

  useEffect(() => serverClock.acquire(), []);

  useEffect(() => {
    const sessionId = examSessionId();
    let isCancelled = false;
    let sitting: ReturnType<typeof createSitting> | null = null;
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void sitting?.controller.resync();
    };
    const sentAt = Date.now();
    claimExamSession(exam.examType, exam.id, sessionId, request.takeOver).then(
      (response) => {
        if (isCancelled) return;
        serverClock.record({ serverTime: response.timer.serverTime, sentAt, receivedAt: Date.now() }, 'timer');
        sitting = createSitting(exam, sessionId);
        sitting.controller.applyTimer(response.timer);
        sitting.controller.start();
        sitting.queue.start();
        // The remaining time is the server's: asked once more now that the sitting is held here.
        void sitting.controller.resync();
        document.addEventListener('visibilitychange', onVisibility);
        setState({ kind: 'ready', ...sitting });
      },
      (error: unknown) => {
        if (isCancelled) return;
        const message = error instanceof Error ? error.message : '';
        if (statusOf(error) === 409 && message === EXAM_MESSAGES.openElsewhere) setState({ kind: 'openElsewhere' });
        else if (statusOf(error) === 409) setState({ kind: 'closed', message });
        else setState({ kind: 'failed', message: message || EXAM_MESSAGES.loadFailed });
      },
    );
    return () => {
      isCancelled = true;
      document.removeEventListener('visibilitychange', onVisibility);
      sitting?.controller.dispose();
      sitting?.queue.dispose();
    };
  }, [exam, request]);

  return {
    state,
    takeOver: () => {
      setState({ kind: 'claiming' });
      setRequest((current) => ({ takeOver: true, count: current.count + 1 }));
    },
    retry: () => {
      setState({ kind: 'claiming' });
      setRequest((current) => ({ takeOver: false, count: current.count + 1 }));
    },
  };
}
