import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Application } from '@certs/shared/application/application.contract';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { apiRequest } from '../../../lib/api-client';
import { applicationKeys } from './application.keys';

/** Submits a saved draft (Application Submitted); it is read-only to the applicant from then on. */
export function submitApplication(type: ApplicationTypePath, id: string): Promise<Application> {
  return apiRequest(`/api/${type}/${encodeURIComponent(id)}/submit`, { method: 'POST', schema: Application });
}

export function useSubmitApplication(type: ApplicationTypePath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => submitApplication(type, id),
    onSuccess: (submitted) => {
      queryClient.setQueryData(applicationKeys.detail(type, submitted.id), submitted);
      queryClient.setQueryData(applicationKeys.current(type, submitted.programId, submitted.applicantId), { application: submitted });
      return queryClient.invalidateQueries({ queryKey: applicationKeys.all });
    },
  });
}
