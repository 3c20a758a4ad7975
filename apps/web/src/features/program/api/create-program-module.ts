import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ProgramModule, type CreateModuleRequest } from '@certs/shared/program/program-module.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export type CreateModuleValues = z.output<typeof CreateModuleRequest>;

export function createProgramModule(request: CreateModuleValues): Promise<ProgramModule> {
  return apiRequest('/api/programmodule/create', { method: 'POST', body: request, schema: ProgramModule });
}

export function useCreateProgramModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProgramModule,
    onSuccess: (module) => queryClient.invalidateQueries({ queryKey: programKeys.program(module.programId) }),
  });
}
