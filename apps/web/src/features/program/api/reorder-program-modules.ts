import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ProgramModule } from '@certs/shared/program/program-module.contract';
import type { UpdateOrderRequest } from '@certs/shared/program/program-part.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

const ProgramModuleList = z.array(ProgramModule);

/** The new order of one set of modules: the program's modules, or its AICIP renewal modules. */
export function reorderProgramModules(request: UpdateOrderRequest): Promise<ProgramModule[]> {
  return apiRequest('/api/programmodule/update/order', { method: 'POST', body: request, schema: ProgramModuleList });
}

export function useReorderProgramModules(isRenewal: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderProgramModules,
    onSuccess: (modules, { programId }) => queryClient.setQueryData(programKeys.modules(programId, isRenewal), modules),
    onSettled: (_data, _error, { programId }) => queryClient.invalidateQueries({ queryKey: programKeys.modules(programId, isRenewal) }),
  });
}
