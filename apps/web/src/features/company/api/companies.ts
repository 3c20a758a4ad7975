import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { Company, CompanyOption, CompanyPage, Employer, EmployerClaim, type CompanyRequest, type DecideEmployerClaimRequest, type NewCompanyRequest } from '@certs/shared/company/company.contract';
import { apiRequest } from '../../../lib/api-client';

export interface CompanyListParams {
  page: number;
  pageSize: number;
  searchTerm?: string;
}

/** Query keys of companies and the applicant's employer. */
export const companyKeys = {
  all: ['companies'] as const,
  list: (params: CompanyListParams) => [...companyKeys.all, 'list', params] as const,
  options: (term: string | undefined) => [...companyKeys.all, 'options', term ?? ''] as const,
  employer: ['companies', 'employer'] as const,
  pendingClaims: ['companies', 'claims', 'pending'] as const,
};

/** Staff's list with the spec's paging names (`api/company/pagination`). */
export function findCompanies(params: CompanyListParams, signal?: AbortSignal): Promise<CompanyPage> {
  return apiRequest('/api/company/pagination', { query: { currentPage: params.page, perPageCount: params.pageSize, searchTerm: searchTermOrUndefined(params.searchTerm) }, schema: CompanyPage, signal });
}

export function useCompanies(params: CompanyListParams) {
  const searchTerm = searchTermOrUndefined(params.searchTerm);
  return useQuery({
    queryKey: companyKeys.list({ ...params, searchTerm }),
    queryFn: ({ signal }) => findCompanies({ ...params, searchTerm }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string | null; request: CompanyRequest }) =>
      id ? apiRequest(`/api/company/update/${encodeURIComponent(id)}`, { method: 'POST', body: request, schema: Company }) : apiRequest('/api/company', { method: 'POST', body: request, schema: Company }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}

/** The applicant's choice: active companies by name. */
export function useCompanyOptions(term: string | undefined) {
  const searchTerm = searchTermOrUndefined(term);
  return useQuery({ queryKey: companyKeys.options(searchTerm), queryFn: ({ signal }) => apiRequest('/api/company/options', { query: { searchTerm }, schema: z.array(CompanyOption), signal }), placeholderData: keepPreviousData });
}

export function useEmployer() {
  return useQuery({ queryKey: companyKeys.employer, queryFn: ({ signal }) => apiRequest('/api/company/employer', { schema: Employer, signal }) });
}

export function useSetEmployer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string | null) => apiRequest('/api/company/employer', { method: 'POST', body: { companyId }, schema: Employer }),
    onSuccess: (employer) => queryClient.setQueryData(companyKeys.employer, employer),
  });
}

export function useRequestCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: NewCompanyRequest) => apiRequest('/api/company/request', { method: 'POST', body: request, schema: Employer }),
    onSuccess: (employer) => queryClient.setQueryData(companyKeys.employer, employer),
  });
}

/** Staff's list of applicants' claims to work for a company that wait for a decision (decision 036). */
export function usePendingEmployerClaims() {
  return useQuery({ queryKey: companyKeys.pendingClaims, queryFn: ({ signal }) => apiRequest('/api/company/claims', { query: { status: 'pending' }, schema: z.array(EmployerClaim), signal }) });
}

export function useDecideEmployerClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyId, applicantId, decision }: { companyId: string; applicantId: string } & DecideEmployerClaimRequest) =>
      apiRequest(`/api/company/${encodeURIComponent(companyId)}/claims/${encodeURIComponent(applicantId)}`, { method: 'POST', body: { decision }, schema: EmployerClaim }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.all }),
  });
}
