import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Attachment, PresignUploadResponse } from '@certs/shared/attachment/attachment.contract';
import { ConfirmWeldersResult, EmployerConfirmationList, EMPLOYER_CONFIRMATION_MESSAGES, type ConfirmWeldersRequest, type RevalidationEvidenceRequest } from '@certs/shared/employer/confirmations.contract';
import { WpqRevalidation } from '@certs/shared/wpq/wpq-validity.contract';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { fileRefusal, putFile } from '../../../lib/upload';

/** Query keys of the company's confirmations (issue 42), under the portal's own ('employer'). */
export const employerConfirmationKeys = {
  all: ['employer', 'confirmations'] as const,
};

/** The company's people's welder qualifications whose six-monthly confirmation is open or falls due soon, and the revalidations open. */
export function useEmployerConfirmations() {
  return useQuery({ queryKey: employerConfirmationKeys.all, queryFn: ({ signal }) => apiRequest('/api/employer/confirmations', { schema: EmployerConfirmationList, signal }) });
}

/** The coordinator confirms the welders chosen in one step (all or none). */
export function useConfirmWelders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ConfirmWeldersRequest) => apiRequest('/api/employer/confirmations', { method: 'POST', body: request, schema: ConfirmWeldersResult }),
    // The list and the People page's next confirmation due change together.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['employer'] }),
  });
}

/** The coordinator sends a revalidation's two production welds with their test reports (9.3 b). */
export function useSubmitRevalidationEvidence(recordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: RevalidationEvidenceRequest) => apiRequest(`/api/employer/confirmations/${encodeURIComponent(recordId)}/evidence`, { method: 'POST', body: request, schema: WpqRevalidation }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['employer'] }),
  });
}

/**
 * A test report uploaded by the coordinator: the attachment module's flow (presigned URL, PUT with
 * progress, save) through the portal's own routes. PDF only.
 */
export async function uploadTestReport(file: File, onProgress: (percent: number) => void = () => {}): Promise<Attachment> {
  const refusal = file.type === 'application/pdf' ? fileRefusal(file) : EMPLOYER_CONFIRMATION_MESSAGES.reportsPdf;
  if (refusal) throw new ApiError(400, refusal);
  onProgress(0);
  const target = await apiRequest('/api/employer/files/presigned-upload', { method: 'POST', body: { fileName: file.name, contentType: file.type, size: file.size }, schema: PresignUploadResponse });
  const uploaded = await putFile(target, file, onProgress);
  return apiRequest('/api/employer/files/save', { method: 'POST', body: { resourceKey: uploaded.resourceKey }, schema: Attachment });
}
