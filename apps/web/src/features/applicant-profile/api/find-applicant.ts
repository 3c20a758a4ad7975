import { queryOptions, useQuery } from '@tanstack/react-query';
import { Applicant } from '@certs/shared/applicant/applicant.contract';
import { apiRequest } from '../../../lib/api-client';
import { applicantProfileKeys } from './applicant-profile.keys';

/** An applicant's own profile; any other id answers 403 or 404. */
export function findApplicant(id: string, signal?: AbortSignal): Promise<Applicant> {
  return apiRequest(`/api/applicant/${encodeURIComponent(id)}`, { schema: Applicant, signal });
}

export function applicantQueryOptions(id: string) {
  return queryOptions({ queryKey: applicantProfileKeys.detail(id), queryFn: ({ signal }) => findApplicant(id, signal) });
}

export function useApplicant(id: string | null) {
  return useQuery({ ...applicantQueryOptions(id ?? ''), enabled: !!id });
}
