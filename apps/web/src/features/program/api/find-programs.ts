import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { ProgramPage } from '@certs/shared/program/program.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys, type ProgramListParams } from './program.keys';

export function findPrograms(params: ProgramListParams, signal?: AbortSignal): Promise<ProgramPage> {
  return apiRequest('/api/program/pagination', {
    query: {
      page: params.page,
      pageSize: params.pageSize,
      searchBy: params.searchBy,
      searchTerm: params.searchTerm,
      programStatus: params.programStatus,
      selectedProgramTypes: params.programTypes.length > 0 ? [...params.programTypes].sort().join(',') : undefined,
    },
    schema: ProgramPage,
    signal,
  });
}

export function programsQueryOptions(params: ProgramListParams) {
  // A blank search is no search (spec section 5), and shares the unsearched list's cache entry.
  const normalized: ProgramListParams = {
    ...params,
    searchTerm: searchTermOrUndefined(params.searchTerm),
    programTypes: [...params.programTypes].sort(),
  };
  return queryOptions({
    queryKey: programKeys.list(normalized),
    queryFn: ({ signal }) => findPrograms(normalized, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePrograms(params: ProgramListParams) {
  return useQuery(programsQueryOptions(params));
}
