import { z } from 'zod';
import { QuestionInstanceUpdate, type CandidateExam, type CandidateQuestionInstance } from '@certs/shared/exam/exam.contract';
import { answerStatusOf, isAnswered, isChoiceQuestion, type QuestionAnswerStatus } from '@certs/shared/exam/exam-rules';
import type { QuestionType } from '@certs/shared/question-bank/question-type';

/**
 * What the browser knows of one question: the server's state, or the candidate's newer one not yet
 * confirmed. `sequence` is the last sequence number given to an update of the question (the
 * server's `lastSequence` when nothing newer exists here).
 */
export const QuestionProgress = z.object({
  sequence: z.number().int().min(0),
  timeTaken: z.number().int().min(0),
  numOfAttempts: z.number().int().min(0),
  answerOptionGivenByUser: z.array(z.string()),
  answerValueGivenByUser: z.string(),
  isMarked: z.boolean(),
  isAttempted: z.boolean(),
  isAnswered: z.boolean(),
});
export type QuestionProgress = z.infer<typeof QuestionProgress>;

/** Answers being changed on the current question and not yet made an update (kept for a crash). */
export const ExamDraft = z.object({
  questionInstanceId: z.string(),
  /** The question's sequence when the draft began: a newer saved state makes the draft obsolete. */
  baseSequence: z.number().int().min(0),
  answerOptionGivenByUser: z.array(z.string()),
  answerValueGivenByUser: z.string(),
  isMarked: z.boolean(),
});
export type ExamDraft = z.infer<typeof ExamDraft>;

/** What one exam keeps in the browser between page loads (localStorage, keyed by exam instance). */
export const StoredExam = z.object({
  version: z.literal(1),
  /** The candidate whose answers these are: another user at this browser never resumes them. */
  userId: z.string().optional(),
  currentIndex: z.number().int().min(0),
  progress: z.record(z.string(), QuestionProgress),
  pending: z.array(QuestionInstanceUpdate),
  draft: ExamDraft.nullable(),
});
export type StoredExam = z.infer<typeof StoredExam>;

export interface ExamQuestion extends CandidateQuestionInstance {
  sectionId: string;
  sectionTitle: string;
  /** 0-based position across the exam, as navigated. */
  index: number;
}

/** The exam's questions in the order they are navigated: sections in order, questions in order. */
export function questionsOf(exam: Pick<CandidateExam, 'sections'>): ExamQuestion[] {
  const sections = [...exam.sections].sort((a, b) => a.order - b.order);
  return sections
    .flatMap((section) => [...section.questions].sort((a, b) => a.order - b.order).map((question) => ({ ...question, sectionId: section.id, sectionTitle: section.title })))
    .map((question, index) => ({ ...question, index }));
}

export function progressOfServer(question: CandidateQuestionInstance): QuestionProgress {
  return {
    sequence: question.lastSequence,
    timeTaken: question.timeTaken,
    numOfAttempts: question.numOfAttempts,
    answerOptionGivenByUser: [...question.answerOptionGivenByUser],
    answerValueGivenByUser: question.answerValueGivenByUser,
    isMarked: question.isMarked,
    isAttempted: question.isAttempted,
    isAnswered: question.isAnswered,
  };
}

/**
 * The spec's answered rule as far as the browser can tell (text not empty, or an option chosen).
 * The third clause, actual marks of zero, only the server knows: marks never reach the browser
 * during the exam, so its word replaces this one once it confirms the update.
 */
export function isAnsweredHere(progress: Pick<QuestionProgress, 'answerOptionGivenByUser' | 'answerValueGivenByUser'>): boolean {
  return isAnswered({ answerOptionGivenByUser: progress.answerOptionGivenByUser, answerValueGivenByUser: progress.answerValueGivenByUser, actualMarks: null });
}

/** The palette's status (spec section 4): Answered; visited but not answered is Pending; else Unattempted. */
export function paletteStatusOf(progress: Pick<QuestionProgress, 'isAnswered' | 'isAttempted'>): QuestionAnswerStatus {
  return answerStatusOf(progress);
}

/**
 * The update that carries a question's whole state under a new sequence. Values are cumulative.
 * A choice question sends its chosen options (an empty list clears them) and never text; a text
 * question sends its text and no options, so free text goes only when no option is chosen.
 */
export function updateOf(questionInstanceId: string, questionType: QuestionType, progress: QuestionProgress): QuestionInstanceUpdate {
  const base = {
    questionInstanceId,
    sequence: progress.sequence,
    timeTaken: progress.timeTaken,
    numOfAttempts: progress.numOfAttempts,
    isMarked: progress.isMarked,
    isAttempted: progress.isAttempted,
  };
  return isChoiceQuestion(questionType)
    ? { ...base, answerOptionGivenByUser: [...progress.answerOptionGivenByUser] }
    : { ...base, answerValueGivenByUser: progress.answerValueGivenByUser };
}

export interface MergedExam {
  progress: Record<string, QuestionProgress>;
  pending: QuestionInstanceUpdate[];
  currentIndex: number;
  draft: ExamDraft | null;
}

/**
 * After a reload: the server's state of each question, unless this browser holds a newer one
 * (a higher sequence, i.e. updates the server has not confirmed), which wins. Queued updates the
 * server already has (sequence at or below its last) are dropped; the rest are sent again, in order.
 */
export function mergeWithServer(questions: readonly CandidateQuestionInstance[], stored: StoredExam | null): MergedExam {
  const progress: Record<string, QuestionProgress> = {};
  const serverSequence = new Map<string, number>();
  for (const question of questions) {
    serverSequence.set(question.id, question.lastSequence);
    const local = stored?.progress[question.id];
    progress[question.id] = local && local.sequence > question.lastSequence ? { ...local } : progressOfServer(question);
  }
  const pending = (stored?.pending ?? []).filter((update) => {
    const last = serverSequence.get(update.questionInstanceId);
    return last !== undefined && update.sequence > last;
  });
  const index = stored?.currentIndex ?? 0;
  const currentIndex = questions.length === 0 ? 0 : Math.min(Math.max(index, 0), questions.length - 1);
  const draftProgress = stored?.draft ? progress[stored.draft.questionInstanceId] : undefined;
  // A draft still applies only to the state it was typed over.
  const draft = stored?.draft && draftProgress && draftProgress.sequence === stored.draft.baseSequence ? stored.draft : null;
  return { progress, pending, currentIndex, draft };
}

/**
 * Not under the app's `certs.` prefix on purpose: signing out (or a session that cannot be renewed)
 * clears that prefix, and answers not yet sent must survive it to go when the candidate is back.
 * Submission removes them.
 */
export const EXAM_STORAGE_PREFIX = 'certs-exam.';

export function storageKeyOf(examInstanceId: string): string {
  return `${EXAM_STORAGE_PREFIX}${examInstanceId}`;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function parseStoredExam(raw: string | null): StoredExam | null {
  if (!raw) return null;
  try {
    const parsed = StoredExam.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The stored state of an exam, or null when there is none, it cannot be read, or it is another
 * user's (then the server's state is used).
 */
export function readStoredExam(storage: KeyValueStorage, examInstanceId: string, userId?: string): StoredExam | null {
  let stored: StoredExam | null;
  try {
    stored = parseStoredExam(storage.getItem(storageKeyOf(examInstanceId)));
  } catch {
    return null;
  }
  if (stored?.userId && userId && stored.userId !== userId) return null;
  return stored;
}

/** Every exam key in a storage (`Storage` lists its keys through `length` and `key`). */
function examKeysOf(storage: Pick<Storage, 'length' | 'key'>): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(EXAM_STORAGE_PREFIX)) keys.push(key);
  }
  return keys;
}

/**
 * At sign-out: what the server already has is forgotten, so the next person at a shared computer
 * finds no answers of this candidate; updates not yet sent (and an answer being typed) stay, with
 * the state of their questions only, for the same candidate to send when they are back.
 */
export function forgetSentExamAnswers(storage: KeyValueStorage & Pick<Storage, 'length' | 'key'>): void {
  try {
    for (const key of examKeysOf(storage)) {
      const stored = parseStoredExam(storage.getItem(key));
      if (!stored || (stored.pending.length === 0 && !stored.draft)) {
        storage.removeItem(key);
        continue;
      }
      const unsent = new Set(stored.pending.map((update) => update.questionInstanceId));
      if (stored.draft) unsent.add(stored.draft.questionInstanceId);
      const progress = Object.fromEntries(Object.entries(stored.progress).filter(([id]) => unsent.has(id)));
      storage.setItem(key, JSON.stringify({ ...stored, progress } satisfies StoredExam));
    }
  } catch {
    // Storage unavailable: nothing was kept there.
  }
}

/** False when the browser refused (private mode, full quota): the exam still works, only without a net for a crash. */
export function writeStoredExam(storage: KeyValueStorage, examInstanceId: string, value: StoredExam): boolean {
  try {
    storage.setItem(storageKeyOf(examInstanceId), JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/**
 * Which page of this browser holds the sitting: its exam session and when the server gave it to
 * that session (`isexaminprogress`, the server's clock). Tabs of one browser share localStorage, so
 * a tab whose sitting was taken over by another tab must stop writing the stored answers: otherwise
 * an answer given in the window that says "nothing more is saved here" could be sent by the other
 * tab after its next reload. The later claim holds; a small key of its own, read on every write.
 */
export const StoredHolder = z.object({ sessionId: z.string(), claimedAt: z.number() });
export type StoredHolder = z.infer<typeof StoredHolder>;

export function holderKeyOf(examInstanceId: string): string {
  return `certs-exam-holder.${examInstanceId}`;
}

export function readStoredHolder(storage: KeyValueStorage, examInstanceId: string): StoredHolder | null {
  try {
    const raw = storage.getItem(holderKeyOf(examInstanceId));
    const parsed = raw ? StoredHolder.safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeStoredHolder(storage: KeyValueStorage, examInstanceId: string, holder: StoredHolder): void {
  try {
    storage.setItem(holderKeyOf(examInstanceId), JSON.stringify(holder));
  } catch {
    // Storage refused: each tab still stops on the server's refusal.
  }
}

export function removeStoredExam(storage: KeyValueStorage, examInstanceId: string): void {
  try {
    storage.removeItem(storageKeyOf(examInstanceId));
    storage.removeItem(holderKeyOf(examInstanceId));
  } catch {
    // Nothing to clean up when storage is unavailable.
  }
}
