import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AwardPage } from '@certs/shared/award/award.contract';
import { PAGE_SIZE_OPTIONS } from '@certs/shared/common/paging';
import { apiRequest } from '../../../lib/api-client';
import { awardKeys, type AwardListParams } from './award.keys';

/** The signed-in applicant's own awards. */
export function findMyAwards(params: AwardListParams, signal?: AbortSignal): Promise<AwardPage> {
  return apiRequest('/api/applicant/awards', { query: { page: params.page, pageSize: params.pageSize }, schema: AwardPage, signal });
}

export function myAwardsQueryOptions(params: AwardListParams) {
  return queryOptions({ queryKey: awardKeys.mine(params), queryFn: ({ signal }) => findMyAwards(params, signal), placeholderData: keepPreviousData });
}

export function useMyAwards(params: AwardListParams) {
  return useQuery(myAwardsQueryOptions(params));
}

/** The applicant's awards from one of their applications (their Awards list, kept to its rows). */
export function useMyApplicationAwards(applicationId: string) {
  return useQuery({
    ...myAwardsQueryOptions({ page: 1, pageSize: Math.max(...PAGE_SIZE_OPTIONS) }),
    select: (page) => page.rows.filter((row) => row.applicationId === applicationId),
  });
}
