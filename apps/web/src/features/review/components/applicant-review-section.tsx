import { Alert, Button, FileInput, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ALLOWED_DOCUMENT_TYPES } from '@certs/shared/attachment/attachment.contract';
import { formatDate } from '@certs/shared/common/dates';
import { REVIEW_FILES_MAX, REVIEW_MESSAGES, REVIEW_REASON_MAX, ReviewRequest, type ReviewTypePath } from '@certs/shared/review/review.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload';
import { useAskForReview, useReviewState } from '../api/review';
import { ReviewList } from './review-list';

interface ApplicantReviewSectionProps {
  type: ReviewTypePath;
  applicationId: string;
  onOpenFile: (resourceKey: string) => void;
}

/** Refusals that say nothing the applicant can act on: the section stays hidden unless a review exists. */
const QUIET_REFUSALS: readonly string[] = [REVIEW_MESSAGES.notFailed, REVIEW_MESSAGES.noModuleAllowsReview];

/**
 * The applicant's side of a review (decision 022): on a failed result whose failed module allows
 * review, within the program's window, "Ask for a review" with a reason and files; then the
 * review and its outcome.
 */
export function ApplicantReviewSection({ type, applicationId, onOpenFile }: ApplicantReviewSectionProps) {
  const state = useReviewState(type, applicationId);
  const ask = useAskForReview(type, applicationId);
  const [isOpen, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ reason?: string; files?: string; form?: string }>({});
  const [isSending, setSending] = useState(false);
  if (!state.data) return null;
  const { reviews, cannotAskBecause, windowClosesOn } = state.data;
  const canAsk = cannotAskBecause === null;
  if (reviews.length === 0 && !canAsk && QUIET_REFUSALS.includes(cannotAskBecause)) return null;

  const send = async () => {
    const parsed = ReviewRequest.safeParse({ reason, attachmentIds: [] });
    const fileError = files.length > REVIEW_FILES_MAX ? REVIEW_MESSAGES.tooManyFiles : undefined;
    if (!parsed.success || fileError) {
      setErrors({ reason: parsed.error?.issues.find((issue) => issue.path[0] === 'reason')?.message, files: fileError });
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const uploaded = [];
      for (const file of files) uploaded.push(await uploadFile(file));
      await ask.mutateAsync({ reason: parsed.data.reason, attachmentIds: uploaded.map((attachment) => attachment.id) });
      setOpen(false);
      setReason('');
      setFiles([]);
      notifications.show({ color: 'green', title: 'Review requested', message: 'Your request has been sent; we will write to you with the outcome.' });
    } catch (error) {
      setErrors({ form: errorMessageOf(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="review-heading" data-testid="applicant-review">
      <Stack gap="md">
        <Title order={2} size="h4" id="review-heading">
          Review of your result
        </Title>
        {canAsk && !isOpen && (
          <Group justify="space-between" align="center">
            <Text size="sm">
              If you believe your result is wrong, you may ask for a review{windowClosesOn ? ` until ${formatDate(windowClosesOn, 'day')}` : ''}. Give your reason and attach any
              documents that support it.
            </Text>
            <Button onClick={() => setOpen(true)}>Ask for a review</Button>
          </Group>
        )}
        {!canAsk && reviews.length === 0 && <Text size="sm">{cannotAskBecause}</Text>}
        {isOpen && (
          <Stack gap="sm" data-testid="review-form">
            <Textarea
              label="Reason"
              description={`Why the result should be reviewed (up to ${REVIEW_REASON_MAX} characters).`}
              required
              withAsterisk
              autosize
              minRows={4}
              maxLength={REVIEW_REASON_MAX}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={errors.reason}
              disabled={isSending}
            />
            <FileInput
              label="Supporting files"
              description={`Optional: PDF, images or Office documents, up to ${REVIEW_FILES_MAX} files.`}
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
              <Alert color="red" variant="light" title="The review could not be requested" role="alert">
                {errors.form}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setOpen(false)} disabled={isSending}>
                Cancel
              </Button>
              <Button onClick={() => void send()} loading={isSending}>
                Send the request
              </Button>
            </Group>
          </Stack>
        )}
        {reviews.length > 0 && <ReviewList reviews={reviews} onOpenFile={onOpenFile} />}
      </Stack>
    </Paper>
  );
}
