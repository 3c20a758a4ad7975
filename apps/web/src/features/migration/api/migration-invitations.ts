import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INVITATION_PATHS, InvitationBatchResult, InvitationPreview, type InvitationBatchRequest } from '@certs/shared/migration/migration-invitations.contract';
import { apiRequest } from '../../../lib/api-client';

const keyOf = (importId: string) => ['migration-invitations', importId] as const;

/** Where the import's people stand, the next batch's first people and the mail they will get. */
export function useInvitationPreview(importId: string) {
  return useQuery({
    queryKey: keyOf(importId),
    queryFn: ({ signal }) => apiRequest(INVITATION_PATHS.one(importId), { schema: InvitationPreview, signal }),
  });
}

/** Mails the next batch; the answer's preview replaces the shown one (the progress moves at once). */
export function useSendInvitations(importId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationBatchRequest) => apiRequest(INVITATION_PATHS.one(importId), { method: 'POST', body, schema: InvitationBatchResult }),
    onSuccess: (result) => client.setQueryData(keyOf(importId), result.preview),
  });
}
