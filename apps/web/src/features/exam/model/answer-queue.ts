import { EXAM_MESSAGES, UPDATE_LIMITS, type CandidateQuestionInstance, type ExamTimer, type QuestionInstanceUpdate, type UpdateInstancesResponse } from '@certs/shared/exam/exam.contract';
import { storableText } from '@certs/shared/exam/exam-rules';
import type { QuestionType } from '@certs/shared/question-bank/question-type';
import {
  isAnsweredHere,
  holderKeyOf,
  mergeWithServer,
  readStoredExam,
  readStoredHolder,
  removeStoredExam,
  updateOf,
  writeStoredExam,
  writeStoredHolder,
  type ExamDraft,
  type KeyValueStorage,
  type QuestionProgress,
  type StoredExam,
} from './exam-progress';
import { busyRetryDelayMs, httpStatusOf } from '../../../lib/api-client';

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
  /**
   * Answers the server refused as they are (400, 413) even alone: they stay waiting (and stored),
   * are set aside so the answers behind them still go, and are tried again every minute; the
   * screen names their questions until they are saved.
   */
  refused: { questionOrders: number[]; message: string } | null;
}

export interface SendError {
  /** 0 when the server could not be reached. */
  status: number;
  message: string;
  /** The server was too busy (503): wait at least this long before sending again. */
  busyRetryMs?: number | null;
}

export interface AnswerQueueOptions {
  examInstanceId: string;
  /** The signed-in candidate: stored answers are theirs, and only theirs are resumed. */
  userId?: string;
  /**
   * The sitting is not held by this tab yet (the exam opened from the copy on this device while
   * offline): answers are kept here and nothing is sent, since the server would refuse a tab that
   * has not claimed the sitting. The sitting opened again once online sends them.
   */
  isHoldingBack?: boolean;
  /**
   * The exam session this page holds the sitting with, and when the server gave it (its clock).
   * Another tab of this browser with a later claim takes the stored answers over: this queue then
   * stops, without writing them again.
   */
  holder?: { sessionId: string; claimedAt: number };
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
  /** At most this many bytes of updates in one request (the server takes a 1 MiB body). */
  batchBytes?: number;
}

const DEFAULT_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;
const MAX_BATCH_BYTES = 256 * 1024;
/** How long an update refused on its own waits before it is tried again. */
export const REFUSED_RETRY_MS = 60_000;
const encoder = new TextEncoder();

/** Refusals that the same request will get again: the batch is split, and a single update is dropped. */
const isRefusedAsSent = (error: SendError): boolean => error.status === 400 || error.status === 413;

const clamp = (value: number, max: number): number => Math.min(max, Math.max(0, Math.floor(value)));

function errorOf(error: unknown): SendError {
  return { status: httpStatusOf(error), message: error instanceof Error ? error.message : '', busyRetryMs: busyRetryDelayMs(error) };
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
  private readonly orders = new Map<string, number>();
  private progress: Record<string, QuestionProgress>;
  private pending: QuestionInstanceUpdate[];
  private currentIndex: number;
  private draft: ExamDraft | null;
  private inFlight: Promise<void> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  /** Lowered when the server refuses a batch as a whole, so the culprit ends up alone; reset once all is sent. */
  private batchLimit: number;
  /** Updates whose request failed without an answer: the server may have applied them already. */
  private readonly maybeDelivered = new WeakSet<QuestionInstanceUpdate>();
  /** Updates refused on their own, with the time before which they are not sent again. */
  private readonly setAside = new Map<QuestionInstanceUpdate, number>();
  private setAsideTimer: ReturnType<typeof setTimeout> | null = null;
  private lastRefusal = '';
  /** Single updates refused one after the other with nothing accepted between: the server refuses everything. */
  private refusalsInARow = 0;
  private isDisposed = false;
  private snapshot: QueueSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly onOnline = () => {
    if (this.options.isHoldingBack) return;
    this.failures = 0;
    this.update({ isConnectionLost: false });
    this.clearRetry();
    // A request still on its way may yet fail from before the network came back: then send again at once, not after the back-off.
    void (this.inFlight ?? Promise.resolve()).then(() => {
      this.clearRetry();
      return this.flush();
    });
  };
  private readonly onOffline = () => this.update({ isConnectionLost: true });
  private readonly onStorage = (event: Event) => {
    if ((event as StorageEvent).key === holderKeyOf(this.options.examInstanceId)) this.isSuperseded();
  };

  constructor(options: AnswerQueueOptions) {
    this.options = options;
    this.batchLimit = this.maxBatch();
    for (const question of options.questions) {
      this.types.set(question.id, question.questionType);
      this.orders.set(question.id, question.order);
    }
    const merged = mergeWithServer(options.questions, readStoredExam(options.storage, options.examInstanceId, options.userId));
    this.progress = merged.progress;
    this.pending = merged.pending;
    this.currentIndex = merged.currentIndex;
    this.draft = merged.draft;
    const isOnline = !options.isHoldingBack && (options.isOnline?.() ?? true);
    this.snapshot = { pendingCount: this.pending.length, isSending: false, isConnectionLost: !isOnline, stopped: null, lastError: null, refused: null };
    if (options.holder && !this.isSuperseded()) writeStoredHolder(options.storage, options.examInstanceId, options.holder);
    this.persist();
  }

  /** Starts listening to the browser's online and offline events and sends what waits from before a reload. */
  start(target: Pick<Window, 'addEventListener'> = window): void {
    target.addEventListener('online', this.onOnline);
    target.addEventListener('offline', this.onOffline);
    target.addEventListener('storage', this.onStorage);
    if (this.pending.length > 0) void this.flush();
  }

  dispose(target: Pick<Window, 'removeEventListener'> = window): void {
    this.isDisposed = true;
    this.clearRetry();
    if (this.setAsideTimer) clearTimeout(this.setAsideTimer);
    target.removeEventListener('online', this.onOnline);
    target.removeEventListener('offline', this.onOffline);
    target.removeEventListener('storage', this.onStorage);
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

  /** Every answer still waiting was refused by the server (not merely unsent for want of a network). */
  hasOnlyRefused(): boolean {
    return this.pending.length > 0 && this.pending.every((update) => this.setAside.has(update));
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
    const answerValueGivenByUser = storableText(state.answerValueGivenByUser.slice(0, UPDATE_LIMITS.maxText));
    const next: QuestionProgress = {
      ...state,
      answerOptionGivenByUser: state.answerOptionGivenByUser.slice(0, UPDATE_LIMITS.maxOptions),
      answerValueGivenByUser,
      // Totals never go down, whatever a caller computed, and stay within what the server accepts.
      timeTaken: clamp(Math.max(previous.timeTaken, state.timeTaken), UPDATE_LIMITS.maxSeconds),
      numOfAttempts: clamp(Math.max(previous.numOfAttempts, state.numOfAttempts), UPDATE_LIMITS.maxAttempts),
      isAttempted: previous.isAttempted || state.isAttempted,
      sequence: previous.sequence + 1,
      isAnswered: isAnsweredHere({ ...state, answerValueGivenByUser }),
    };
    if (this.draft?.questionInstanceId === questionInstanceId) this.draft = null;
    return this.enqueue(questionInstanceId, type, next);
  }

  /**
   * Queues a question's state. The values are totals, so the newest update of a question carries
   * everything the older ones did: those still waiting are dropped, and the queue never holds more
   * than one update per question however long the connection is gone.
   */
  private enqueue(questionInstanceId: string, type: QuestionType, next: QuestionProgress): QuestionInstanceUpdate {
    this.progress = { ...this.progress, [questionInstanceId]: next };
    const update = updateOf(questionInstanceId, type, next);
    this.pending = [...this.pending.filter((waiting) => waiting.questionInstanceId !== questionInstanceId), update];
    this.forgetSetAside();
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
  async flush(options: { retryRefused?: boolean } = {}): Promise<boolean> {
    if (this.isStopped() || this.isDisposed || this.options.isHoldingBack) return this.pending.length === 0;
    // Submitting: answers set aside after a refusal get one more chance now, not in a minute.
    if (options.retryRefused) for (const update of this.setAside.keys()) this.setAside.set(update, 0);
    if (this.inFlight) {
      await this.inFlight;
      // Updates recorded while that batch was on its way go now.
      if (this.sendable().length > 0 && !this.retryTimer && !this.isStopped()) return this.flush();
      return this.pending.length === 0;
    }
    if (this.sendable().length === 0) {
      // Woken before a set-aside answer is due (a timer early, a clock set back): wait for it again.
      this.scheduleSetAside();
      return this.pending.length === 0;
    }
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
    this.refusalsInARow = 0;
    while (this.sendable().length > 0 && !this.isStopped() && !this.isDisposed) {
      const batch = this.nextBatch();
      this.update({ isSending: true });
      let response: UpdateInstancesResponse;
      try {
        response = await this.options.send(batch);
      } catch (caught) {
        const error = errorOf(caught);
        if (isRefusedAsSent(error)) {
          this.isolateRefusal(batch, error);
          if (this.refusalsInARow < 2) continue;
          // A second answer refused on its own in this round: the server may refuse everything (a
          // changed contract). The round ends and the next one comes in a minute, answers never
          // refused first, so the page asks once a minute instead of once per answer.
          this.update({ isSending: false });
          this.retryTimer = setTimeout(() => {
            this.retryTimer = null;
            void this.flush();
          }, REFUSED_RETRY_MS);
          return;
        }
        if (error.status === 0) for (const update of batch) this.maybeDelivered.add(update);
        this.handleFailure(error);
        return;
      }
      this.failures = 0;
      this.refusalsInARow = 0;
      this.acknowledge(batch, response);
      if (this.sendable().length === 0) this.batchLimit = this.maxBatch();
      this.update({ pendingCount: this.pending.length, isConnectionLost: false, lastError: null });
      this.options.onTimer?.(response.timer);
    }
    this.scheduleSetAside();
  }

  /**
   * What may go now, answers never refused first: waiting updates, except those refused alone whose
   * minute has not passed.
   */
  private sendable(): QuestionInstanceUpdate[] {
    if (this.setAside.size === 0) return this.pending;
    const now = Date.now();
    const fresh = this.pending.filter((update) => !this.setAside.has(update));
    const due = this.pending.filter((update) => (this.setAside.get(update) ?? Number.POSITIVE_INFINITY) <= now);
    return [...fresh, ...due];
  }

  private scheduleSetAside(): void {
    if (this.setAsideTimer) clearTimeout(this.setAsideTimer);
    this.setAsideTimer = null;
    if (this.setAside.size === 0 || this.isStopped() || this.isDisposed) return;
    const next = Math.min(...this.setAside.values());
    this.setAsideTimer = setTimeout(
      () => {
        this.setAsideTimer = null;
        void this.flush();
      },
      Math.max(0, next - Date.now()),
    );
  }

  /** Keeps only set-aside updates still waiting, and says on screen which questions they are. */
  private forgetSetAside(): void {
    const waiting = new Set(this.pending);
    for (const update of [...this.setAside.keys()]) if (!waiting.has(update)) this.setAside.delete(update);
    const questionOrders = [...this.setAside.keys()].map((update) => this.orders.get(update.questionInstanceId) ?? 0).sort((a, b) => a - b);
    const refused = questionOrders.length > 0 ? { questionOrders, message: this.lastRefusal } : null;
    const current = this.snapshot.refused;
    if (refused?.message === current?.message && refused?.questionOrders.join() === current?.questionOrders.join()) return;
    this.update({ refused });
  }

  private maxBatch(): number {
    return Math.min(this.options.batchSize ?? UPDATE_LIMITS.maxPerRequest, UPDATE_LIMITS.maxPerRequest);
  }

  /** The oldest waiting updates, as many as the current limit and the byte budget allow (at least one). */
  private nextBatch(): QuestionInstanceUpdate[] {
    const budget = this.options.batchBytes ?? MAX_BATCH_BYTES;
    const batch: QuestionInstanceUpdate[] = [];
    let bytes = 0;
    for (const update of this.sendable()) {
      if (batch.length >= this.batchLimit) break;
      const size = encoder.encode(JSON.stringify(update)).length;
      if (batch.length > 0 && bytes + size > budget) break;
      batch.push(update);
      bytes += size;
    }
    return batch;
  }

  /**
   * A request the server refuses as it is (400, 413) would be refused again and hold up every answer
   * behind it: a batch is halved until the refused update is alone. That one is never dropped (the
   * refusal may be the server's, e.g. a contract changed under an open page): it stays waiting and
   * stored, is set aside for a minute while the others go, and is shown on screen.
   */
  private isolateRefusal(batch: readonly QuestionInstanceUpdate[], error: SendError): void {
    if (batch.length > 1) {
      this.batchLimit = Math.max(1, Math.floor(batch.length / 2));
      return;
    }
    const [refused] = batch;
    if (!refused) return;
    console.error('The server refused an answer update; it is set aside and tried again', error, refused);
    this.refusalsInARow += 1;
    this.setAside.set(refused, Date.now() + REFUSED_RETRY_MS);
    this.lastRefusal = error.message || 'refused by the server';
    this.forgetSetAside();
  }

  private acknowledge(batch: readonly QuestionInstanceUpdate[], response: UpdateInstancesResponse): void {
    // Applied and stale (the server has it or newer) are done with. Invalid (options not of the
    // question) is refused like a malformed update: kept, set aside and named on screen.
    const invalid = new Set(response.results.filter((result) => result.outcome === 'invalid').map((result) => `${result.questionInstanceId}:${result.sequence}`));
    const done = new Set(batch.filter((update) => !invalid.has(`${update.questionInstanceId}:${update.sequence}`)));
    this.pending = this.pending.filter((update) => !done.has(update));
    for (const update of batch) {
      if (done.has(update)) continue;
      this.setAside.set(update, Date.now() + REFUSED_RETRY_MS);
      this.lastRefusal = 'not an answer to this question';
    }
    this.forgetSetAside();
    let progress = this.progress;
    const overtaken: { questionInstanceId: string; serverSequence: number }[] = [];
    for (const result of response.results) {
      if (result.outcome === 'invalid') console.error('The server refused an answer update as not of this question', result);
      const current = progress[result.questionInstanceId];
      // The server's answered rule (it alone knows marks) for the state it now holds.
      if (result.outcome === 'applied' && result.isAnswered !== null && current && current.sequence === result.sequence && current.isAnswered !== result.isAnswered) {
        progress = { ...progress, [result.questionInstanceId]: { ...current, isAnswered: result.isAnswered } };
      }
      if (result.outcome === 'stale' && current && result.serverSequence !== undefined && this.isOvertaken(batch, result.questionInstanceId, result.sequence, result.serverSequence, current)) {
        overtaken.push({ questionInstanceId: result.questionInstanceId, serverSequence: result.serverSequence });
      }
    }
    this.progress = progress;
    this.persist();
    for (const { questionInstanceId, serverSequence } of overtaken) this.resendAbove(questionInstanceId, serverSequence);
  }

  /**
   * A stale answer normally means the server already has it (a retry after a lost reply). But when
   * another tab of this candidate wrote the question with the same or a higher sequence, the server
   * holds something this screen does not show, and this screen's answer would be lost while the
   * candidate reads "saved". Nothing newer of this question waits here, so this screen's state goes
   * again above the server's sequence (an update that may have arrived before is resent once more,
   * which changes nothing since its values are totals).
   */
  private isOvertaken(batch: readonly QuestionInstanceUpdate[], questionInstanceId: string, sequence: number, serverSequence: number, current: QuestionProgress): boolean {
    if (current.sequence !== sequence || serverSequence < sequence) return false;
    const update = batch.find((sent) => sent.questionInstanceId === questionInstanceId && sent.sequence === sequence);
    // Its own earlier request reached the server without an answer: that is the update the server holds.
    if (serverSequence === sequence && update && this.maybeDelivered.has(update)) return false;
    return !this.pending.some((waiting) => waiting.questionInstanceId === questionInstanceId);
  }

  private resendAbove(questionInstanceId: string, serverSequence: number): void {
    const current = this.progress[questionInstanceId];
    const type = this.types.get(questionInstanceId);
    if (!current || !type || this.isStopped()) return;
    // A draft typed on top of the state being resent stays on top of it.
    if (this.draft?.questionInstanceId === questionInstanceId && this.draft.baseSequence === current.sequence) this.draft = { ...this.draft, baseSequence: serverSequence + 1 };
    this.enqueue(questionInstanceId, type, { ...current, sequence: serverSequence + 1 });
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
    // A busy server's Retry-After is a floor: coming back sooner only adds to its queue.
    const delay = Math.max(delays[Math.min(this.failures, delays.length - 1)] ?? 30_000, error.busyRetryMs ?? 0);
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

  /** Another tab of this browser claimed the sitting after this one: this one stops for good. */
  private isSuperseded(): boolean {
    const mine = this.options.holder;
    if (!mine) return false;
    const holder = readStoredHolder(this.options.storage, this.options.examInstanceId);
    if (!holder || holder.sessionId === mine.sessionId || holder.claimedAt <= mine.claimedAt) return false;
    this.stop('takenOver', EXAM_MESSAGES.takenOver);
    return true;
  }

  private persist(): void {
    // A tab that lost the exam writes nothing more: the tab that holds it now owns the stored state.
    if (this.isDisposed || this.isStopped() || this.isSuperseded()) return;
    const stored: StoredExam = { version: 1, ...(this.options.userId ? { userId: this.options.userId } : {}), currentIndex: this.currentIndex, progress: this.progress, pending: this.pending, draft: this.draft };
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
