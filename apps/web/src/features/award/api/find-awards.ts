import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AwardPage } from '@certs/shared/award/award.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { apiRequest } from '../../../lib/api-client';
import { awardKeys, type StaffAwardListParams } from './award.keys';

type StaffAwardFilters = Omit<StaffAwardListParams, 'page' | 'pageSize'>;

/** The filters as the API takes them: a blank search is no search (spec section 5). */
function filterQuery(filters: StaffAwardFilters): Record<string, string | undefined> {
  return { search: searchTermOrUndefined(filters.search), status: filters.status, programId: filters.programId || undefined };
}

/** Staff's Awards screen: every program the caller may see, or one. */
export function findAwards(params: StaffAwardListParams, signal?: AbortSignal): Promise<AwardPage> {
  return apiRequest('/api/award/pagination', { query: { page: params.page, pageSize: params.pageSize, ...filterQuery(params) }, schema: AwardPage, signal });
}

export function awardsQueryOptions(params: StaffAwardListParams) {
  const normalized: StaffAwardListParams = { page: params.page, pageSize: params.pageSize, ...filterQuery(params) };
  return queryOptions({ queryKey: awardKeys.staffList(normalized), queryFn: ({ signal }) => findAwards(normalized, signal), placeholderData: keepPreviousData });
}

export function useAwards(params: StaffAwardListParams) {
  return useQuery(awardsQueryOptions(params));
}

/** The CSV export of the same filters (no paging: every matching award). */
export function awardsCsvPath(filters: StaffAwardFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filterQuery(filters))) if (value) params.set(key, value);
  const text = params.toString();
  return `/api/award/export${text ? `?${text}` : ''}`;
}
