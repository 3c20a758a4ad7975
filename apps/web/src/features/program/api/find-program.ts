import { queryOptions, useQuery } from '@tanstack/react-query';
import { Program } from '@certs/shared/program/program.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export function findProgram(id: string, signal?: AbortSignal): Promise<Program> {
  return apiRequest(`/api/program/${encodeURIComponent(id)}`, { schema: Program, signal });
}

export function programQueryOptions(id: string) {
  return queryOptions({
    queryKey: programKeys.detail(id),
    queryFn: ({ signal }) => findProgram(id, signal),
    // An edit starts from the record as it is now.
    staleTime: 0,
  });
}

export function useProgram(id: string) {
  return useQuery(programQueryOptions(id));
}
