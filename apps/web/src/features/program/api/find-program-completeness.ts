import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProgramCompleteness } from '@certs/shared/program/program-catalogue.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export function findProgramCompleteness(id: string, signal?: AbortSignal): Promise<ProgramCompleteness> {
  return apiRequest(`/api/program/${encodeURIComponent(id)}/completeness`, { schema: ProgramCompleteness, signal });
}

export function programCompletenessQueryOptions(id: string) {
  return queryOptions({ queryKey: programKeys.completeness(id), queryFn: ({ signal }) => findProgramCompleteness(id, signal) });
}

export function useProgramCompleteness(id: string, enabled = true) {
  return useQuery({ ...programCompletenessQueryOptions(id), enabled });
}
