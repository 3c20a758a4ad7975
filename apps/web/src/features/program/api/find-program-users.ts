import { queryOptions, useQuery } from '@tanstack/react-query';
import { ProgramUserList, type ProgramUser } from '@certs/shared/program/program-user.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

/** Everyone who holds a role in the program, one entry per user with all their roles. */
export function findProgramUsers(programId: string, signal?: AbortSignal): Promise<ProgramUser[]> {
  return apiRequest(`/api/programuser/allusers/${encodeURIComponent(programId)}`, { schema: ProgramUserList, signal });
}

export function programUsersQueryOptions(programId: string) {
  return queryOptions({ queryKey: programKeys.users(programId), queryFn: ({ signal }) => findProgramUsers(programId, signal) });
}

export function useProgramUsers(programId: string) {
  return useQuery(programUsersQueryOptions(programId));
}
