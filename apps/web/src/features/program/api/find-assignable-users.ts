import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { AssignableUserList } from '@certs/shared/program/program-user.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export type AssignableUser = z.infer<typeof AssignableUserList>[number];

/** Active admin users: who may be a program manager or a program user. */
export function findAssignableUsers(signal?: AbortSignal): Promise<AssignableUser[]> {
  return apiRequest('/api/programuser/assignable', { schema: AssignableUserList, signal });
}

export function assignableUsersQueryOptions() {
  return queryOptions({ queryKey: programKeys.assignableUsers(), queryFn: ({ signal }) => findAssignableUsers(signal), staleTime: 60_000 });
}

/** Only those who may change a program ask for the directory (the server refuses the others). */
export function useAssignableUsers(isEnabled = true) {
  return useQuery({ ...assignableUsersQueryOptions(), enabled: isEnabled });
}
