import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { CompanyUser, type InviteCompanyUserRequest } from '@certs/shared/employer/employer.contract';
import { apiRequest } from '../../../lib/api-client';

/** Query keys of a company's own users, as staff see them (issue 42). */
export const companyUserKeys = {
  all: ['companies', 'users'] as const,
  of: (companyId: string) => [...companyUserKeys.all, companyId] as const,
};

/** Staff with the Users menu: a company's users (`api/company/:id/users`). */
export function useStaffCompanyUsers(companyId: string) {
  return useQuery({
    queryKey: companyUserKeys.of(companyId),
    queryFn: ({ signal }) => apiRequest(`/api/company/${encodeURIComponent(companyId)}/users`, { schema: z.array(CompanyUser), signal }),
  });
}

/** Staff invite a user of the company (its first coordinator, usually): the server mails the link to choose a password. */
export function useStaffInviteCompanyUser(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: InviteCompanyUserRequest) => apiRequest(`/api/company/${encodeURIComponent(companyId)}/users`, { method: 'POST', body: request, schema: CompanyUser }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyUserKeys.of(companyId) }),
  });
}
