import { Alert, Button, FileInput, Group, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { APPEAL_FILES_MAX, APPEAL_GROUNDS_MAX, APPEAL_MESSAGES, LodgeAppealRequest, type AppealableDecision } from '@certs/shared/appeal/appeal.contract';
import { ALLOWED_DOCUMENT_TYPES } from '@certs/shared/attachment/attachment.contract';
import { errorMessageOf, ApiError } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload';
import { useLodgeAppeal } from '../api/my-appeals';

/**
 * The person's appeal of one decision: their grounds and supporting files (uploaded first, then
 * named in the appeal). Keeps what was typed when the server says no.
 */
export function LodgeAppealForm({ applicationId, decision, onDone, onCancel }: { applicationId: string; decision: AppealableDecision; onDone: (reference: string) => void; onCancel: () => void }) {
  const lodge = useLodgeAppeal();
  const [grounds, setGrounds] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ grounds?: string; files?: string; form?: string }>({});
  const [isSending, setSending] = useState(false);

  const send = async () => {
    const parsed = LodgeAppealRequest.safeParse({ applicationId, subject: decision.subject, grounds, attachmentIds: [] });
    const fileError = files.length > APPEAL_FILES_MAX ? APPEAL_MESSAGES.tooManyFiles : undefined;
    if (!parsed.success || fileError) {
      setErrors({ grounds: parsed.error?.issues.find((issue) => issue.path[0] === 'grounds')?.message, files: fileError });
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const uploaded = [];
      for (const file of files) uploaded.push(await uploadFile(file));
      const appeal = await lodge.mutateAsync({ ...parsed.data, attachmentIds: uploaded.map((attachment) => attachment.id) });
      notifications.show({ color: 'green', title: 'Appeal sent', message: `Your reference is ${appeal.reference}. We have mailed it to you.` });
      onDone(appeal.reference);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      setErrors({ grounds: fieldErrors.grounds, files: fieldErrors.attachmentIds, form: fieldErrors.grounds || fieldErrors.attachmentIds ? undefined : errorMessageOf(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="appeal-form">
      <Textarea
        label="Grounds"
        description={`Why the decision should be changed (up to ${APPEAL_GROUNDS_MAX} characters).`}
        required
        withAsterisk
        autosize
        minRows={4}
        maxLength={APPEAL_GROUNDS_MAX}
        value={grounds}
        onChange={(event) => setGrounds(event.currentTarget.value)}
        error={errors.grounds}
        disabled={isSending}
      />
      <FileInput
        label="Supporting files"
        description={`Optional: PDF, images or Office documents, up to ${APPEAL_FILES_MAX} files.`}
        placeholder="Choose files"
        multiple
        clearable
        clearButtonProps={{ 'aria-label': 'Remove the chosen files' }}
        accept={Object.keys(ALLOWED_DOCUMENT_TYPES).join(',')}
        value={files}
        onChange={setFiles}
        error={errors.files}
        disabled={isSending}
      />
      {errors.form && (
        <Alert color="red" variant="light" title="The appeal could not be sent" role="alert">
          {errors.form}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={isSending}>
          Cancel
        </Button>
        <Button onClick={() => void send()} loading={isSending}>
          Send the appeal
        </Button>
      </Group>
    </Stack>
  );
}
