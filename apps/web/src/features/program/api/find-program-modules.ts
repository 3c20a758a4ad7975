import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ProgramModule } from '@certs/shared/program/program-module.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

const ProgramModuleList = z.array(ProgramModule);

/** A program's modules in their order; `isRenewal` asks for AICIP renewal modules instead. */
export function findProgramModules(programId: string, isRenewal: boolean, signal?: AbortSignal): Promise<ProgramModule[]> {
  return apiRequest(`/api/program/${encodeURIComponent(programId)}/modules`, {
    query: { renewal: isRenewal },
    schema: ProgramModuleList,
    signal,
  });
}

export function programModulesQueryOptions(programId: string, isRenewal: boolean) {
  return queryOptions({
    queryKey: programKeys.modules(programId, isRenewal),
    queryFn: ({ signal }) => findProgramModules(programId, isRenewal, signal),
  });
}

export function useProgramModules(programId: string, isRenewal: boolean) {
  return useQuery(programModulesQueryOptions(programId, isRenewal));
}
