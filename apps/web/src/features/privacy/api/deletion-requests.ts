import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DeletionRequest, DeletionRequestPage } from '@certs/shared/privacy/privacy.contract';
import { apiRequest } from '../../../lib/api-client';
import { privacyKeys, type DeletionRequestListParams } from './privacy.keys';

/** Deletion requests for super users and account administrators, open ones first. */
export function findDeletionRequests(params: DeletionRequestListParams, signal?: AbortSignal): Promise<DeletionRequestPage> {
  return apiRequest('/api/privacy/deletion-requests', { query: { page: params.page, pageSize: params.pageSize }, schema: DeletionRequestPage, signal });
}

export function deletionRequestsQueryOptions(params: DeletionRequestListParams) {
  return queryOptions({
    queryKey: privacyKeys.deletionRequests(params),
    queryFn: ({ signal }) => findDeletionRequests(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeletionRequests(params: DeletionRequestListParams) {
  return useQuery(deletionRequestsQueryOptions(params));
}

/** Completes a request: the server anonymises the applicant (a second completion answers 409). */
export function completeDeletionRequest(id: string): Promise<DeletionRequest> {
  return apiRequest(`/api/privacy/deletion-requests/${encodeURIComponent(id)}/complete`, { method: 'POST', schema: DeletionRequest });
}

export function useCompleteDeletionRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeDeletionRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: privacyKeys.all }),
  });
}
