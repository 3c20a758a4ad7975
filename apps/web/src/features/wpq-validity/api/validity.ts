import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ConfirmationDone,
  ConfirmationLinkSent,
  ExtensionLog,
  WpqRevalidation,
  WpqRenewalPage,
  WpqValidity,
  type ExaminerConfirmationRequest,
  type RevalidationCancelRequest,
  type RevalidationDecisionRequest,
  type RevalidationSubmitRequest,
} from '@certs/shared/wpq/wpq-validity.contract';
import { apiRequest } from '../../../lib/api-client';

/** A welder qualification's validity (decision 026): read by the welder and the program's staff. */
const base = (recordId: string) => `/api/wpq/${encodeURIComponent(recordId)}`;
export const wpqValidityKeys = { of: (recordId: string) => ['wpq-validity', recordId] as const };

export function useWpqValidity(recordId: string) {
  return useQuery({
    queryKey: wpqValidityKeys.of(recordId),
    queryFn: ({ signal }) => apiRequest(`${base(recordId)}/validity`, { schema: WpqValidity, signal }),
    retry: false,
  });
}

/** Mails the employer's welding coordinator a new link for the open confirmation (the program's examiners and managers). */
export function useSendConfirmationLink(recordId: string) {
  return useMutation({ mutationFn: () => apiRequest(`${base(recordId)}/confirmation/link`, { method: 'POST', schema: ConfirmationLinkSent }) });
}

/** The examiner confirms the open confirmation instead of the employer. */
export function useConfirmByExaminer(recordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ExaminerConfirmationRequest) => apiRequest(`${base(recordId)}/confirmation`, { method: 'POST', body: request, schema: ConfirmationDone }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wpqValidityKeys.of(recordId) }),
  });
}

/** The welder (or the program's managers for them) asks for revalidation with two production welds (9.3 b). */
export function useSubmitRevalidation(recordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RevalidationSubmitRequest) => apiRequest(`${base(recordId)}/revalidation/submit`, { method: 'POST', body: request, schema: WpqRevalidation }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wpqValidityKeys.of(recordId) }),
  });
}

/** The program's managers approve (the validity extends 2 years) or refuse with a reason. */
export function useDecideRevalidation(recordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revalidationId, ...request }: RevalidationDecisionRequest & { revalidationId: string }) =>
      apiRequest(`${base(recordId)}/revalidation/${encodeURIComponent(revalidationId)}/decide`, { method: 'POST', body: request, schema: WpqRevalidation }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: wpqValidityKeys.of(recordId) });
      await queryClient.invalidateQueries({ queryKey: ['wpq-extension-log', recordId] });
    },
  });
}

/** The program's managers cancel an open request with a reason: the fee's invoice is void, the application Awarded again (decision 044). */
export function useCancelRevalidation(recordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ revalidationId, ...request }: RevalidationCancelRequest & { revalidationId: string }) =>
      apiRequest(`${base(recordId)}/revalidation/${encodeURIComponent(revalidationId)}/cancel`, { method: 'POST', body: request, schema: WpqRevalidation }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: wpqValidityKeys.of(recordId) });
      await queryClient.invalidateQueries({ queryKey: ['wpq-extension-log', recordId] });
    },
  });
}

export interface WeldersDueParams {
  page: number;
  pageSize: number;
  withinDays: number;
  searchTerm?: string;
}

/** Welders whose confirmation, revalidation or new test falls due within the days given, in the caller's programs. */
export function findWeldersDue(request: WeldersDueParams, signal?: AbortSignal) {
  return apiRequest('/api/applicant/search/wpqrenewal', { method: 'POST', body: { ...request, searchTerm: request.searchTerm || undefined }, schema: WpqRenewalPage, signal });
}

export function useWeldersDue(request: WeldersDueParams) {
  return useQuery({
    queryKey: ['wpq-welders-due', request],
    queryFn: ({ signal }) => findWeldersDue(request, signal),
    placeholderData: (previous) => previous,
  });
}

const extensionLogKey = (recordId: string) => ['wpq-extension-log', recordId] as const;

/** The log of a qualification's extension requests and decisions (staff). */
export function useExtensionLog(recordId: string, enabled: boolean) {
  return useQuery({
    queryKey: extensionLogKey(recordId),
    queryFn: ({ signal }) => apiRequest(`${base(recordId)}/extensionlogs`, { schema: ExtensionLog, signal }),
    enabled,
  });
}

/** Staff add what they learned of a request (a call, a report received) to the log. */
export function useAddExtensionDetails(recordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestDetails: string) =>
      apiRequest('/api/wpqextensionlogs/update/requestdetails', { method: 'POST', body: { wpqRecordId: recordId, requestDetails }, schema: ExtensionLog }),
    onSuccess: (entries) => queryClient.setQueryData(extensionLogKey(recordId), entries),
  });
}
