import {
  ALLOWED_DOCUMENT_TYPES,
  ATTACHMENT_MESSAGES,
  Attachment,
  DEFAULT_MAX_UPLOAD_BYTES,
  PresignUploadResponse,
  type PresignUploadRequest,
} from '@certs/shared/attachment/attachment.contract';
import { readErrorMessage } from '@certs/shared/common/api-error';
import { ApiError, apiRequest } from './api-client';

/**
 * The upload flow of spec section 7 (presign -> PUT with progress -> save), shared by the features
 * that upload files: applicants' documents and the images of question content.
 */

export interface UploadedFile {
  filePath: string;
  resourceKey: string;
}

/** Step 1 of an upload: a presigned URL and a random key chosen by the server. */
export function requestUploadUrl(request: PresignUploadRequest, signal?: AbortSignal): Promise<PresignUploadResponse> {
  return apiRequest('/api/attachment/presigned-upload', { method: 'POST', body: request, schema: PresignUploadResponse, signal });
}

/**
 * Step 2 of an upload: a PUT of the file body to the presigned URL with its content type,
 * reporting progress from 0 to 100; on status 200 it yields filePath and resourceKey.
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
    // No answer at all: the connection failed, or the browser refused to send it (a blocked address).
    request.onerror = () => reject(new ApiError(0, uploadUnreachableMessage(target.url)));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

/** Why a PUT got no answer, naming where it went, instead of "Something went wrong" (issue 21). */
export function uploadUnreachableMessage(url: string): string {
  let host = 'the file storage';
  try {
    host = new URL(url, window.location.href).host || host;
  } catch {
    // An unparseable URL: name no address.
  }
  return `The file could not be sent to ${host}: the connection failed or the browser blocked the address. Check your connection and try again; if it keeps failing, tell the platform's administrators.`;
}

/** Step 3 of an upload: the server checks the bytes (type and size) and records the file. */
export function saveAttachment(resourceKey: string): Promise<Attachment> {
  return apiRequest('/unauth/save/attachment', { method: 'POST', body: { resourceKey }, schema: Attachment });
}

/** The refusal a file earns before anything is sent; the server checks its bytes again. */
export function fileRefusal(file: File, maxBytes = DEFAULT_MAX_UPLOAD_BYTES): string | null {
  if (file.size === 0) return ATTACHMENT_MESSAGES.empty;
  if (!(file.type in ALLOWED_DOCUMENT_TYPES)) return ATTACHMENT_MESSAGES.typeNotAllowed;
  if (file.size > maxBytes) return ATTACHMENT_MESSAGES.tooLarge(maxBytes);
  return null;
}

/** Presigned URL, PUT with progress, then save: one upload, with its progress from 0 to 100. */
export async function uploadFile(file: File, onProgress: (percent: number) => void = () => {}): Promise<Attachment> {
  const refusal = fileRefusal(file);
  if (refusal) throw new ApiError(400, refusal);
  onProgress(0);
  const target = await requestUploadUrl({ fileName: file.name, contentType: file.type, size: file.size });
  const uploaded = await putFile(target, file, onProgress);
  return saveAttachment(uploaded.resourceKey);
}
