import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SittingsPage, type ExaminationFilter } from '@certs/shared/exam/exam.contract';
import type { ExamType } from '@certs/shared/program/program-type';
import { apiRequest } from '../../../lib/api-client';
import { examMarkingKeys } from './exam-marking.keys';

export interface SittingsParams {
  filter: ExaminationFilter;
  kind?: ExamType;
  programId?: string;
  searchTerm?: string;
  needsMarking?: boolean;
  page: number;
  pageSize: number;
}

/** Staff's Examinations list of sittings (`examinations/pagination`), for the programs they serve on. */
export function findSittings(params: SittingsParams, signal?: AbortSignal): Promise<SittingsPage> {
  const searchTerm = params.searchTerm?.trim();
  return apiRequest('/api/examinations/pagination', {
    query: {
      filter: params.filter,
      kind: params.kind,
      programId: params.programId,
      // Spec section 5: search terms only when not blank.
      searchTerm: searchTerm ? searchTerm : undefined,
      needsMarking: params.needsMarking === undefined ? undefined : String(params.needsMarking),
      page: params.page,
      pageSize: params.pageSize,
    },
    schema: SittingsPage,
    signal,
  });
}

export function useSittings(params: SittingsParams, isEnabled = true) {
  return useQuery({ queryKey: examMarkingKeys.sittings(params), queryFn: ({ signal }) => findSittings(params, signal), placeholderData: keepPreviousData, enabled: isEnabled });
}
