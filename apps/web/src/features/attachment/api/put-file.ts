import type { PresignUploadResponse } from '@certs/shared/attachment/attachment.contract';
import { GENERIC_ERROR_MESSAGE, readErrorMessage } from '@certs/shared/common/api-error';
import { ApiError } from '../../../lib/api-client';

export interface UploadedFile {
  filePath: string;
  resourceKey: string;
}

/**
 * Step 2 of an upload (spec section 7): a PUT of the file body to the presigned URL with its
 * content type, reporting progress from 0 to 100; on status 200 it yields filePath and resourceKey.
 * XMLHttpRequest, because fetch cannot report upload progress.
 */
export function putFile(
  target: PresignUploadResponse,
  file: Blob,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(target.method, target.url);
    for (const [name, value] of Object.entries(target.headers)) {
      // The browser sets these itself and refuses to be told.
      if (['content-length', 'host'].includes(name.toLowerCase())) continue;
      request.setRequestHeader(name, value);
    }
    if (!Object.keys(target.headers).some((name) => name.toLowerCase() === 'content-type')) {
      request.setRequestHeader('content-type', file.type);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    request.onload = () => {
      if (request.status === 200) {
        onProgress(100);
        resolve({ filePath: target.filePath, resourceKey: target.resourceKey });
      } else {
        reject(new ApiError(request.status, readErrorMessage(request.responseText ?? '')));
      }
    };
    request.onerror = () => reject(new ApiError(0, GENERIC_ERROR_MESSAGE));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}
