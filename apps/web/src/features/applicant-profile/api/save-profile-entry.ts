import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applicantProfileKeys } from './applicant-profile.keys';
import type { ProfileEntryKind } from './profile-entry-kinds';

/** Adds a row (POST {path}) or changes one (POST {path}/update/{id}); the request is already checked by the shared schema. */
export function saveProfileEntry<Row extends { id: string }>(kind: ProfileEntryKind<Row>, id: string | null, request: object): Promise<Row> {
  const path = id ? `${kind.path}/update/${encodeURIComponent(id)}` : kind.path;
  return apiRequest(path, { method: 'POST', body: request, schema: kind.row });
}

export function useSaveProfileEntry<Row extends { id: string }>(kind: ProfileEntryKind<Row>, applicantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, request }: { id: string | null; request: object }) => saveProfileEntry(kind, id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicantProfileKeys.entries(kind.name, applicantId) }),
  });
}
