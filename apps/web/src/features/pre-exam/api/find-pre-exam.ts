import { queryOptions, useQuery } from '@tanstack/react-query';
import { PreExamView, type PreExamType } from '@certs/shared/pre-exam/pre-exam.contract';
import { apiRequest } from '../../../lib/api-client';
import { preExamKeys } from './pre-exam.keys';

/** The pre-exam stage of one application: modules with choices and fees, lines, totals, or its invoice. */
export function findPreExam(type: PreExamType, applicationId: string, signal?: AbortSignal): Promise<PreExamView> {
  return apiRequest(`/api/${type}/${encodeURIComponent(applicationId)}/preexam`, { schema: PreExamView, signal });
}

export function usePreExam(type: PreExamType | undefined, applicationId: string, isEnabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: preExamKeys.view(type ?? 'qualificationapplicationmodule', applicationId),
      queryFn: ({ signal }) => findPreExam(type ?? 'qualificationapplicationmodule', applicationId, signal),
      enabled: isEnabled && !!type,
      // Another member of staff may have issued the invoice meanwhile.
      staleTime: 0,
    }),
  );
}
