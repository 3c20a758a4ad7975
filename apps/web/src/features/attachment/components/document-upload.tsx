import { Alert, Button, FileButton, Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { ALLOWED_DOCUMENT_TYPES, DEFAULT_MAX_UPLOAD_BYTES, type Attachment } from '@certs/shared/attachment/attachment.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { useUploadAttachment } from '../api/upload-attachment';
import { FileName } from './file-name';

const ACCEPT = Object.keys(ALLOWED_DOCUMENT_TYPES).join(',');
const MAX_MB = Math.round(DEFAULT_MAX_UPLOAD_BYTES / 1024 / 1024);

interface DocumentUploadProps {
  /** The button's text, e.g. "Upload a document" or "Upload new". */
  label?: string;
  disabled?: boolean;
  onUploaded?: (attachment: Attachment) => void;
}

/** Choose a file and upload it with a progress bar; a refusal says why, in the server's words. */
export function DocumentUpload({ label = 'Upload a document', disabled = false, onUploaded }: DocumentUploadProps) {
  const upload = useUploadAttachment();
  const [fileName, setFileName] = useState<string | null>(null);

  const start = (file: File | null) => {
    if (!file) return;
    setFileName(file.name);
    upload.reset();
    upload.mutate(file, { onSuccess: (attachment) => onUploaded?.(attachment) });
  };

  const percent = upload.isSuccess ? 100 : (upload.progress ?? 0);
  const isUploading = upload.isPending;
  return (
    <Stack gap="xs" data-testid="document-upload">
      <Group gap="sm" align="center">
        <FileButton onChange={start} accept={ACCEPT} disabled={disabled || isUploading}>
          {(props) => (
            <Button {...props} variant="light" loading={isUploading} disabled={disabled || isUploading}>
              {label}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          PDF, images or Office files, up to {MAX_MB} MB.
        </Text>
      </Group>
      {fileName && (isUploading || upload.isSuccess) && (
        <Stack gap={4}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <FileName name={fileName} />
            <Text size="xs" c="dimmed" aria-hidden="true">
              {upload.isSuccess ? 'Uploaded' : `${percent}%`}
            </Text>
          </Group>
          <Progress
            value={percent}
            size="md"
            radius="xl"
            color={upload.isSuccess ? 'teal' : undefined}
            striped={isUploading}
            animated={isUploading}
            aria-label={`Uploading ${fileName}`}
            data-testid="upload-progress"
          />
          <VisuallyHidden role="status" aria-live="polite">
            {upload.isSuccess ? `${fileName} uploaded` : ''}
          </VisuallyHidden>
        </Stack>
      )}
      {upload.isError && (
        <Alert color="red" variant="light" title="The file was not uploaded" data-testid="upload-error">
          {errorMessageOf(upload.error)}
        </Alert>
      )}
    </Stack>
  );
}
