import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export function removeProgramModule(id: string): Promise<void> {
  return apiRequest(`/api/programmodule/remove/${encodeURIComponent(id)}`);
}

export function useRemoveProgramModule(programId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeProgramModule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.program(programId) }),
  });
}
