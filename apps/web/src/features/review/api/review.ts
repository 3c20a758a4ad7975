import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReviewState, type ReviewDecisionRequest, type ReviewRequest, type ReviewTypePath } from '@certs/shared/review/review.contract';
import { apiRequest } from '../../../lib/api-client';

export const reviewKeys = {
  all: ['reviews'] as const,
  ofApplication: (type: ReviewTypePath, applicationId: string) => [...reviewKeys.all, type, applicationId] as const,
};

const reviewPath = (type: ReviewTypePath, applicationId: string) => `/api/${type}/${encodeURIComponent(applicationId)}/review`;

/** Whether a review may be asked for, the modules, and every review of the application (`GET {type}/{id}/review`). */
export function useReviewState(type: ReviewTypePath, applicationId: string, enabled = true) {
  return useQuery({
    queryKey: reviewKeys.ofApplication(type, applicationId),
    queryFn: ({ signal }) => apiRequest(reviewPath(type, applicationId), { schema: ReviewState, signal }),
    enabled,
  });
}

export function useAskForReview(type: ReviewTypePath, applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReviewRequest) => apiRequest(reviewPath(type, applicationId), { method: 'POST', body: request, schema: ReviewState }),
    onSuccess: (state) => queryClient.setQueryData(reviewKeys.ofApplication(type, applicationId), state),
    // The application's status and history moved too.
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useDecideReview(type: ReviewTypePath, applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ReviewDecisionRequest) => apiRequest(`${reviewPath(type, applicationId)}/decide`, { method: 'POST', body: request, schema: ReviewState }),
    onSuccess: (state) => queryClient.setQueryData(reviewKeys.ofApplication(type, applicationId), state),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
