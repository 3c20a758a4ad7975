import { queryOptions, useQuery } from '@tanstack/react-query';
import { WelderQualificationSettingsResponse } from '@certs/shared/program/program-settings.contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

type WelderQualificationSettingsResponse = z.infer<typeof WelderQualificationSettingsResponse>;

/** Welder qualification settings; `settings` is null until they are first saved. */
export function findWelderQualificationSettings(programId: string, signal?: AbortSignal): Promise<WelderQualificationSettingsResponse> {
  return apiRequest(`/api/program/${encodeURIComponent(programId)}/welderqualification`, {
    schema: WelderQualificationSettingsResponse,
    signal,
  });
}

export function welderQualificationSettingsQueryOptions(programId: string) {
  return queryOptions({
    queryKey: programKeys.welderQualificationSettings(programId),
    queryFn: ({ signal }) => findWelderQualificationSettings(programId, signal),
  });
}

export function useWelderQualificationSettings(programId: string) {
  return useQuery(welderQualificationSettingsQueryOptions(programId));
}
