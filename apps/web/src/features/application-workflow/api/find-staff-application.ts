import { queryOptions, useQuery } from '@tanstack/react-query';
import { StaffApplicationDetails } from '@certs/shared/application/application-stage.contract';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { apiRequest } from '../../../lib/api-client';
import { applicationWorkflowKeys } from './application-workflow.keys';

/** Everything the staff's application page shows (`{type}/{id}/details`). */
export function findStaffApplication(type: ApplicationTypePath, id: string, signal?: AbortSignal): Promise<StaffApplicationDetails> {
  return apiRequest(`/api/${type}/${encodeURIComponent(id)}/details`, { schema: StaffApplicationDetails, signal });
}

export function staffApplicationQueryOptions(type: ApplicationTypePath, id: string) {
  return queryOptions({
    queryKey: applicationWorkflowKeys.details(type, id),
    queryFn: ({ signal }) => findStaffApplication(type, id, signal),
    // Several staff work on one application: a decision starts from what it is now.
    staleTime: 0,
  });
}

export function useStaffApplication(type: ApplicationTypePath, id: string) {
  return useQuery(staffApplicationQueryOptions(type, id));
}
