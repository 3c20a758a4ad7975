import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { Award } from '@certs/shared/award/award.contract';
import type { AwardAction } from '@certs/shared/award/award-status';
import { apiRequest } from '../../../lib/api-client';
import { awardKeys } from './award.keys';

export interface AwardActionInput {
  action: AwardAction;
  reason: string;
}

/** Hold, release, cancel or withdraw the award of an application (`POST {type}/{id}/award/{action}`); answers the award as it is now. */
export function postAwardAction(type: ApplicationTypePath, applicationId: string, { action, reason }: AwardActionInput): Promise<Award> {
  return apiRequest(`/api/${type}/${encodeURIComponent(applicationId)}/award/${action}`, { method: 'POST', body: { reason }, schema: Award });
}

export function useAwardAction(type: ApplicationTypePath, applicationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AwardActionInput) => postAwardAction(type, applicationId, input),
    onSuccess: (award) => queryClient.setQueryData(awardKeys.detail(award.id), award),
    // A refusal (409) means someone else acted first: every list shows the award as it is now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: awardKeys.all }),
  });
}
