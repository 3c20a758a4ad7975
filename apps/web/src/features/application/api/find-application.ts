import { useQuery } from '@tanstack/react-query';
import { Application } from '@certs/shared/application/application.contract';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { apiRequest } from '../../../lib/api-client';
import { applicationKeys } from './application.keys';

/** One of the applicant's own applications; anyone else's answers 403 or 404. */
export function findApplication(type: ApplicationTypePath, id: string, signal?: AbortSignal): Promise<Application> {
  return apiRequest(`/api/${type}/${encodeURIComponent(id)}`, { schema: Application, signal });
}

export function useApplication(type: ApplicationTypePath | undefined, id: string) {
  return useQuery({
    queryKey: applicationKeys.detail(type ?? 'qualificationapplication', id),
    queryFn: ({ signal }) => findApplication(type ?? 'qualificationapplication', id, signal),
    enabled: !!type && !!id,
  });
}
