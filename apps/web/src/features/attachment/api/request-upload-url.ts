import { PresignUploadResponse, type PresignUploadRequest } from '@certs/shared/attachment/attachment.contract';
import { apiRequest } from '../../../lib/api-client';

/** Step 1 of an upload: a presigned URL and a random key chosen by the server. */
export function requestUploadUrl(request: PresignUploadRequest, signal?: AbortSignal): Promise<PresignUploadResponse> {
  return apiRequest('/api/attachment/presigned-upload', { method: 'POST', body: request, schema: PresignUploadResponse, signal });
}
