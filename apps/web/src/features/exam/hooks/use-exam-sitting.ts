import { useEffect, useState } from 'react';
import { EXAM_MESSAGES, type CandidateExam } from '@certs/shared/exam/exam.contract';
import { getSession } from '../../../lib/auth';
import { findExam, type LoadedExam } from '../api/find-exam';
import { SITTING_TIMEOUTS_MS, claimExamSession, fetchRemainingTime, submitExam, updateInstances } from '../api/sitting-requests';
import { serverClock } from '../api/server-time';
import { AnswerQueue } from '../model/answer-queue';
import { ExamController } from '../model/exam-controller';
import { removeExamCopy, saveExamCopy, updateExamCopyTimer } from '../model/exam-copy';
import { readStoredHolder } from '../model/exam-progress';
import { isExamSessionLive } from '../model/exam-session';
import { usePageExamSession } from './use-page-exam-session';
import { httpStatusOf } from '../../../lib/api-client';

export type SittingState =
  | { kind: 'claiming' }
  /** Another tab or browser holds the exam: the candidate decides whether to continue here. */
  | { kind: 'openElsewhere' }
  | { kind: 'closed'; message: string }
  | { kind: 'failed'; message: string }
  /** `isDeviceCopy`: shown from the copy on this device while the server cannot be reached; nothing is sent. */
  | { kind: 'ready'; controller: ExamController; queue: AnswerQueue; isDeviceCopy: boolean };

/**
 * The holder a page opened from the device's copy (offline, nothing claimed) writes the stored
 * answers as: the stored holder's claim when this page's session is that holder (a reload) or when
 * that holder's page is gone (closed, crashed: its lock is free); none while another open tab of
 * this browser holds the sitting (this page then stops at once and writes nothing).
 */
async function deviceCopyClaim(examInstanceId: string, sessionId: string): Promise<number> {
  const stored = readStoredHolder(window.localStorage, examInstanceId);
  if (!stored || stored.sessionId === sessionId) return stored?.claimedAt ?? 0;
  return (await isExamSessionLive(stored.sessionId)) === false ? stored.claimedAt : Number.NEGATIVE_INFINITY;
}

function createSitting(exam: CandidateExam, sessionId: string, userId: string | undefined, claim: { claimedAt: number; isDeviceCopy: boolean }) {
  let controller: ExamController | null = null;
  const queue = new AnswerQueue({
    examInstanceId: exam.id,
    userId,
    isHoldingBack: claim.isDeviceCopy,
    holder: { sessionId, claimedAt: claim.claimedAt },
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
    submit: () => submitExam(exam.examType, exam.id, sessionId),
    fetchTimer: () => fetchRemainingTime(exam.examType, exam.id),
  });
  // Stopped as it was made (another tab of this browser holds the sitting): the screen says so.
  const stopped = queue.getSnapshot().stopped;
  if (stopped) controller.handleStop(stopped.reason, stopped.message);
  return { controller, queue };
}

/**
 * While the sitting runs, the device's copy follows the server's deadline and clock offset, so an
 * offline reload counts down from what this browser last knew; a sitting that is over is forgotten.
 */
function keepCopyCurrent(exam: CandidateExam, userId: string, controller: ExamController): () => void {
  let written = '';
  const sync = () => {
    const { phase, deadlineMs, canSubmitFromMs } = controller.getSnapshot();
    if (phase === 'submitted' || phase === 'timeOver') {
      removeExamCopy(window.localStorage, userId, exam.examType, exam.id);
      return;
    }
    const offset = serverClock.getOffset();
    const next = `${deadlineMs}/${canSubmitFromMs}/${offset}`;
    // The controller speaks on every keystroke: the copy is written only when its timing changed.
    if (next === written) return;
    written = next;
    updateExamCopyTimer(window.localStorage, userId, exam.examType, exam.id, { deadline: new Date(deadlineMs).toISOString(), canSubmitFrom: new Date(canSubmitFromMs).toISOString() }, offset);
  };
  const unsubscribeClock = serverClock.subscribe(sync);
  const unsubscribeController = controller.subscribe(sync);
  sync();
  return () => {
    unsubscribeClock();
    unsubscribeController();
  };
}


/**
 * Holds the sitting for this tab (`isexaminprogress`, or the launch's hold when this page launched
 * it), then runs it: the answer queue, the exam controller, the shared server clock, and a resync
 * whenever the tab becomes visible again.
 * `takeOver()` claims it from another tab after the candidate confirmed; `retry()` asks again.
 */
export function useExamSitting(loaded: LoadedExam) {
  const [request, setRequest] = useState({ takeOver: false, count: 0 });
  const [state, setState] = useState<SittingState>({ kind: 'claiming' });
  const sessionId = usePageExamSession();

  useEffect(() => serverClock.acquire(), []);

  useEffect(() => {
    // The page's session is known once its lock is held (at once, but for a duplicated tab).
    if (!sessionId) return;
    const { exam } = loaded;
    const userId = getSession()?.user.id;
    let isCancelled = false;
    let sitting: ReturnType<typeof createSitting> | null = null;
    let stopKeepingCopy: (() => void) | null = null;
    if (loaded.source === 'device') {
      // No server to claim the sitting from or ask the time: the countdown runs on the deadline and
      // clock offset this browser last knew, and answers wait here until the sitting opens online.
      serverClock.restore(loaded.clockOffsetMs);
      let offline: ReturnType<typeof createSitting> | null = null;
      void deviceCopyClaim(exam.id, sessionId).then((claimedAt) => {
        if (isCancelled) return;
        offline = createSitting(exam, sessionId, userId, { claimedAt, isDeviceCopy: true });
        offline.controller.start();
        offline.queue.start();
        setState({ kind: 'ready', ...offline, isDeviceCopy: true });
      });
      return () => {
        isCancelled = true;
        offline?.controller.dispose();
        offline?.queue.dispose();
      };
    }
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void sitting?.controller.resync();
    };
    // Launched from this page with its session: the launch already holds the sitting here.
    const fromLaunch = request.count === 0 && loaded.launchClaim?.session.sessionId === sessionId ? loaded.launchClaim : null;
    const sentAt = fromLaunch?.sentAt ?? Date.now();
    const claimed = fromLaunch
      ? Promise.resolve({ response: fromLaunch.session, current: exam, receivedAt: fromLaunch.receivedAt })
      : claimExamSession(exam.examType, exam.id, sessionId, request.takeOver).then(async (response) => {
          const receivedAt = Date.now();
          if (request.count === 0) return { response, current: exam, receivedAt };
          // Taken over or asked again: another session may have saved answers since this page read the
          // sitting, and a screen built on the old read would send its stale answers over them.
          const current = await findExam(exam.examType, exam.id, undefined, SITTING_TIMEOUTS_MS.claim);
          if (userId) saveExamCopy(window.localStorage, userId, current, serverClock.getOffset());
          return { response, current, receivedAt };
        });
    claimed.then(
      ({ response, current, receivedAt }) => {
        if (isCancelled) return;
        serverClock.record({ serverTime: response.timer.serverTime, sentAt, receivedAt }, 'timer');
        sitting = createSitting(current, sessionId, userId, { claimedAt: response.timer.serverTime, isDeviceCopy: false });
        sitting.controller.applyTimer(response.timer);
        if (userId) stopKeepingCopy = keepCopyCurrent(current, userId, sitting.controller);
        sitting.controller.start();
        sitting.queue.start();
        // The remaining time is the server's: asked once more now that the sitting is held here.
        void sitting.controller.resync();
        document.addEventListener('visibilitychange', onVisibility);
        setState({ kind: 'ready', ...sitting, isDeviceCopy: false });
      },
      (error: unknown) => {
        if (isCancelled) return;
        const message = error instanceof Error ? error.message : '';
        if (httpStatusOf(error) === 409 && message === EXAM_MESSAGES.openElsewhere) {
          setState({ kind: 'openElsewhere' });
        } else if (httpStatusOf(error) === 409) {
          // Submitted or timed out meanwhile: the copy on this device has no more use.
          if (userId) removeExamCopy(window.localStorage, userId, exam.examType, exam.id);
          setState({ kind: 'closed', message });
        } else {
          setState({ kind: 'failed', message: message || EXAM_MESSAGES.loadFailed });
        }
      },
    );
    return () => {
      isCancelled = true;
      stopKeepingCopy?.();
      document.removeEventListener('visibilitychange', onVisibility);
      sitting?.controller.dispose();
      sitting?.queue.dispose();
    };
  }, [loaded, request, sessionId]);

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
