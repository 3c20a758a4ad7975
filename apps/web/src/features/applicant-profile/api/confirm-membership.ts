import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { Applicant, type ConfirmMembershipRequest } from '@certs/shared/applicant/applicant.contract';
import { apiRequest } from '../../../lib/api-client';
import { applicantProfileKeys } from './applicant-profile.keys';

type ConfirmMembership = z.input<typeof ConfirmMembershipRequest>;

/** Staff confirm (or withdraw) the membership an applicant entered; member fees apply once confirmed. */
export function confirmMembership(applicantId: string, request: ConfirmMembership): Promise<Applicant> {
  return apiRequest(`/api/applicant/${encodeURIComponent(applicantId)}/membership`, { method: 'POST', body: request, schema: Applicant });
}

export function useConfirmMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicantId, request }: { applicantId: string; request: ConfirmMembership }) => confirmMembership(applicantId, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicantProfileKeys.all }),
  });
}
