import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadFile } from '../../../lib/upload';
import { attachmentKeys } from './attachment.keys';

/** An applicant's document: presigned URL, PUT with progress, then save (lib/upload.ts). */
export function useUploadAttachment() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => uploadFile(file, setProgress),
    onMutate: () => setProgress(null),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentKeys.all }),
  });
  return { ...mutation, progress };
}
