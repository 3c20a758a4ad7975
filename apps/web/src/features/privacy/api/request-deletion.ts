import { useMutation } from '@tanstack/react-query';
import { DeletionRequest, type DeletionRequestBody } from '@certs/shared/privacy/privacy.contract';
import { apiRequest } from '../../../lib/api-client';

/** The signed-in applicant asks for their personal data to be deleted; a second open request answers 409. */
export function requestDeletion(body: DeletionRequestBody): Promise<DeletionRequest> {
  return apiRequest('/api/privacy/me/deletion-request', { method: 'POST', body: body ?? {}, schema: DeletionRequest });
}

export function useRequestDeletion() {
  return useMutation({ mutationFn: requestDeletion });
}
