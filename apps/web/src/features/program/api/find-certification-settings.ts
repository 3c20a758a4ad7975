import { queryOptions, useQuery } from '@tanstack/react-query';
import { CertificationSettingsResponse } from '@certs/shared/program/program-settings.contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

type CertificationSettingsResponse = z.infer<typeof CertificationSettingsResponse>;

/** Certification and AICIP settings; `settings` is null until they are first saved. */
export function findCertificationSettings(programId: string, signal?: AbortSignal): Promise<CertificationSettingsResponse> {
  return apiRequest(`/api/program/${encodeURIComponent(programId)}/certifications`, { schema: CertificationSettingsResponse, signal });
}

export function certificationSettingsQueryOptions(programId: string) {
  return queryOptions({
    queryKey: programKeys.certificationSettings(programId),
    queryFn: ({ signal }) => findCertificationSettings(programId, signal),
  });
}

export function useCertificationSettings(programId: string) {
  return useQuery(certificationSettingsQueryOptions(programId));
}
