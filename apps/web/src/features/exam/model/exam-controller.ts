import { EXAM_MESSAGES, type CandidateExam, type ExamTimer, type SubmitExamResponse } from '@certs/shared/exam/exam.contract';
import { EXAM_TIMING, isChoiceQuestion } from '@certs/shared/exam/exam-rules';
import type { AnswerQueue, QueueStopReason } from './answer-queue';
import { announcementFor, remainingAt, type Announcement, type ClockSample } from './exam-clock';
import { isAnsweredHere, questionsOf, type ExamQuestion, type QuestionProgress } from './exam-progress';
import { httpStatusOf } from '../../../lib/api-client';

export type ExamPhase = 'sitting' | 'submitting' | 'submitted' | 'takenOver' | 'timeOver';

export interface ExamSnapshot {
  currentIndex: number;
  /** The current question as the candidate is answering it (not yet an update). */
  current: QuestionProgress;
  /** Every question's state for the palette, the current one as it is being answered. */
  progress: Readonly<Record<string, QuestionProgress>>;
  phase: ExamPhase;
  deadlineMs: number;
  canSubmitFromMs: number;
  /** Why the last submission did not go through. */
  submitError: string | null;
  result: SubmitExamResponse | null;
  /** The server's words when saving stopped (taken over, time over). */
  stoppedMessage: string | null;
}

export interface Countdown {
  remainingSeconds: number;
  announcement: Announcement | null;
}

export interface ControllerClock {
  /** The server's time now. */
  now(): number;
  record(sample: ClockSample, source: 'poll' | 'timer'): void;
  poll(): Promise<void>;
}

export interface ExamControllerOptions {
  exam: CandidateExam;
  queue: AnswerQueue;
  clock: ControllerClock;
  submit: () => Promise<SubmitExamResponse>;
  fetchTimer: () => Promise<ExamTimer>;
  /**
   * The browser's monotonic clock (milliseconds) for the time spent on a question: `performance.now()`,
   * which a change of the computer's date does not move.
   */
  now?: () => number;
  typingSaveMs?: number;
}

interface Visit {
  questionId: string;
  startedAt: number;
  baseTimeTaken: number;
  baseAttempts: number;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : '');

export const SUBMIT_MESSAGES = {
  waiting: 'Some answers are still waiting to be saved. The exam can be submitted once the connection is back and they are saved.',
  refused: 'The server refused some answers (named above). Change them, or submit again to submit the exam without them.',
  unreachable: 'The exam could not be submitted: the server cannot be reached. Check your connection and try again.',
} as const;

/**
 * One sitting on the candidate's screen: one question at a time, the time spent on each visit,
 * answers saved on leaving a question and while typing, the countdown on the server's clock, and
 * submission. Answers go through the `AnswerQueue`, which keeps and sends them.
 */
export class ExamController {
  readonly questions: ExamQuestion[];
  private readonly options: ExamControllerOptions;
  private readonly queue: AnswerQueue;
  private readonly clientNow: () => number;
  private readonly startedOnMs: number;
  private visit: Visit | null = null;
  private working: QuestionProgress;
  private currentIndex: number;
  private typingTimer: ReturnType<typeof setTimeout> | null = null;
  private tickTimer: ReturnType<typeof setInterval> | null = null;
  private snapshot: ExamSnapshot;
  private countdown: Countdown;
  private lastRemaining: number | null = null;
  private isTimingOut = false;
  /** The candidate was told some answers are refused: their next Submit goes without them. */
  private mayLeaveRefused = false;
  private isDisposed = false;
  private readonly listeners = new Set<() => void>();
  private readonly countdownListeners = new Set<() => void>();
  private unsubscribeQueue: (() => void) | null = null;

  constructor(options: ExamControllerOptions) {
    this.options = options;
    this.queue = options.queue;
    this.clientNow = options.now ?? (() => performance.now());
    this.startedOnMs = Date.parse(options.exam.timer.startedOn);
    this.questions = questionsOf(options.exam);
    this.currentIndex = Math.min(this.queue.getCurrentIndex(), Math.max(0, this.questions.length - 1));
    this.working = this.workingStateOf(this.currentIndex);
    const remaining = remainingAt(Date.parse(options.exam.timer.deadline), options.clock.now());
    this.countdown = { remainingSeconds: remaining, announcement: null };
    this.snapshot = this.buildSnapshot({
      phase: 'sitting',
      deadlineMs: Date.parse(options.exam.timer.deadline),
      canSubmitFromMs: Date.parse(options.exam.timer.canSubmitFrom),
      submitError: null,
      result: null,
      stoppedMessage: null,
    });
  }

  /** Begins the visit of the question the candidate was on (after a reload too) and the countdown. */
  start(): void {
    this.unsubscribeQueue = this.queue.subscribe(() => this.emit());
    this.beginVisit();
    this.tick();
    this.tickTimer = setInterval(() => this.tick(), 1000);
  }

  dispose(): void {
    // A submission still waiting for its answers must not go on from a screen that is gone.
    this.isDisposed = true;
    this.clearTyping();
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.tickTimer = null;
    this.unsubscribeQueue?.();
    this.listeners.clear();
    this.countdownListeners.clear();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ExamSnapshot => this.snapshot;

  subscribeCountdown = (listener: () => void): (() => void) => {
    this.countdownListeners.add(listener);
    return () => this.countdownListeners.delete(listener);
  };

  getCountdown = (): Countdown => this.countdown;

  get currentQuestion(): ExamQuestion | undefined {
    return this.questions[this.currentIndex];
  }

  // Answering.

  chooseOption(optionId: string): void {
    this.change({ answerOptionGivenByUser: [optionId] });
  }

  /** Multiple answer: the chosen set, kept in the question's order whatever order they were ticked in. */
  chooseOptions(optionIds: readonly string[]): void {
    const order = new Map(this.currentQuestion?.options.map((option) => [option.id, option.order]) ?? []);
    const chosen = [...new Set(optionIds)].filter((id) => order.has(id)).sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    this.change({ answerOptionGivenByUser: chosen });
  }

  setText(text: string): void {
    this.change({ answerValueGivenByUser: text });
    this.scheduleTypingSave();
  }

  setMarked(isMarked: boolean): void {
    this.change({ isMarked });
  }

  // Navigation.

  goTo(index: number): void {
    if (!this.isSitting() || index < 0 || index >= this.questions.length || index === this.currentIndex) return;
    this.leaveCurrent();
    this.currentIndex = index;
    this.queue.setCurrentIndex(index);
    this.working = this.workingStateOf(index);
    this.beginVisit();
    this.emit();
  }

  next(): void {
    this.goTo(this.currentIndex + 1);
  }

  previous(): void {
    this.goTo(this.currentIndex - 1);
  }

  // Time.

  /** The server's timer (on load, with each saved answer, when the tab is visible again) is the truth. */
  applyTimer(timer: ExamTimer): void {
    const deadlineMs = Date.parse(timer.deadline);
    const canSubmitFromMs = Date.parse(timer.canSubmitFrom);
    if (deadlineMs !== this.snapshot.deadlineMs || canSubmitFromMs !== this.snapshot.canSubmitFromMs) {
      this.snapshot = { ...this.snapshot, deadlineMs, canSubmitFromMs };
      this.emit();
    }
    this.tick();
  }

  /** A hidden tab's timers run late: on coming back, measure the clock and ask the server's remaining time. */
  async resync(): Promise<void> {
    if (!this.isSitting()) return;
    await this.options.clock.poll();
    await this.refreshTimer();
    this.tick();
  }

  // Submission.

  /**
   * Submits once: the current question is saved, every waiting answer is sent, then the sitting is
   * submitted. At zero ('timeout') it goes with whatever could be saved; the server times the sitting
   * out anyway. A second call while one is on its way changes nothing.
   */
  async submit(how: 'candidate' | 'timeout' = 'candidate'): Promise<void> {
    if (!this.isSitting()) return;
    this.setPhase('submitting', { submitError: null });
    this.leaveCurrent();
    let isSaved = await this.queue.flush({ retryRefused: true });
    if (!isSaved && how === 'candidate' && this.isPhase('submitting')) {
      // Answers the server refuses would block the submission for good: after saying so once, a
      // second Submit goes without them.
      const isOnlyRefused = this.queue.hasOnlyRefused();
      if (!isOnlyRefused || !this.mayLeaveRefused) {
        this.mayLeaveRefused = isOnlyRefused;
        this.resumeAfterRefusal(isOnlyRefused ? SUBMIT_MESSAGES.refused : SUBMIT_MESSAGES.waiting);
        return;
      }
      isSaved = true;
    }
    // At zero, answers still waiting are worth the server's grace period: it takes them until then.
    const graceEnds = this.snapshot.deadlineMs + EXAM_TIMING.graceSeconds * 1000;
    while (!isSaved && this.isPhase('submitting') && !this.isDisposed && this.options.clock.now() < graceEnds) {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      isSaved = await this.queue.flush({ retryRefused: true });
    }
    if (!this.isPhase('submitting') || this.isDisposed) return;
    try {
      const result = await this.options.submit();
      this.finish('submitted', { result });
    } catch (error) {
      const message = messageOf(error);
      if (httpStatusOf(error) === 409 && message === EXAM_MESSAGES.alreadySubmitted) this.finish('submitted', {});
      else if (httpStatusOf(error) === 409 && message === EXAM_MESSAGES.timeOver) this.finish('timeOver', { stoppedMessage: message });
      else if (httpStatusOf(error) === 409 && (message === EXAM_MESSAGES.takenOver || message === EXAM_MESSAGES.noSession)) {
        // Another window holds the sitting now: this one stops, as when a save is refused for it.
        this.queue.stop('takenOver', message, false);
        this.handleStop('takenOver', message);
      }
      else if (how === 'timeout') this.finish('timeOver', { stoppedMessage: EXAM_MESSAGES.timeOver });
      else this.resumeAfterRefusal(httpStatusOf(error) === 0 ? SUBMIT_MESSAGES.unreachable : message || SUBMIT_MESSAGES.unreachable);
    }
  }

  /** The queue stopped: the exam was taken over elsewhere, submitted, or its time is over. */
  handleStop(reason: QueueStopReason, message: string): void {
    this.clearTyping();
    if (reason === 'takenOver') this.finish('takenOver', { stoppedMessage: message }, false);
    else if (reason === 'submitted') this.finish('submitted', {});
    else this.finish('timeOver', { stoppedMessage: message });
  }

  // Internals.

  private workingStateOf(index: number): QuestionProgress {
    const question = this.questions[index];
    if (!question) return { sequence: 0, timeTaken: 0, numOfAttempts: 0, answerOptionGivenByUser: [], answerValueGivenByUser: '', isMarked: false, isAttempted: false, isAnswered: false };
    const saved = this.queue.progressOf(question.id);
    const draft = this.queue.getDraft();
    const base = draft && draft.questionInstanceId === question.id && draft.baseSequence === saved.sequence ? { ...saved, answerOptionGivenByUser: draft.answerOptionGivenByUser, answerValueGivenByUser: draft.answerValueGivenByUser, isMarked: draft.isMarked } : { ...saved };
    return { ...base, isAttempted: true, isAnswered: isAnsweredHere(base) };
  }

  private beginVisit(): void {
    const question = this.currentQuestion;
    if (!question || !this.isSitting()) return;
    const saved = this.queue.progressOf(question.id);
    this.visit = { questionId: question.id, startedAt: this.clientNow(), baseTimeTaken: saved.timeTaken, baseAttempts: saved.numOfAttempts };
  }

  /**
   * Whole seconds of this visit, never more than the sitting allows (its time, any extra time and the
   * grace): a laptop woken days later, or a clock that jumps, cannot make a total the server refuses.
   */
  private elapsedSeconds(visit: Visit): number {
    const elapsed = Math.max(0, Math.floor((this.clientNow() - visit.startedAt) / 1000));
    const allowed = Math.max(0, Math.ceil((this.snapshot.deadlineMs - this.startedOnMs) / 1000)) + EXAM_TIMING.graceSeconds;
    return Number.isFinite(allowed) ? Math.min(elapsed, allowed) : elapsed;
  }

  /** Leaving a question: the whole seconds spent are added to timeTaken, one to numOfAttempts, and the update goes. */
  private leaveCurrent(): void {
    const visit = this.visit;
    this.clearTyping();
    if (!visit) return;
    this.visit = null;
    this.queue.record(visit.questionId, {
      timeTaken: visit.baseTimeTaken + this.elapsedSeconds(visit),
      numOfAttempts: visit.baseAttempts + 1,
      answerOptionGivenByUser: this.working.answerOptionGivenByUser,
      answerValueGivenByUser: this.working.answerValueGivenByUser,
      isMarked: this.working.isMarked,
      isAttempted: true,
    });
  }

  /** Free text is saved while typing too, at most every 30 s, with the time spent so far (attempts count on leaving). */
  private saveWhileTyping(): void {
    this.typingTimer = null;
    const visit = this.visit;
    const question = this.currentQuestion;
    if (!visit || !question || visit.questionId !== question.id || !this.isSitting() || isChoiceQuestion(question.questionType)) return;
    const saved = this.queue.progressOf(question.id);
    if (saved.answerValueGivenByUser === this.working.answerValueGivenByUser) return;
    this.queue.record(question.id, {
      timeTaken: visit.baseTimeTaken + this.elapsedSeconds(visit),
      numOfAttempts: saved.numOfAttempts,
      answerOptionGivenByUser: [],
      answerValueGivenByUser: this.working.answerValueGivenByUser,
      isMarked: this.working.isMarked,
      isAttempted: true,
    });
    this.working = { ...this.working, sequence: this.queue.progressOf(question.id).sequence };
  }

  private scheduleTypingSave(): void {
    if (this.typingTimer || !this.isSitting()) return;
    this.typingTimer = setTimeout(() => this.saveWhileTyping(), this.options.typingSaveMs ?? EXAM_TIMING.typingSaveMs);
  }

  private clearTyping(): void {
    if (this.typingTimer) clearTimeout(this.typingTimer);
    this.typingTimer = null;
  }

  private change(values: Partial<Pick<QuestionProgress, 'answerOptionGivenByUser' | 'answerValueGivenByUser' | 'isMarked'>>): void {
    const question = this.currentQuestion;
    if (!question || !this.isSitting()) return;
    const next = { ...this.working, ...values };
    this.working = { ...next, isAnswered: isAnsweredHere(next) };
    const saved = this.queue.progressOf(question.id);
    this.queue.setDraft({
      questionInstanceId: question.id,
      baseSequence: saved.sequence,
      answerOptionGivenByUser: this.working.answerOptionGivenByUser,
      answerValueGivenByUser: this.working.answerValueGivenByUser,
      isMarked: this.working.isMarked,
    });
    this.emit();
  }

  private async refreshTimer(): Promise<void> {
    const sentAt = Date.now();
    try {
      const timer = await this.options.fetchTimer();
      this.options.clock.record({ serverTime: timer.serverTime, sentAt, receivedAt: Date.now() }, 'timer');
      this.applyTimer(timer);
    } catch (error) {
      const message = messageOf(error);
      // Submitted meanwhile (another tab) or timed out: nothing more to do here. Anything else is retried by the next resync.
      if (httpStatusOf(error) === 409) this.handleStop(message === EXAM_MESSAGES.alreadySubmitted ? 'submitted' : 'timeOver', message);
    }
  }

  private tick(): void {
    const remaining = remainingAt(this.snapshot.deadlineMs, this.options.clock.now());
    const announcement = announcementFor(this.lastRemaining, remaining);
    this.lastRemaining = remaining;
    if (remaining !== this.countdown.remainingSeconds || announcement) {
      this.countdown = { remainingSeconds: remaining, announcement: announcement ?? this.countdown.announcement };
      for (const listener of this.countdownListeners) listener();
    }
    if (remaining <= 0 && this.isSitting()) void this.timeUp();
  }

  /** At zero: ask the server first (staff may have given extra time), then submit what was answered. */
  private async timeUp(): Promise<void> {
    if (this.isTimingOut) return;
    this.isTimingOut = true;
    try {
      await this.refreshTimer();
      if (this.isSitting() && remainingAt(this.snapshot.deadlineMs, this.options.clock.now()) <= 0) await this.submit('timeout');
    } finally {
      this.isTimingOut = false;
    }
  }

  private resumeAfterRefusal(message: string): void {
    this.setPhase('sitting', { submitError: message });
    this.beginVisit();
  }

  private finish(phase: Exclude<ExamPhase, 'sitting' | 'submitting'>, changes: Partial<ExamSnapshot>, isDone = true): void {
    if (this.isDisposed) return;
    this.clearTyping();
    this.visit = null;
    if (this.tickTimer) clearInterval(this.tickTimer);
    this.tickTimer = null;
    if (isDone) {
      // Nothing more can be saved for this sitting: the browser forgets it.
      this.queue.stop(phase === 'submitted' ? 'submitted' : 'timeOver', phase === 'submitted' ? EXAM_MESSAGES.alreadySubmitted : EXAM_MESSAGES.timeOver, false);
      this.queue.clear();
    }
    this.setPhase(phase, changes);
  }

  private isSitting(): boolean {
    return this.snapshot.phase === 'sitting';
  }

  private isPhase(phase: ExamPhase): boolean {
    return this.snapshot.phase === phase;
  }

  private setPhase(phase: ExamPhase, changes: Partial<ExamSnapshot> = {}): void {
    this.snapshot = { ...this.snapshot, ...changes, phase };
    this.emit();
  }

  private buildSnapshot(base: Omit<ExamSnapshot, 'currentIndex' | 'current' | 'progress'>): ExamSnapshot {
    const question = this.questions[this.currentIndex];
    const progress = question ? { ...this.queue.allProgress(), [question.id]: this.working } : { ...this.queue.allProgress() };
    return { ...base, currentIndex: this.currentIndex, current: this.working, progress };
  }

  private emit(): void {
    this.snapshot = this.buildSnapshot(this.snapshot);
    for (const listener of this.listeners) listener();
  }
}
