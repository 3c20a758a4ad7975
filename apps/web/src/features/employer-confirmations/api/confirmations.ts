import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfirmWeldersResult, EmployerConfirmationList, type ConfirmWeldersRequest } from '@certs/shared/employer/confirmations.contract';
import { apiRequest } from '../../../lib/api-client';

/** Query keys of the company's confirmations (issue 42), under the portal's own ('employer'). */
export const employerConfirmationKeys = {
  all: ['employer', 'confirmations'] as const,
};

/** The company's people's welder qualifications whose six-monthly confirmation is open or falls due soon. */
export function useEmployerConfirmations() {
  return useQuery({ queryKey: employerConfirmationKeys.all, queryFn: ({ signal }) => apiRequest('/api/employer/confirmations', { schema: EmployerConfirmationList, signal }) });
}

/** The coordinator confirms the welders chosen in one step (all or none). */
export function useConfirmWelders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ConfirmWeldersRequest) => apiRequest('/api/employer/confirmations', { method: 'POST', body: request, schema: ConfirmWeldersResult }),
    // The list and the People page's next confirmation due change together.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['employer'] }),
  });
}
