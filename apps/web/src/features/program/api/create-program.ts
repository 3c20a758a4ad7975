import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Program, type ProgramValues } from '@certs/shared/program/program.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export function createProgram(request: ProgramValues): Promise<Program> {
  return apiRequest('/api/program', { method: 'POST', body: request, schema: Program });
}

export function useCreateProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProgram,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programKeys.lists() }),
  });
}
