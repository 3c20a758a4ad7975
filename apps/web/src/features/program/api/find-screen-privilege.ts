import { queryOptions, useQuery } from '@tanstack/react-query';
import { ScreenPrivilege } from '@certs/shared/program/program-user.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

/** What the signed-in user may do on an admin screen, e.g. "Programs" (`userprivilege/{screen}`). */
export function findScreenPrivilege(screen: string, signal?: AbortSignal): Promise<ScreenPrivilege> {
  return apiRequest(`/api/userprivilege/${encodeURIComponent(screen)}`, { schema: ScreenPrivilege, signal });
}

export function screenPrivilegeQueryOptions(screen: string) {
  return queryOptions({ queryKey: programKeys.screenPrivilege(screen), queryFn: ({ signal }) => findScreenPrivilege(screen, signal) });
}

export function useScreenPrivilege(screen: string) {
  return useQuery(screenPrivilegeQueryOptions(screen));
}
