import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { EmployerClaim, type DecideEmployerClaimRequest, type EmployerClaimStatus } from '@certs/shared/company/company.contract';
import { CompanyUser, EmployerCompany, type InviteCompanyUserRequest, type UpdateCompanyUserRequest } from '@certs/shared/employer/employer.contract';
import { apiRequest } from '../../../lib/api-client';

/** Query keys of the company portal's own data (issue 42). */
export const employerKeys = {
  all: ['employer'] as const,
  company: ['employer', 'company'] as const,
  users: ['employer', 'users'] as const,
  claims: (status: EmployerClaimStatus) => ['employer', 'claims', status] as const,
};

/** The company the signed-in company user acts for, with its counts. */
export function useEmployerCompany() {
  return useQuery({ queryKey: employerKeys.company, queryFn: ({ signal }) => apiRequest('/api/employer/company', { schema: EmployerCompany, signal }) });
}

export function useCompanyUsers(enabled = true) {
  return useQuery({ queryKey: employerKeys.users, enabled, queryFn: ({ signal }) => apiRequest('/api/employer/users', { schema: z.array(CompanyUser), signal }) });
}

export function useInviteCompanyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: InviteCompanyUserRequest) => apiRequest('/api/employer/users', { method: 'POST', body: request, schema: CompanyUser }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employerKeys.users }),
  });
}

export function useUpdateCompanyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...request }: { userId: string } & UpdateCompanyUserRequest) =>
      apiRequest(`/api/employer/users/${encodeURIComponent(userId)}`, { method: 'POST', body: request, schema: CompanyUser }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employerKeys.users }),
  });
}

export function useCompanyClaims(status: EmployerClaimStatus) {
  return useQuery({ queryKey: employerKeys.claims(status), queryFn: ({ signal }) => apiRequest('/api/employer/claims', { query: { status }, schema: z.array(EmployerClaim), signal }) });
}

export function useDecideCompanyClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicantId, decision }: { applicantId: string } & DecideEmployerClaimRequest) =>
      apiRequest(`/api/employer/claims/${encodeURIComponent(applicantId)}`, { method: 'POST', body: { decision }, schema: EmployerClaim }),
    // The claims of every status and the home page's counts change together.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employerKeys.all }),
  });
}
