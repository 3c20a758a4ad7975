import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AwardPage } from '@certs/shared/award/award.contract';
import { apiRequest } from '../../../lib/api-client';
import { awardKeys, type AwardListParams } from './award.keys';

/** Staff's sub-list of one applicant's awards (only those in programs the caller may see). */
export function findApplicantAwards(applicantId: string, params: AwardListParams, signal?: AbortSignal): Promise<AwardPage> {
  return apiRequest(`/api/applicant/${encodeURIComponent(applicantId)}/awards`, { query: { page: params.page, pageSize: params.pageSize }, schema: AwardPage, signal });
}

export function applicantAwardsQueryOptions(applicantId: string, params: AwardListParams) {
  return queryOptions({
    queryKey: awardKeys.ofApplicant(applicantId, params),
    queryFn: ({ signal }) => findApplicantAwards(applicantId, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useApplicantAwards(applicantId: string | null, params: AwardListParams) {
  return useQuery({ ...applicantAwardsQueryOptions(applicantId ?? '', params), enabled: !!applicantId });
}
