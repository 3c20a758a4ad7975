import { EXAM_MESSAGES, type ExamMarking, type VerifyMarksRequest } from '@certs/shared/exam/exam.contract';

/** What the examiner typed per question instance: a number, or '' for not marked yet. */
export type MarksValues = Record<string, number | ''>;

export const MARKS_MESSAGES = {
  required: 'Marks are required to complete marking',
} as const;

export function initialMarks(marking: ExamMarking): MarksValues {
  return Object.fromEntries(marking.questions.filter((q) => q.needsExaminer).map((q) => [q.id, q.actualMarks ?? '']));
}

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
}

/**
 * The examiner's marks checked as the server checks them: 0 up to the question's marks, at most two
 * decimals. Completing also needs a mark for every question that waits for an examiner.
 */
export function marksErrors(marking: ExamMarking, values: MarksValues, isCompleting: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const question of marking.questions) {
    if (!question.needsExaminer) continue;
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

/** The marks entered, as `verifymarks` takes them; null when there is none to send. */
export function toVerifyMarksRequest(marking: ExamMarking, values: MarksValues): VerifyMarksRequest | null {
  const marks = marking.questions
    .filter((q) => q.needsExaminer)
    .flatMap((q) => {
      const value = values[q.id];
      return value === '' || value === undefined ? [] : [{ questionInstanceId: q.id, actualMarks: value }];
    });
  return marks.length > 0 ? { marks } : null;
}
