import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applicantProfileKeys } from './applicant-profile.keys';
import type { ProfileEntryKind } from './profile-entry-kinds';

/** Removes a row (GET {path}/remove/{id}, 204). */
export function removeProfileEntry<Row extends { id: string }>(kind: ProfileEntryKind<Row>, id: string): Promise<void> {
  return apiRequest(`${kind.path}/remove/${encodeURIComponent(id)}`);
}

export function useRemoveProfileEntry<Row extends { id: string }>(kind: ProfileEntryKind<Row>, applicantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeProfileEntry(kind, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicantProfileKeys.entries(kind.name, applicantId) }),
  });
}
