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

/** Who ended the sitting: the candidate's submit, the candidate's timer at zero, the server's job, or an invigilator (misconduct, issue 19). */
export const SUBMITTED_HOW = ['candidate', 'timeout', 'job', 'invigilator'] as const;
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
  /** The test's partial marks setting: changes only how Multiple Answer is marked. */
  partialMarks?: boolean;
}

/**
 * Automatic marking at submission. Single answer: full marks for exactly the correct option.
 * Multiple answer: full marks only for exactly the set of correct options, unless the test gives
 * partial marks (see below). Fill in the blank: full marks when the text matches an accepted answer,
 * case and surrounding spaces ignored. Descriptive: null, waiting for an examiner.
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
      if (question.questionType === 'Multiple Answer' && question.partialMarks) return partialMarksOf(question.maxMarks, correct, chosen);
      const isExact = correct.size > 0 && chosen.size === correct.size && [...correct].every((id) => chosen.has(id));
      return isExact ? question.maxMarks : 0;
    }
  }
}

/**
 * Partial marks for a multiple answer question: each correct option chosen earns an equal share of
 * the marks and each wrong option chosen takes one share away, never below zero. Choosing every
 * option therefore earns nothing when there are as many wrong options as right ones, so ticking
 * everything is never a strategy.
 */
export function partialMarksOf(maxMarks: number, correct: ReadonlySet<string>, chosen: ReadonlySet<string>): number {
  if (correct.size === 0) return 0;
  let right = 0;
  let wrong = 0;
  for (const id of chosen) {
    if (correct.has(id)) right += 1;
    else wrong += 1;
  }
  return roundMarks(Math.max(0, ((right - wrong) / correct.size) * maxMarks));
}

/**
 * FNV-1a with a final avalanche (MurmurHash3's fmix32): a small, stable string hash for ordering,
 * not for secrets. The final mix matters: keys differing only in their last characters would
 * otherwise sort alike for most candidates.
 */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/**
 * The order a candidate sees a question's options in when the test shuffles options: a permutation
 * decided by the question instance (so one candidate's neighbour sees another order), and the same
 * on every load of that instance, so a reload never moves an option under the candidate's cursor.
 */
export function shuffledForInstance<T extends { id: string }>(questionInstanceId: string, options: readonly T[]): T[] {
  return options
    .map((option) => ({ option, key: hash32(`${questionInstanceId}:${option.id}`) }))
    .sort((a, b) => a.key - b.key || a.option.id.localeCompare(b.option.id))
    .map(({ option }) => option);
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

/**
 * Free text as PostgreSQL can store it: no NUL character, and no half of a surrogate pair (a paste,
 * or text cut at the length limit mid-character), which the database refuses in JSON and text.
 */
export function storableText(text: string): string {
  return text.replaceAll(String.fromCharCode(0), '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
