import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Applicant, type SaveApplicantRequest } from '@certs/shared/applicant/applicant.contract';
import { apiRequest } from '../../../lib/api-client';
import { applicantProfileKeys } from './applicant-profile.keys';

/** Saves the signed-in applicant's personal, contact and membership details. */
export function saveApplicant(request: SaveApplicantRequest): Promise<Applicant> {
  return apiRequest('/api/applicant/save', { method: 'POST', body: request, schema: Applicant });
}

export function useSaveApplicant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveApplicant,
    onSuccess: (saved) => {
      queryClient.setQueryData(applicantProfileKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: applicantProfileKeys.all });
    },
  });
}
