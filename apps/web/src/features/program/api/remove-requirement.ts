import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export function removeRequirement(id: string): Promise<void> {
  return apiRequest(`/api/programrequirement/remove/${encodeURIComponent(id)}`);
}

export function useRemoveRequirement(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRequirement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.program(programId) }),
  });
}
