import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Payment } from '@certs/shared/payment/payment.contract';
import {
  AicipPaymentApplication,
  AicipPaymentApplicationPage,
  FoundUserPage,
  SupportActionResponse,
  SupportLogPage,
  TemporaryPasswordResponse,
  type AicipPaymentRequest,
  type FoundUser,
} from '@certs/shared/support/support.contract';
import { apiRequest } from '../../../lib/api-client';

export const supportKeys = {
  all: ['support'] as const,
  users: (params: object) => [...supportKeys.all, 'users', params] as const,
  log: (params: object) => [...supportKeys.all, 'log', params] as const,
  aicipWaiting: (params: object) => [...supportKeys.all, 'aicip', 'waiting', params] as const,
  aicipApplication: (applicationId: string) => [...supportKeys.all, 'aicip', 'application', applicationId] as const,
};

export type FindBy = 'all' | 'email' | 'name' | 'number';

/** `api/108/finduser`: staff and applicants by email, name or number; asked only for 2 characters or more. */
export function useFoundUsers(params: { searchTerm?: string; searchBy: FindBy; page: number; pageSize: number }) {
  const term = params.searchTerm?.trim() ?? '';
  return useQuery({
    queryKey: supportKeys.users({ ...params, searchTerm: term }),
    queryFn: ({ signal }) =>
      apiRequest('/api/108/finduser', { query: { searchTerm: term, searchBy: params.searchBy, currentPage: params.page, perPageCount: params.pageSize }, schema: FoundUserPage, signal }),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useSupportLog(params: { page: number; pageSize: number; searchTerm?: string }) {
  return useQuery({
    queryKey: supportKeys.log(params),
    queryFn: ({ signal }) => apiRequest('/api/108/log', { query: { currentPage: params.page, perPageCount: params.pageSize, searchTerm: params.searchTerm?.trim() || undefined }, schema: SupportLogPage, signal }),
    placeholderData: keepPreviousData,
  });
}

export type SupportActionKind = 'active' | 'inactive' | 'temporaryPassword' | 'activationLink';

/** One support action on a user, with the reason the log keeps; the lists are read again after it. */
export function useSupportAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ user, kind, reason }: { user: FoundUser; kind: SupportActionKind; reason: string }) => {
      const base = `/api/108/user/${user.userId}`;
      if (kind === 'temporaryPassword') return apiRequest(`${base}/temporarypassword`, { method: 'POST', body: { reason }, schema: TemporaryPasswordResponse });
      if (kind === 'activationLink') return apiRequest(`${base}/activationlink`, { method: 'POST', body: { reason }, schema: SupportActionResponse });
      return apiRequest(`${base}/active`, { method: 'POST', body: { active: kind === 'active', reason }, schema: SupportActionResponse });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: supportKeys.all }),
  });
}

export interface AicipAwaitingPaymentParams {
  searchTerm?: string;
  page: number;
  pageSize: number;
}

/** `api/108/aicipapplications`: AICIP applications waiting for a payment, searched by number, name, email or member number. */
export function findAicipAwaitingPayment(params: AicipAwaitingPaymentParams, signal?: AbortSignal) {
  const term = params.searchTerm?.trim() || undefined;
  return apiRequest('/api/108/aicipapplications', { query: { searchTerm: term, currentPage: params.page, perPageCount: params.pageSize }, schema: AicipPaymentApplicationPage, signal });
}

export function useAicipAwaitingPayment(params: AicipAwaitingPaymentParams) {
  const term = params.searchTerm?.trim() || undefined;
  return useQuery({
    queryKey: supportKeys.aicipWaiting({ ...params, searchTerm: term }),
    queryFn: ({ signal }) => findAicipAwaitingPayment(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** One AICIP application with its latest invoice and stage (read again after a payment). */
export function useAicipApplication(applicationId: string | null) {
  return useQuery({
    queryKey: supportKeys.aicipApplication(applicationId ?? ''),
    queryFn: ({ signal }) => apiRequest(`/api/108/aicipapplication/${encodeURIComponent(applicationId ?? '')}`, { schema: AicipPaymentApplication, signal }),
    enabled: !!applicationId,
  });
}

/** `POST api/108/aicippayment`: records the payment (logged with the reason); the lists and the application are read again. */
export function useRecordAicipPayment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: AicipPaymentRequest) => apiRequest('/api/108/aicippayment', { method: 'POST', body: request, schema: Payment }),
    onSuccess: () => void client.invalidateQueries({ queryKey: supportKeys.all }),
  });
}
