import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AvailableTrialList, MyExaminationsPage, type AvailableTrial, type ExaminationFilter } from '@certs/shared/exam/exam.contract';
import type { ExamType } from '@certs/shared/program/program-type';
import { apiRequest } from '../../../lib/api-client';
import { examKeys } from './exam.keys';

export interface MyExaminationsParams {
  filter: ExaminationFilter;
  kind?: ExamType;
  page: number;
  pageSize: number;
}

/** The applicant's trial sittings and scheduled module exams, with the spec's filters. */
export function findMyExaminations(query: MyExaminationsParams, signal?: AbortSignal): Promise<MyExaminationsPage> {
  return apiRequest('/api/examinations/my', {
    query: { filter: query.filter, kind: query.kind, page: query.page, pageSize: query.pageSize },
    schema: MyExaminationsPage,
    signal,
  });
}

export function useMyExaminations(query: MyExaminationsParams) {
  // Sittings change outside this list (a submit, a launch, a result recorded): read them again on every visit.
  return useQuery({ queryKey: examKeys.mine(query), queryFn: ({ signal }) => findMyExaminations(query, signal), placeholderData: keepPreviousData, refetchOnMount: 'always' });
}

/** Published trial exams the applicant can start at any time. */
export function findAvailableTrials(signal?: AbortSignal): Promise<AvailableTrial[]> {
  return apiRequest('/api/examinations/trials', { schema: AvailableTrialList, signal });
}

export function useAvailableTrials() {
  return useQuery({ queryKey: examKeys.trials(), queryFn: ({ signal }) => findAvailableTrials(signal), refetchOnMount: 'always' });
}
