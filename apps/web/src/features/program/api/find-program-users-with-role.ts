import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProgramUserList, type ProgramUser } from '@certs/shared/program/program-user.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys, type ProgramUserRoleKind } from './program.keys';

/** The program's assessors, examiners or invigilators. */
export function findProgramUsersWithRole(programId: string, role: ProgramUserRoleKind, signal?: AbortSignal): Promise<ProgramUser[]> {
  return apiRequest(`/api/programuser/${encodeURIComponent(programId)}/${role}`, { schema: ProgramUserList, signal });
}

export function programUsersWithRoleQueryOptions(programId: string, role: ProgramUserRoleKind) {
  return queryOptions({
    queryKey: programKeys.usersWithRole(programId, role),
    queryFn: ({ signal }) => findProgramUsersWithRole(programId, role, signal),
  });
}

export function useProgramUsersWithRole(programId: string, role: ProgramUserRoleKind) {
  return useQuery(programUsersWithRoleQueryOptions(programId, role));
}
