import { useQuery } from '@tanstack/react-query';
import { CandidateExam } from '@certs/shared/exam/exam.contract';
import type { ExamType } from '@certs/shared/program/program-type';
import { apiRequest } from '../../../lib/api-client';
import { INSTANCE_PATHS, examKeys } from './exam.keys';

/** The candidate's sitting with its questions and the server's timer, without correct answers. */
export function findExam(examType: ExamType, id: string, signal?: AbortSignal): Promise<CandidateExam> {
  return apiRequest(`/api/${INSTANCE_PATHS[examType]}/${encodeURIComponent(id)}`, { schema: CandidateExam, signal });
}

/** Read once per visit of the screen: the sitting's state lives in the exam controller from then on. */
export function useExam(examType: ExamType, id: string) {
  return useQuery({
    queryKey: examKeys.sitting(examType, id),
    queryFn: ({ signal }) => findExam(examType, id, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}
