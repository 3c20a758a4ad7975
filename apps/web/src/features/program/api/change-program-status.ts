import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Program } from '@certs/shared/program/program.contract';
import type { ProgramAction } from '@certs/shared/program/program-status';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

/** Publish, archive or restore: the server checks the move and, for publishing, completeness. */
export function changeProgramStatus(id: string, action: ProgramAction): Promise<Program> {
  return apiRequest(`/api/program/${encodeURIComponent(id)}/${action}`, { method: 'POST', schema: Program });
}

export function useChangeProgramStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ProgramAction }) => changeProgramStatus(id, action),
    onSuccess: (program) => {
      queryClient.setQueryData(programKeys.detail(program.id), program);
      void queryClient.invalidateQueries({ queryKey: programKeys.lists() });
      return queryClient.invalidateQueries({ queryKey: programKeys.program(program.id) });
    },
  });
}
