import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProgramPrivilege } from '@certs/shared/program/program-user.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

/** What the signed-in user may do with one program (`userprivilege/program/{id}`). */
export function findProgramPrivilege(programId: string, signal?: AbortSignal): Promise<ProgramPrivilege> {
  return apiRequest(`/api/userprivilege/program/${encodeURIComponent(programId)}`, { schema: ProgramPrivilege, signal });
}

export function programPrivilegeQueryOptions(programId: string) {
  return queryOptions({ queryKey: programKeys.privilege(programId), queryFn: ({ signal }) => findProgramPrivilege(programId, signal) });
}

export function useProgramPrivilege(programId: string) {
  return useQuery(programPrivilegeQueryOptions(programId));
}
