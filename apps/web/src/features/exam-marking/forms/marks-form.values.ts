import { EXAM_MESSAGES, type ExamMarking, type VerifyMarksRequest } from '@certs/shared/exam/exam.contract';

/** What the examiner typed per question instance: a number, or '' for not marked yet. */
export type MarksValues = Record<string, number | ''>;

export const MARKS_MESSAGES = {
  required: 'Marks are required to complete marking',
} as const;

/** Every question's marks as they stand (the automatic ones too: a correction may change them). */
export function initialMarks(marking: ExamMarking): MarksValues {
  return Object.fromEntries(marking.questions.map((q) => [q.id, q.actualMarks ?? '']));
}

/**
 * The questions whose marks the examiner enters: those waiting for an examiner, and during a
 * correction every question (an automatic mark can be wrong, e.g. a question's key was).
 */
export function isMarkedByHand(question: ExamMarking['questions'][number], isCorrecting: boolean): boolean {
  return question.needsExaminer || isCorrecting;
}

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/**
 * The examiner's marks checked as the server checks them: 0 up to the question's marks, at most two
 * decimals. Completing also needs a mark for every question that waits for an examiner.
 */
export function marksErrors(marking: ExamMarking, values: MarksValues, isCompleting: boolean, isCorrecting = false): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const question of marking.questions) {
    if (!isMarkedByHand(question, isCorrecting)) continue;
    const value = values[question.id];
    if (value === '' || value === undefined) {
      if (isCompleting) errors[question.id] = MARKS_MESSAGES.required;
      continue;
    }
    if (!Number.isFinite(value) || value < 0 || value > question.maxMarks) errors[question.id] = EXAM_MESSAGES.marksOver(question.maxMarks);
    else if (!hasAtMostTwoDecimals(value)) errors[question.id] = EXAM_MESSAGES.marksDecimals;
  }
  return errors;
}

/**
 * The marks entered, as `verifymarks` takes them; null when there is none to send. An automatic
 * mark is sent only when a correction changed it, so the others stay marked automatically.
 */
export function toVerifyMarksRequest(marking: ExamMarking, values: MarksValues, isCorrecting = false): VerifyMarksRequest | null {
  const marks = marking.questions
    .filter((q) => isMarkedByHand(q, isCorrecting))
    .flatMap((q) => {
      const value = values[q.id];
      if (value === '' || value === undefined) return [];
      if (!q.needsExaminer && value === q.actualMarks) return [];
      return [{ questionInstanceId: q.id, actualMarks: value }];
    });
  return marks.length > 0 ? { marks } : null;
}
