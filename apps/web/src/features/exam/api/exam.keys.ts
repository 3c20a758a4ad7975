import type { ExamType } from '@certs/shared/program/program-type';

/** Query keys of the candidate's exams. */
export const examKeys = {
  all: ['exams'] as const,
  mine: (query: object) => [...examKeys.all, 'mine', query] as const,
  trials: () => [...examKeys.all, 'trials'] as const,
  sitting: (examType: ExamType, id: string) => [...examKeys.all, 'sitting', examType, id] as const,
  review: (id: string) => [...examKeys.all, 'review', id] as const,
  qrCode: (examType: ExamType, id: string, questionInstanceId: string) => [...examKeys.all, 'qrcode', examType, id, questionInstanceId] as const,
  answerPaper: (token: string) => [...examKeys.all, 'answer-paper', token] as const,
};

/** The spec's path word of each kind of sitting. */
export const INSTANCE_PATHS: Record<ExamType, string> = { trial: 'trialexaminstance', module: 'moduleexaminstance' };
