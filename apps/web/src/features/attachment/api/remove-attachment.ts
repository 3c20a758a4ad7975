import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { attachmentKeys } from './attachment.keys';

/** Removes one of the applicant's documents; refused (409) while a submitted application uses it. */
export function removeAttachment(id: string): Promise<unknown> {
  return apiRequest(`/api/attachment/mine/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveAttachment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAttachment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentKeys.all }),
  });
}
