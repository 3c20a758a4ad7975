import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApplicantPage } from '@certs/shared/applicant/applicant.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { apiRequest } from '../../../lib/api-client';
import { applicantProfileKeys, type ApplicantListParams } from './applicant-profile.keys';

export type ApplicantPage = z.infer<typeof ApplicantPage>;
export type ApplicantListRow = ApplicantPage['rows'][number];

/** Applicants for staff (spec section 7: api/applicant/pagination/all), with search and members only. */
export function findApplicants(params: ApplicantListParams, signal?: AbortSignal): Promise<ApplicantPage> {
  return apiRequest('/api/applicant/pagination/all', {
    query: {
      page: params.page,
      pageSize: params.pageSize,
      searchTerm: params.searchTerm,
      canShowActiveMember: params.membersOnly ? 'true' : undefined,
    },
    schema: ApplicantPage,
    signal,
  });
}

export function applicantsQueryOptions(params: ApplicantListParams) {
  const normalized: ApplicantListParams = { ...params, searchTerm: searchTermOrUndefined(params.searchTerm), membersOnly: params.membersOnly || undefined };
  return queryOptions({
    queryKey: applicantProfileKeys.list(normalized),
    queryFn: ({ signal }) => findApplicants(normalized, signal),
    placeholderData: keepPreviousData,
  });
}

export function useApplicants(params: ApplicantListParams) {
  return useQuery(applicantsQueryOptions(params));
}
