import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Application, type SaveApplicationRequest } from '@certs/shared/application/application.contract';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { apiRequest } from '../../../lib/api-client';
import { applicationKeys } from './application.keys';

/** Creates or updates the draft (Application Started). */
export function saveApplication(type: ApplicationTypePath, request: SaveApplicationRequest): Promise<Application> {
  return apiRequest(`/api/${type}/save`, { method: 'POST', body: request, schema: Application });
}

export function useSaveApplication(type: ApplicationTypePath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SaveApplicationRequest) => saveApplication(type, request),
    onSuccess: (saved) => {
      queryClient.setQueryData(applicationKeys.detail(type, saved.id), saved);
      queryClient.setQueryData(applicationKeys.current(type, saved.programId, saved.applicantId), { application: saved });
      return queryClient.invalidateQueries({ queryKey: [...applicationKeys.all, 'mine'] });
    },
  });
}
