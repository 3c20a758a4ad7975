import { useQuery } from '@tanstack/react-query';
import { ExamReview } from '@certs/shared/exam/exam.contract';
import { apiRequest } from '../../../lib/api-client';
import { examKeys } from './exam.keys';

/** A submitted trial with the score and the right answers (module exams are never reviewed). */
export function findExamReview(id: string, signal?: AbortSignal): Promise<ExamReview> {
  return apiRequest(`/api/trialexaminstance/${encodeURIComponent(id)}/review`, { schema: ExamReview, signal });
}

export function useExamReview(id: string) {
  return useQuery({ queryKey: examKeys.review(id), queryFn: ({ signal }) => findExamReview(id, signal) });
}
