import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export function removeInstruction(id: string): Promise<void> {
  return apiRequest(`/api/applicantinstruction/remove/${encodeURIComponent(id)}`);
}

export function useRemoveInstruction(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeInstruction,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.program(programId) }),
  });
}
