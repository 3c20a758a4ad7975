import { z } from 'zod';
import { CandidateExam, type ExamTimer } from '@certs/shared/exam/exam.contract';
import type { ExamType } from '@certs/shared/program/program-type';
import type { KeyValueStorage } from './exam-progress';

/**
 * Under the app's `certs.` prefix on purpose: signing out (or a session the server refuses to
 * renew) removes every copy. The answers waiting to be sent live apart (`certs-exam.`).
 */
export const EXAM_COPY_PREFIX = 'certs.exam-copy.';

/**
 * The sitting as the server last sent it to this browser (questions and options without correct
 * answers or marks, the timer), kept so that a reload without a network still shows the exam.
 */
export const ExamCopy = z.object({
  version: z.literal(1),
  userId: z.string(),
  exam: CandidateExam,
  /** The server's clock minus the browser's when the copy was last written. */
  clockOffsetMs: z.number(),
});
export type ExamCopy = z.infer<typeof ExamCopy>;

export function examCopyKey(userId: string, examType: ExamType, examInstanceId: string): string {
  return `${EXAM_COPY_PREFIX}${userId}.${examType}.${examInstanceId}`;
}

function write(storage: KeyValueStorage, copy: ExamCopy): boolean {
  try {
    storage.setItem(examCopyKey(copy.userId, copy.exam.examType, copy.exam.id), JSON.stringify(copy));
    return true;
  } catch {
    // A full quota or private browsing: the exam still runs, only not through an offline reload.
    return false;
  }
}

/** Keeps the sitting the server just sent; one that is over is not kept. */
export function saveExamCopy(storage: KeyValueStorage, userId: string, exam: CandidateExam, clockOffsetMs: number): boolean {
  if (exam.status !== 'InProgress') {
    removeExamCopy(storage, userId, exam.examType, exam.id);
    return false;
  }
  return write(storage, { version: 1, userId, exam, clockOffsetMs });
}

/** This user's copy of the sitting, or null when there is none or it cannot be read. */
export function readExamCopy(storage: KeyValueStorage, userId: string, examType: ExamType, examInstanceId: string): ExamCopy | null {
  try {
    const raw = storage.getItem(examCopyKey(userId, examType, examInstanceId));
    if (!raw) return null;
    const parsed = ExamCopy.safeParse(JSON.parse(raw));
    if (!parsed.success) return null;
    const copy = parsed.data;
    // A key names its owner; the stored value must agree, or it is not trusted.
    return copy.userId === userId && copy.exam.id === examInstanceId && copy.exam.examType === examType ? copy : null;
  } catch {
    return null;
  }
}

/**
 * The server's latest deadline (extra time given meanwhile) and clock offset, so that the
 * countdown after an offline reload starts from what this browser last knew. Written only when
 * either changed; without a copy nothing is written.
 */
export function updateExamCopyTimer(
  storage: KeyValueStorage,
  userId: string,
  examType: ExamType,
  examInstanceId: string,
  timer: Pick<ExamTimer, 'deadline' | 'canSubmitFrom'>,
  clockOffsetMs: number,
): void {
  const copy = readExamCopy(storage, userId, examType, examInstanceId);
  if (!copy) return;
  const { exam } = copy;
  if (exam.timer.deadline === timer.deadline && exam.timer.canSubmitFrom === timer.canSubmitFrom && copy.clockOffsetMs === clockOffsetMs) return;
  write(storage, { ...copy, clockOffsetMs, exam: { ...exam, timer: { ...exam.timer, deadline: timer.deadline, canSubmitFrom: timer.canSubmitFrom } } });
}

export function removeExamCopy(storage: KeyValueStorage, userId: string, examType: ExamType, examInstanceId: string): void {
  try {
    storage.removeItem(examCopyKey(userId, examType, examInstanceId));
  } catch {
    // Nothing to remove when storage is unavailable.
  }
}
