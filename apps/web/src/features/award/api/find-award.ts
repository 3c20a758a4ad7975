import { queryOptions, useQuery } from '@tanstack/react-query';
import { Award, AwardPage, type AwardRow } from '@certs/shared/award/award.contract';
import { PAGE_SIZE_OPTIONS } from '@certs/shared/common/paging';
import { apiRequest } from '../../../lib/api-client';
import { awardKeys } from './award.keys';

/** One award with its history, for its holder or staff who may read its program. */
export function findAward(id: string, signal?: AbortSignal): Promise<Award> {
  return apiRequest(`/api/award/${encodeURIComponent(id)}`, { schema: Award, signal });
}

export function awardQueryOptions(id: string) {
  return queryOptions({ queryKey: awardKeys.detail(id), queryFn: ({ signal }) => findAward(id, signal) });
}

export function useAward(id: string | null) {
  return useQuery({ ...awardQueryOptions(id ?? ''), enabled: !!id });
}

const LARGEST_PAGE = Math.max(...PAGE_SIZE_OPTIONS);

/**
 * The awards of one application, for staff: the Awards list searched by its application number
 * (which the search covers), kept to the rows of this application. Newest first, as the list
 * orders them; an application has one award, more once it is renewed.
 */
export async function findApplicationAwards(application: { id: string; applicationNumber: string; programId: string }, signal?: AbortSignal): Promise<AwardRow[]> {
  const page = await apiRequest('/api/award/pagination', {
    query: { page: 1, pageSize: LARGEST_PAGE, search: application.applicationNumber, programId: application.programId },
    schema: AwardPage,
    signal,
  });
  return page.rows.filter((row) => row.applicationId === application.id);
}

export function useApplicationAwards(application: { id: string; applicationNumber: string; programId: string }, isEnabled = true) {
  return useQuery({
    queryKey: awardKeys.ofApplication(application.id),
    queryFn: ({ signal }) => findApplicationAwards(application, signal),
    enabled: isEnabled,
  });
}
