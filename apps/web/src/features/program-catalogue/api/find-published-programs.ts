import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { PublishedProgramPage } from '@certs/shared/program/program.contract';
import { apiRequest } from '../../../lib/api-client';
import { programCatalogueKeys, type PublishedProgramListParams } from './program-catalogue.keys';

/** Published programs only, each with the signed-in applicant's status in it. */
export function findPublishedPrograms(params: PublishedProgramListParams, signal?: AbortSignal): Promise<PublishedProgramPage> {
  return apiRequest('/api/program/published', {
    query: { page: params.page, pageSize: params.pageSize, search: params.search, programType: params.programType },
    schema: PublishedProgramPage,
    signal,
  });
}

export function publishedProgramsQueryOptions(params: PublishedProgramListParams) {
  const normalized: PublishedProgramListParams = { ...params, search: searchTermOrUndefined(params.search) };
  return queryOptions({
    queryKey: programCatalogueKeys.list(normalized),
    queryFn: ({ signal }) => findPublishedPrograms(normalized, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePublishedPrograms(params: PublishedProgramListParams) {
  return useQuery(publishedProgramsQueryOptions(params));
}
