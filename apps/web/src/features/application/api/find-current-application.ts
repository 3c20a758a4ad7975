import { useQuery } from '@tanstack/react-query';
import { CurrentApplicationResponse } from '@certs/shared/application/application.contract';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { apiRequest } from '../../../lib/api-client';
import { applicationKeys } from './application.keys';

/** The applicant's current application of a program, or null (spec section 7: {type}/currentapplication/{programId}/{applicantId}). */
export function findCurrentApplication(type: ApplicationTypePath, programId: string, applicantId: string, signal?: AbortSignal) {
  return apiRequest(`/api/${type}/currentapplication/${encodeURIComponent(programId)}/${encodeURIComponent(applicantId)}`, {
    schema: CurrentApplicationResponse,
    signal,
  });
}

export function useCurrentApplication(type: ApplicationTypePath | undefined, programId: string, applicantId: string | null) {
  return useQuery({
    queryKey: applicationKeys.current(type ?? 'qualificationapplication', programId, applicantId ?? ''),
    queryFn: ({ signal }) => findCurrentApplication(type ?? 'qualificationapplication', programId, applicantId ?? '', signal),
    enabled: !!type && !!programId && !!applicantId,
  });
}
