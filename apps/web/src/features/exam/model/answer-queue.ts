import { EXAM_MESSAGES, type CandidateQuestionInstance, type ExamTimer, type QuestionInstanceUpdate, type UpdateInstancesResponse } from '@certs/shared/exam/exam.contract';
import type { QuestionType } from '@certs/shared/question-bank/question-type';
import {
  isAnsweredHere,
  mergeWithServer,
  readStoredExam,
  removeStoredExam,
  updateOf,
  writeStoredExam,
  type ExamDraft,
  type KeyValueStorage,
  type QuestionProgress,
  type StoredExam,
} from './exam-progress';

/** Why saving stopped for good in this tab. */
export type QueueStopReason = 'takenOver' | 'timeOver' | 'submitted';

export interface QueueSnapshot {
  /** Updates not yet confirmed by the server. */
  pendingCount: number;
  isSending: boolean;
  /** The last attempt could not reach the server, or the browser says it is offline. */
  isConnectionLost: boolean;
  /** The server refused for a reason that will not pass (taken over, time over, submitted). */
  stopped: { reason: QueueStopReason; message: string } | null;
  /** A refusal that is retried (a server error); shown beside the waiting count. */
  lastError: string | null;
}

export interface SendError {
  /** 0 when the server could not be reached. */
  status: number;
  message: string;
}

export interface AnswerQueueOptions {
  examInstanceId: string;
  questions: readonly CandidateQuestionInstance[];
  storage: KeyValueStorage;
  /** Sends one batch; rejects with a `SendError`-like error. */
  send: (updates: QuestionInstanceUpdate[]) => Promise<UpdateInstancesResponse>;
  /** The server's timer that came back with an answer. */
  onTimer?: (timer: ExamTimer) => void;
  onStop?: (reason: QueueStopReason, message: string) => void;
  isOnline?: () => boolean;
  /** Retry delays after a failure, in order; the last repeats. */
  backoffMs?: readonly number[];
  batchSize?: number;
}

const DEFAULT_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;
const MAX_BATCH = 200;

function errorOf(error: unknown): SendError {
  if (error && typeof error === 'object' && 'status' in error && typeof (error as { status: unknown }).status === 'number') {
    return { status: (error as { status: number }).status, message: error instanceof Error ? error.message : '' };
  }
  return { status: 0, message: '' };
}

function stopReasonOf(error: SendError): QueueStopReason | null {
  if (error.status !== 409) return null;
  if (error.message === EXAM_MESSAGES.timeOver) return 'timeOver';
  if (error.message === EXAM_MESSAGES.alreadySubmitted) return 'submitted';
  if (error.message === EXAM_MESSAGES.takenOver || error.message === EXAM_MESSAGES.noSession) return 'takenOver';
  return null;
}

/**
 * The answers of one sitting on their way to the server. Each change of a question becomes an
 * update with the next sequence number and the question's cumulative values; updates wait in a
 * queue kept in localStorage (with the current question and any draft), so a reload or a crash
 * loses nothing, and are sent in order, in batches, one request at a time. A failure to reach the
 * server is retried with back-off, and at once when the browser says it is online again. A
 * retried update never counts twice: the server applies a sequence once, and the values are totals.
 */
export class AnswerQueue {
  private readonly options: AnswerQueueOptions;
  private readonly types = new Map<string, QuestionType>();
  private progress: Record<string, QuestionProgress>;
  private pending: QuestionInstanceUpdate[];
  private currentIndex: number;
  private draft: ExamDraft | null;
  private inFlight: Promise<void> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private isDisposed = false;
  private snapshot: QueueSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly onOnline = () => {
    this.failures = 0;
    this.update({ isConnectionLost: false });
    this.clearRetry();
    void this.flush();
  };
  private readonly onOffline = () => this.update({ isConnectionLost: true });

  constructor(options: AnswerQueueOptions) {
    this.options = options;
    for (const question of options.questions) this.types.set(question.id, question.questionType);
    const merged = mergeWithServer(options.questions, readStoredExam(options.storage, options.examInstanceId));
    this.progress = merged.progress;
    this.pending = merged.pending;
    this.currentIndex = merged.currentIndex;
    this.draft = merged.draft;
    const isOnline = options.isOnline?.() ?? true;
    this.snapshot = { pendingCount: this.pending.length, isSending: false, isConnectionLost: !isOnline, stopped: null, lastError: null };
    this.persist();
  }

  /** Starts listening to the browser's online and offline events and sends what waits from before a reload. */
  start(target: Pick<Window, 'addEventListener'> = window): void {
    target.addEventListener('online', this.onOnline);
    target.addEventListener('offline', this.onOffline);
    if (this.pending.length > 0) void this.flush();
  }

  dispose(target: Pick<Window, 'removeEventListener'> = window): void {
    this.isDisposed = true;
    this.clearRetry();
    target.removeEventListener('online', this.onOnline);
    target.removeEventListener('offline', this.onOffline);
    this.listeners.clear();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): QueueSnapshot => this.snapshot;

  progressOf(questionInstanceId: string): QuestionProgress {
    const progress = this.progress[questionInstanceId];
    if (!progress) throw new Error(`Unknown question instance ${questionInstanceId}`);
    return progress;
  }

  allProgress(): Readonly<Record<string, QuestionProgress>> {
    return this.progress;
  }

  getCurrentIndex(): number {
    return this.currentIndex;
  }

  getDraft(): ExamDraft | null {
    return this.draft;
  }

  pendingUpdates(): readonly QuestionInstanceUpdate[] {
    return this.pending;
  }

  setCurrentIndex(index: number): void {
    if (this.isStopped()) return;
    this.currentIndex = index;
    this.persist();
  }

  setDraft(draft: ExamDraft | null): void {
    if (this.isStopped()) return;
    this.draft = draft;
    this.persist();
  }

  /**
   * Records a question's new state (cumulative totals) as an update with the next sequence,
   * queues it and starts sending. Returns the update.
   */
  record(questionInstanceId: string, state: Omit<QuestionProgress, 'sequence' | 'isAnswered'>): QuestionInstanceUpdate | null {
    if (this.isStopped()) return null;
    const previous = this.progressOf(questionInstanceId);
    const type = this.types.get(questionInstanceId);
    if (!type) return null;
    const next: QuestionProgress = {
      ...state,
      answerOptionGivenByUser: [...state.answerOptionGivenByUser],
      // Totals never go down, whatever a caller computed.
      timeTaken: Math.max(previous.timeTaken, state.timeTaken),
      numOfAttempts: Math.max(previous.numOfAttempts, state.numOfAttempts),
      isAttempted: previous.isAttempted || state.isAttempted,
      sequence: previous.sequence + 1,
      isAnswered: isAnsweredHere(state),
    };
    this.progress = { ...this.progress, [questionInstanceId]: next };
    const update = updateOf(questionInstanceId, type, next);
    this.pending = [...this.pending, update];
    if (this.draft?.questionInstanceId === questionInstanceId) this.draft = null;
    this.persist();
    this.update({ pendingCount: this.pending.length });
    // While backing off after a failure the retry timer (or the online event) sends; otherwise now.
    if (!this.retryTimer) void this.flush();
    return update;
  }

  /**
   * Sends what waits, batch after batch, until the queue is empty or a send fails (then a retry is
   * scheduled). Resolves when this round ends; true when nothing is left waiting.
   */
  async flush(): Promise<boolean> {
    if (this.isStopped() || this.isDisposed) return this.pending.length === 0;
    if (this.inFlight) {
      await this.inFlight;
      // Updates recorded while that batch was on its way go now.
      if (this.pending.length > 0 && !this.retryTimer && !this.isStopped()) return this.flush();
      return this.pending.length === 0;
    }
    if (this.pending.length === 0) return true;
    this.inFlight = this.sendAll().finally(() => {
      this.inFlight = null;
      this.update({ isSending: false });
    });
    await this.inFlight;
    return this.pending.length === 0;
  }

  /** Forgets this sitting in the browser: after submission nothing is left to send. */
  clear(): void {
    removeStoredExam(this.options.storage, this.options.examInstanceId);
  }

  /** Stops saving for good (the exam was taken over elsewhere, submitted, or its time is over). */
  stop(reason: QueueStopReason, message: string, shouldNotify = true): void {
    if (this.snapshot.stopped) return;
    this.clearRetry();
    this.update({ stopped: { reason, message }, isSending: false });
    if (shouldNotify) this.options.onStop?.(reason, message);
  }

  private async sendAll(): Promise<void> {
    this.clearRetry();
    while (this.pending.length > 0 && !this.isStopped() && !this.isDisposed) {
      const batch = this.pending.slice(0, this.options.batchSize ?? MAX_BATCH);
      this.update({ isSending: true });
      let response: UpdateInstancesResponse;
      try {
        response = await this.options.send(batch);
      } catch (caught) {
        this.handleFailure(errorOf(caught));
        return;
      }
      this.failures = 0;
      this.acknowledge(batch, response);
      this.update({ pendingCount: this.pending.length, isConnectionLost: false, lastError: null });
      this.options.onTimer?.(response.timer);
    }
  }

  private acknowledge(batch: readonly QuestionInstanceUpdate[], response: UpdateInstancesResponse): void {
    const sent = new Set(batch);
    // Applied, stale (the server has it or newer) and invalid (never applicable) are all done with.
    this.pending = this.pending.filter((update) => !sent.has(update));
    let progress = this.progress;
    for (const result of response.results) {
      if (result.outcome === 'invalid') console.error('The server refused an answer update as not of this question', result);
      const current = progress[result.questionInstanceId];
      // The server's answered rule (it alone knows marks) for the state it now holds.
      if (result.outcome === 'applied' && result.isAnswered !== null && current && current.sequence === result.sequence && current.isAnswered !== result.isAnswered) {
        progress = { ...progress, [result.questionInstanceId]: { ...current, isAnswered: result.isAnswered } };
      }
    }
    this.progress = progress;
    this.persist();
  }

  private handleFailure(error: SendError): void {
    const reason = stopReasonOf(error);
    if (reason) {
      this.stop(reason, error.message);
      return;
    }
    const isNetwork = error.status === 0;
    this.update({ isConnectionLost: isNetwork || this.snapshot.isConnectionLost, lastError: isNetwork ? null : error.message || null, isSending: false });
    const delays = this.options.backoffMs ?? DEFAULT_BACKOFF_MS;
    const delay = delays[Math.min(this.failures, delays.length - 1)] ?? 30_000;
    this.failures += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.flush();
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private isStopped(): boolean {
    return this.snapshot.stopped !== null;
  }

  private persist(): void {
    // A tab that lost the exam writes nothing more: the tab that holds it now owns the stored state.
    if (this.isDisposed || this.isStopped()) return;
    const stored: StoredExam = { version: 1, currentIndex: this.currentIndex, progress: this.progress, pending: this.pending, draft: this.draft };
    writeStoredExam(this.options.storage, this.options.examInstanceId, stored);
  }

  private update(changes: Partial<QueueSnapshot>): void {
    const next = { ...this.snapshot, ...changes };
    const isSame = (Object.keys(changes) as (keyof QueueSnapshot)[]).every((key) => next[key] === this.snapshot[key]);
    if (isSame) return;
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }
}
