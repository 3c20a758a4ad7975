import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  WelderQualificationSettings,
  type WelderQualificationSettingsRequest,
} from '@certs/shared/program/program-settings.contract';
import { apiRequest } from '../../../lib/api-client';
import { programKeys } from './program.keys';

export type WelderQualificationSettingsValues = z.output<typeof WelderQualificationSettingsRequest>;

export function saveWelderQualificationSettings(
  programId: string,
  request: WelderQualificationSettingsValues,
): Promise<WelderQualificationSettings> {
  return apiRequest(`/api/program/${encodeURIComponent(programId)}/welderqualification`, {
    method: 'POST',
    body: request,
    schema: WelderQualificationSettings,
  });
}

export function useSaveWelderQualificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ programId, request }: { programId: string; request: WelderQualificationSettingsValues }) =>
      saveWelderQualificationSettings(programId, request),
    onSuccess: (settings, { programId }) => {
      queryClient.setQueryData(programKeys.welderQualificationSettings(programId), { settings });
      return queryClient.invalidateQueries({ queryKey: programKeys.completeness(programId) });
    },
  });
}
