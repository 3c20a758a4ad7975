import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import {
  Appeal,
  AppealPage,
  HandlerCandidates,
  type AppealDecisionRequest,
  type AppealNoteRequest,
  type AppealStatusRequest,
  type AssignHandlerRequest,
} from '@certs/shared/appeal/appeal.contract';
import { apiRequest } from '../../../lib/api-client';
import { appealKeys, type AppealRegisterParams } from './appeal.keys';

/** The register, one page with its filters (`GET api/appeals`). */
export function findAppeals(params: AppealRegisterParams, signal?: AbortSignal): Promise<AppealPage> {
  return apiRequest('/api/appeals', { query: { ...params, search: searchTermOrUndefined(params.search) }, schema: AppealPage, signal });
}

export function useAppealRegister(params: AppealRegisterParams, enabled = true) {
  return useQuery({ queryKey: appealKeys.register(params), queryFn: ({ signal }) => findAppeals(params, signal), placeholderData: keepPreviousData, enabled });
}

export function useAppeal(id: string) {
  return useQuery({ queryKey: appealKeys.details(id), queryFn: ({ signal }) => apiRequest(`/api/appeals/${encodeURIComponent(id)}`, { schema: Appeal, signal }), retry: false });
}

export function useAppealHandlers(id: string, enabled: boolean) {
  return useQuery({ queryKey: appealKeys.handlers(id), queryFn: ({ signal }) => apiRequest(`/api/appeals/${encodeURIComponent(id)}/handlers`, { schema: HandlerCandidates, signal }), enabled });
}

function useAppealChange<Input>(id: string, action: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Input) => apiRequest(`/api/appeals/${encodeURIComponent(id)}/${action}`, { method: 'POST', body, schema: Appeal }),
    onSuccess: (appeal) => queryClient.setQueryData(appealKeys.details(id), appeal),
    // A decision moves the application, its history and its award too.
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export const useAssignAppealHandler = (id: string) => useAppealChange<AssignHandlerRequest>(id, 'handler');
export const useAddAppealNote = (id: string) => useAppealChange<AppealNoteRequest>(id, 'notes');
export const useMoveAppealStatus = (id: string) => useAppealChange<AppealStatusRequest>(id, 'status');
export const useDecideAppeal = (id: string) => useAppealChange<AppealDecisionRequest>(id, 'decide');
