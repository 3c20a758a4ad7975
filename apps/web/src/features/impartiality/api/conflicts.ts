import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPLICANT_SEARCH_MIN, ApplicantTargetList, CompanyTargetList, ImpartialityScope, StaffConflict, StaffConflictList, StaffConflictPage, type DeclareConflictRequest } from '@certs/shared/impartiality/impartiality.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { apiRequest } from '../../../lib/api-client';
import { impartialityKeys, type ConflictListParams } from './impartiality.keys';

/** The signed-in member of staff's own declarations, ended ones too. */
export function useMyConflicts() {
  return useQuery({ queryKey: impartialityKeys.myConflicts, queryFn: ({ signal }) => apiRequest('/api/conflicts/mine', { schema: StaffConflictList, signal }) });
}

export function useDeclareConflict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: DeclareConflictRequest) => apiRequest('/api/conflicts', { method: 'POST', body: request, schema: StaffConflict }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: impartialityKeys.all }),
  });
}

export function useEndConflict() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(`/api/conflicts/${encodeURIComponent(id)}/end`, { method: 'POST', schema: StaffConflict }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: impartialityKeys.all }),
  });
}

/** The account's applicants whose name or email holds the term (asked for from the third character). */
export function useApplicantTargets(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: impartialityKeys.applicantTargets(trimmed),
    queryFn: ({ signal }) => apiRequest('/api/conflicts/applicants', { query: { searchTerm: trimmed }, schema: ApplicantTargetList, signal }),
    enabled: trimmed.length >= APPLICANT_SEARCH_MIN,
  });
}

export function useCompanyTargets(term: string) {
  const trimmed = term.trim();
  return useQuery({
    queryKey: impartialityKeys.companyTargets(trimmed),
    queryFn: ({ signal }) => apiRequest('/api/conflicts/companies', { query: { searchTerm: searchTermOrUndefined(trimmed) }, schema: CompanyTargetList, signal }),
  });
}

export function findConflicts(params: ConflictListParams, signal?: AbortSignal) {
  return apiRequest('/api/conflicts', {
    query: { page: params.page, pageSize: params.pageSize, status: params.status, kind: params.kind, staffUserId: params.staffUserId, searchTerm: searchTermOrUndefined(params.searchTerm) },
    schema: StaffConflictPage,
    signal,
  });
}

export function useConflictRegister(params: ConflictListParams) {
  return useQuery({ queryKey: impartialityKeys.conflicts(params), queryFn: ({ signal }) => findConflicts(params, signal), placeholderData: keepPreviousData });
}

/** What the caller's registers cover (administrator or a program's manager), with the filters' choices. */
export function useImpartialityScope() {
  return useQuery({ queryKey: impartialityKeys.scope, queryFn: ({ signal }) => apiRequest('/api/conflicts/scope', { schema: ImpartialityScope, signal }) });
}
