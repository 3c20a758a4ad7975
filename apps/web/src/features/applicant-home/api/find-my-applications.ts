import { useQuery } from '@tanstack/react-query';
import { ApplicationPage } from '@certs/shared/application/application.contract';
import { AwardPage } from '@certs/shared/award/award.contract';
import { PAGE_SIZE_OPTIONS } from '@certs/shared/common/paging';
import { apiRequest } from '../../../lib/api-client';

const ALL = Math.max(...PAGE_SIZE_OPTIONS);

/** All of the signed-in applicant's applications (one page of the largest size), under the application feature's key. */
export function useAllMyApplications() {
  const params = { page: 1, pageSize: ALL };
  return useQuery({
    queryKey: ['applications', 'mine', params] as const,
    queryFn: ({ signal }) => apiRequest('/api/applicant/applications', { query: params, schema: ApplicationPage, signal }),
  });
}

/** The applicant's awards (one page of the largest size), under the award feature's key: what each award is now. */
export function useAllMyAwards() {
  const params = { page: 1, pageSize: ALL };
  return useQuery({
    queryKey: ['awards', 'mine', params] as const,
    queryFn: ({ signal }) => apiRequest('/api/applicant/awards', { query: params, schema: AwardPage, signal }),
  });
}
