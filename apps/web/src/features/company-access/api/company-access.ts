import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { COMPANY_ACCESS_PATHS, CompanyAccess, FormerPerson } from '@certs/shared/company-access/company-access.contract';
import { apiRequest } from '../../../lib/api-client';

/** The company feature's key of the applicant's employer (`companyKeys.employer`): an ended link refreshes the Experience tab's choice. */
const EMPLOYER_KEY = ['companies', 'employer'] as const;

/** Under the applicant's employer key, so a change of employer and an ended link refresh both. */
export const companyAccessKeys = {
  access: [...EMPLOYER_KEY, 'access'] as const,
  formerPeople: ['employer', 'former-people'] as const,
};

/** Which company sees the applicant's records, the links they ended, and companies' checks of their certificates. */
export function useCompanyAccess() {
  return useQuery({ queryKey: companyAccessKeys.access, queryFn: ({ signal }) => apiRequest(COMPANY_ACCESS_PATHS.access, { schema: CompanyAccess, signal }) });
}

/** Ends the applicant's approved employer link; their employer (the Experience tab's choice) is then none. */
export function useEndEmployerLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(COMPANY_ACCESS_PATHS.end, { method: 'POST', body: {}, schema: CompanyAccess }),
    onSuccess: (access) => {
      queryClient.setQueryData(companyAccessKeys.access, access);
      return queryClient.invalidateQueries({ queryKey: EMPLOYER_KEY, exact: true });
    },
  });
}

/** The company's former people (its portal's People page). */
export function useFormerPeople() {
  return useQuery({ queryKey: companyAccessKeys.formerPeople, queryFn: ({ signal }) => apiRequest(COMPANY_ACCESS_PATHS.formerPeople, { schema: z.array(FormerPerson), signal }) });
}
