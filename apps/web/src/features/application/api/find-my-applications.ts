import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApplicationPage } from '@certs/shared/application/application.contract';
import { apiRequest } from '../../../lib/api-client';
import { applicationKeys, type ApplicationListParams } from './application.keys';

/** The signed-in applicant's applications of every type. */
export function findMyApplications(params: ApplicationListParams, signal?: AbortSignal): Promise<ApplicationPage> {
  return apiRequest('/api/applicant/applications', { query: { page: params.page, pageSize: params.pageSize }, schema: ApplicationPage, signal });
}

export function myApplicationsQueryOptions(params: ApplicationListParams) {
  return queryOptions({ queryKey: applicationKeys.mine(params), queryFn: ({ signal }) => findMyApplications(params, signal), placeholderData: keepPreviousData });
}

export function useMyApplications(params: ApplicationListParams) {
  return useQuery(myApplicationsQueryOptions(params));
}
