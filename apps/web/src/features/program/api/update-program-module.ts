import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ProgramModule, type UpdateModuleRequest } from '@certs/shared/program/program-module.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export type UpdateModuleValues = z.output<typeof UpdateModuleRequest>;

/** Saves every field of a module; inactivating is a save with `isInactive: true`. */
export function updateProgramModule(id: string, request: UpdateModuleValues): Promise<ProgramModule> {
  return apiRequest(`/api/programmodule/update/${encodeURIComponent(id)}`, { method: 'POST', body: request, schema: ProgramModule });
}

export function useUpdateProgramModule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string; request: UpdateModuleValues }) => updateProgramModule(id, request),
    onSuccess: (module) => queryClient.invalidateQueries({ queryKey: programKeys.program(module.programId) }),
  });
}
