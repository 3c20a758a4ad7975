import { queryOptions, useQuery } from '@tanstack/react-query';
import { CertificationSettingsResponse } from '@certs/shared/program/program-settings.contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

type RenewalSettingsResponse = z.infer<typeof CertificationSettingsResponse>;

/** AICIP renewal settings; `settings` is null until they are first saved. */
export function findRenewalSettings(programId: string, signal?: AbortSignal): Promise<RenewalSettingsResponse> {
  return apiRequest(`/api/program/${encodeURIComponent(programId)}/renewals`, { schema: CertificationSettingsResponse, signal });
}

export function renewalSettingsQueryOptions(programId: string) {
  return queryOptions({
    queryKey: programKeys.renewalSettings(programId),
    queryFn: ({ signal }) => findRenewalSettings(programId, signal),
  });
}

export function useRenewalSettings(programId: string) {
  return useQuery(renewalSettingsQueryOptions(programId));
}
