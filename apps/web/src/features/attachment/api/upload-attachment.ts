import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ALLOWED_DOCUMENT_TYPES,
  ATTACHMENT_MESSAGES,
  DEFAULT_MAX_UPLOAD_BYTES,
  type Attachment,
} from '@certs/shared/attachment/attachment.contract';
import { ApiError } from '../../../lib/api-client';
import { attachmentKeys } from './attachment.keys';
import { putFile } from './put-file';
import { requestUploadUrl } from './request-upload-url';
import { saveAttachment } from './save-attachment';

/** The refusal a file earns before anything is sent; the server checks its bytes again. */
export function fileRefusal(file: File, maxBytes = DEFAULT_MAX_UPLOAD_BYTES): string | null {
  if (file.size === 0) return ATTACHMENT_MESSAGES.empty;
  if (!(file.type in ALLOWED_DOCUMENT_TYPES)) return ATTACHMENT_MESSAGES.typeNotAllowed;
  if (file.size > maxBytes) return ATTACHMENT_MESSAGES.tooLarge(maxBytes);
  return null;
}

/** Presigned URL, PUT with progress, then save: one upload, with its progress from 0 to 100. */
export async function uploadAttachment(file: File, onProgress: (percent: number) => void): Promise<Attachment> {
  const refusal = fileRefusal(file);
  if (refusal) throw new ApiError(400, refusal);
  onProgress(0);
  const target = await requestUploadUrl({ fileName: file.name, contentType: file.type, size: file.size });
  const uploaded = await putFile(target, file, onProgress);
  return saveAttachment(uploaded.resourceKey);
}

export function useUploadAttachment() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => uploadAttachment(file, setProgress),
    onMutate: () => setProgress(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentKeys.all }),
  });
  return { ...mutation, progress };
}
