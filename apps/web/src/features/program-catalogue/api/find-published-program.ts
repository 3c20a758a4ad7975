import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublishedProgramDetail } from '@certs/shared/program/program-catalogue.contract';
import { apiRequest } from '../../../lib/api-client';
import { programCatalogueKeys } from './program-catalogue.keys';

/** A published program as applicants read it; 404 for anything not published. */
export function findPublishedProgram(id: string, signal?: AbortSignal): Promise<PublishedProgramDetail> {
  return apiRequest(`/api/program/published/${encodeURIComponent(id)}`, { schema: PublishedProgramDetail, signal });
}

export function publishedProgramQueryOptions(id: string) {
  return queryOptions({ queryKey: programCatalogueKeys.detail(id), queryFn: ({ signal }) => findPublishedProgram(id, signal) });
}

export function usePublishedProgram(id: string) {
  return useQuery(publishedProgramQueryOptions(id));
}
