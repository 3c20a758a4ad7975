import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  CertificationSettings,
  type CertificationSettingsRequest,
  type RenewalSettingsRequest,
} from '@certs/shared/program/program-settings.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export type CertificationSettingsValues = z.output<typeof CertificationSettingsRequest>;
export type RenewalSettingsValues = z.output<typeof RenewalSettingsRequest>;
export type SettingsKind = 'initial' | 'renewal';

export function saveCertificationSettings(programId: string, request: CertificationSettingsValues): Promise<CertificationSettings> {
  return apiRequest(`/api/program/${encodeURIComponent(programId)}/certifications`, {
    method: 'POST',
    body: request,
    schema: CertificationSettings,
  });
}

export function saveRenewalSettings(programId: string, request: RenewalSettingsValues): Promise<CertificationSettings> {
  return apiRequest(`/api/program/${encodeURIComponent(programId)}/renewals`, { method: 'POST', body: request, schema: CertificationSettings });
}

type SaveSettingsInput =
  | { kind: 'initial'; programId: string; request: CertificationSettingsValues }
  | { kind: 'renewal'; programId: string; request: RenewalSettingsValues };

/** Saves Certification/AICIP settings, or AICIP renewal settings (the same form without the renewal period). */
export function useSaveCertificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveSettingsInput) =>
      input.kind === 'initial' ? saveCertificationSettings(input.programId, input.request) : saveRenewalSettings(input.programId, input.request),
    onSuccess: (settings, { kind, programId }) => {
      const key = kind === 'initial' ? programKeys.certificationSettings(programId) : programKeys.renewalSettings(programId);
      queryClient.setQueryData(key, { settings });
      return queryClient.invalidateQueries({ queryKey: programKeys.completeness(programId) });
    },
  });
}
