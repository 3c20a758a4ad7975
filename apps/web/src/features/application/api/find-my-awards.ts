import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { AwardPage } from '@certs/shared/application/application.contract';
import { apiRequest } from '../../../lib/api-client';
import { applicationKeys, type ApplicationListParams } from './application.keys';

export type AwardPage = z.infer<typeof AwardPage>;

/** The signed-in applicant's awards; empty until awards exist. */
export function findMyAwards(params: ApplicationListParams, signal?: AbortSignal): Promise<AwardPage> {
  return apiRequest('/api/applicant/awards', { query: { page: params.page, pageSize: params.pageSize }, schema: AwardPage, signal });
}

export function myAwardsQueryOptions(params: ApplicationListParams) {
  return queryOptions({ queryKey: applicationKeys.awards(params), queryFn: ({ signal }) => findMyAwards(params, signal), placeholderData: keepPreviousData });
}

export function useMyAwards(params: ApplicationListParams) {
  return useQuery(myAwardsQueryOptions(params));
}
