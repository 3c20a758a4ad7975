import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Program, type ProgramValues } from '@certs/shared/program/program.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export function updateProgram(id: string, request: ProgramValues): Promise<Program> {
  return apiRequest(`/api/program/update/${encodeURIComponent(id)}`, { method: 'POST', body: request, schema: Program });
}

export function useUpdateProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: ProgramValues }) => updateProgram(id, request),
    onSuccess: (program) => {
      queryClient.setQueryData(programKeys.detail(program.id), program);
      void queryClient.invalidateQueries({ queryKey: programKeys.lists() });
      return queryClient.invalidateQueries({ queryKey: programKeys.program(program.id) });
    },
  });
}
