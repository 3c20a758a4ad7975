import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export function removeProgramUser(programId: string, userId: string): Promise<void> {
  return apiRequest(`/api/programuser/remove/${encodeURIComponent(programId)}/${encodeURIComponent(userId)}`, { method: 'POST' });
}

export function useRemoveProgramUser(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeProgramUser(programId, userId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.program(programId) }),
  });
}
