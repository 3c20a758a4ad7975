import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Appeal, AppealOptions, AppealPage, type LodgeAppealRequest } from '@certs/shared/appeal/appeal.contract';
import { apiRequest } from '../../../lib/api-client';
import { appealKeys } from './appeal.keys';

/** What the person may appeal on their application (`GET api/appeals/options`). */
export function useAppealOptions(applicationId: string) {
  return useQuery({
    queryKey: appealKeys.options(applicationId),
    queryFn: ({ signal }) => apiRequest('/api/appeals/options', { query: { applicationId }, schema: AppealOptions, signal }),
  });
}

/** The person's own appeals, of one application or all (`GET api/appeals/mine`). */
export function useMyAppeals(applicationId: string | undefined, page = 1, pageSize = 10) {
  return useQuery({
    queryKey: appealKeys.mine(applicationId, page, pageSize),
    queryFn: ({ signal }) => apiRequest('/api/appeals/mine', { query: { page, pageSize, ...(applicationId ? { applicationId } : {}) }, schema: AppealPage, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One of the person's appeals by the reference they were mailed (`GET api/appeals/reference/{reference}`). */
export function useAppealByReference(reference: string) {
  return useQuery({
    queryKey: appealKeys.byReference(reference),
    queryFn: ({ signal }) => apiRequest(`/api/appeals/reference/${encodeURIComponent(reference)}`, { schema: Appeal, signal }),
    retry: false,
  });
}

export function useLodgeAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: LodgeAppealRequest) => apiRequest('/api/appeals', { method: 'POST', body: request, schema: Appeal }),
    // The application's status, history and review moved too.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
