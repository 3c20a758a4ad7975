import type { QuestionType } from '../question-bank/question-type';

/** Timing constants of spec section 9 and issue 7. */
export const EXAM_TIMING = {
  /** Exam minutes to seconds. */
  minutesToSeconds: 60,
  /** What a timer shows before the server has answered (spec section 9). */
  initialRemainingSeconds: 100,
  /** `launchexam/servertime` is polled this often, spread by the jitter below. */
  serverTimePollMs: 15_000,
  /** ±20 % so that thousands of candidates do not poll on the same tick. */
  pollJitter: 0.2,
  /** A scheduled exam shows "starting soon" this many minutes before it opens. */
  startingSoonMinutes: 5,
  /** Free text is saved while typing at most this often. */
  typingSaveMs: 30_000,
  /** Answer updates and submissions are still taken this long after the deadline (network delay). */
  graceSeconds: 30,
} as const;

export const EXAM_INSTANCE_STATUSES = ['InProgress', 'Submitted', 'TimedOut'] as const;
export type ExamInstanceStatus = (typeof EXAM_INSTANCE_STATUSES)[number];

/** Who ended the sitting: the candidate's submit, the candidate's timer at zero, or the server's job. */
export const SUBMITTED_HOW = ['candidate', 'timeout', 'job'] as const;
export type SubmittedHow = (typeof SUBMITTED_HOW)[number];

/** Question answer status of spec section 4, shown in the palette. */
export const QUESTION_ANSWER_STATUSES = ['Pending', 'Answered', 'Unattempted'] as const;
export type QuestionAnswerStatus = (typeof QUESTION_ANSWER_STATUSES)[number];

export interface AnswerState {
  answerValueGivenByUser: string;
  answerOptionGivenByUser: readonly string[];
  actualMarks: number | null;
}

/**
 * Spec section 4: a question counts as answered when its text is not empty, an option is chosen,
 * or its actual marks are zero. Text of spaces alone is empty. The server decides it (marks never
 * reach the browser during the exam); the browser may use it to show its own unsent answers.
 */
export function isAnswered(state: AnswerState): boolean {
  return state.answerValueGivenByUser.trim() !== '' || state.answerOptionGivenByUser.length > 0 || state.actualMarks === 0;
}

/** Answered; visited (attempted) but not answered is Pending; never visited is Unattempted. */
export function answerStatusOf(question: { isAnswered: boolean; isAttempted: boolean }): QuestionAnswerStatus {
  if (question.isAnswered) return 'Answered';
  return question.isAttempted ? 'Pending' : 'Unattempted';
}

/** Whether a question type is answered by choosing options (else by text). */
export function isChoiceQuestion(questionType: QuestionType): boolean {
  return questionType === 'General Single Answer' || questionType === 'Multiple Answer';
}

/** Deadline = start + total + extra seconds: the server's, whatever a browser's clock says. */
export function deadlineOf(startedOn: Date, totalSeconds: number, extraSeconds: number): Date {
  return new Date(startedOn.getTime() + (totalSeconds + extraSeconds) * 1000);
}

/** Whole seconds left, never below 0; at 0 the exam is timed out (spec section 4, Timer). */
export function remainingSeconds(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/** The earliest moment the candidate may submit. */
export function minimumSubmitTime(startedOn: Date, minimumSeconds: number): Date {
  return new Date(startedOn.getTime() + minimumSeconds * 1000);
}

/** A poll delay spread uniformly within ±jitter of the base (random in [0, 1)). */
export function jitteredDelay(baseMs: number = EXAM_TIMING.serverTimePollMs, jitter: number = EXAM_TIMING.pollJitter, random: () => number = Math.random): number {
  return Math.round(baseMs * (1 + (2 * random() - 1) * jitter));
}

/** Fill in the blank: case and surrounding spaces do not matter. */
export function normaliseBlank(text: string): string {
  return text.trim().toLowerCase();
}

export interface MarkableQuestion {
  questionType: QuestionType;
  maxMarks: number;
  /** For Fill In The Blank every option is an accepted answer. */
  options: readonly { id: string; option: string; correctAnswer: boolean }[];
  answerOptionGivenByUser: readonly string[];
  answerValueGivenByUser: string;
}

/**
 * Automatic marking at submission. Single answer: full marks for exactly the correct option.
 * Multiple answer: full marks only for exactly the set of correct options (tests have no partial
 * marks setting). Fill in the blank: full marks when the text matches an accepted answer, case and
 * surrounding spaces ignored. Descriptive: null, waiting for an examiner.
 */
export function autoMark(question: MarkableQuestion): number | null {
  switch (question.questionType) {
    case 'Descriptive':
      return null;
    case 'Fill In The Blank': {
      const given = normaliseBlank(question.answerValueGivenByUser);
      return given !== '' && question.options.some((accepted) => normaliseBlank(accepted.option) === given) ? question.maxMarks : 0;
    }
    case 'General Single Answer':
    case 'Multiple Answer': {
      const chosen = new Set(question.answerOptionGivenByUser);
      const correct = new Set(question.options.filter((option) => option.correctAnswer).map((option) => option.id));
      const isExact = correct.size > 0 && chosen.size === correct.size && [...correct].every((id) => chosen.has(id));
      return isExact ? question.maxMarks : 0;
    }
  }
}

/** Marks are kept in hundredths. */
export function roundMarks(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Score against the test's total marks, as a percentage with two decimals. */
export function percentageOf(score: number, totalMarks: number): number {
  if (totalMarks <= 0) return 0;
  return roundMarks((score / totalMarks) * 100);
}

/** A module's result: at or above its pass percentage passes. */
export function resultOf(percentage: number, passPercentage: number): 'Pass' | 'Fail' {
  return percentage >= passPercentage ? 'Pass' : 'Fail';
}
