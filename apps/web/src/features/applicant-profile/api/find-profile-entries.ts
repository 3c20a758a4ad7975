import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { applicantProfileKeys } from './applicant-profile.keys';
import type { ProfileEntryKind } from './profile-entry-kinds';

/** One of the four profile lists of an applicant (`.../byapplicant/{applicantId}`). */
export function findProfileEntries<Row extends { id: string }>(kind: ProfileEntryKind<Row>, applicantId: string, signal?: AbortSignal): Promise<Row[]> {
  return apiRequest(`${kind.path}/byapplicant/${encodeURIComponent(applicantId)}`, { schema: z.array(kind.row), signal });
}

export function useProfileEntries<Row extends { id: string }>(kind: ProfileEntryKind<Row>, applicantId: string) {
  return useQuery({
    queryKey: applicantProfileKeys.entries(kind.name, applicantId),
    queryFn: ({ signal }) => findProfileEntries(kind, applicantId, signal),
  });
}
