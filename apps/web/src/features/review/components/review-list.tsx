import { Button, Group, Stack, Text } from '@mantine/core';
import { REVIEW_STATUS_COLORS, REVIEW_STATUS_LABELS, type Review } from '@certs/shared/review/review.contract';
import { shortenFileName } from '@certs/shared/attachment/attachment.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { StatusBadge } from '../../../components/ui/status-badge';

interface ReviewListProps {
  reviews: readonly Review[];
  /** Opens a file by its key (the route passes the attachment feature's opener). */
  onOpenFile: (resourceKey: string) => void;
}

/** Each review of the application: the applicant's reason and files, then the outcome and what it changed. */
export function ReviewList({ reviews, onOpenFile }: ReviewListProps) {
  return (
    <Stack gap="md">
      {reviews.map((review) => (
        <Stack key={review.id} gap={6} data-testid="review-item">
          <Group gap="sm">
            <span data-testid="review-status">
              <StatusBadge label={REVIEW_STATUS_LABELS[review.status]} color={REVIEW_STATUS_COLORS[review.status]} />
            </span>
            <Text size="sm" c="dimmed">
              Asked <DateDisplay value={review.askedOn} withTime />
            </Text>
          </Group>
          <Text size="sm" fw={600}>
            Reason
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="review-reason">
            {review.reason}
          </Text>
          {review.files.length > 0 && (
            <Group gap="xs" aria-label="Files">
              {review.files.map((file) => (
                <Button key={file.id} variant="default" size="xs" onClick={() => onOpenFile(file.resourceKey)} title={file.name}>
                  {shortenFileName(file.name)}
                </Button>
              ))}
            </Group>
          )}
          {review.decidedOn && (
            <>
              <Text size="sm" fw={600}>
                Outcome {review.decidedBy ? `(${review.decidedBy}, ` : '('}
                <DateDisplay value={review.decidedOn} withTime />)
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }} data-testid="review-decision-note">
                {review.decisionNote}
              </Text>
              {review.changedResults.length > 0 && (
                <Text size="sm">
                  Passed on review:{' '}
                  {review.changedResults.map((changed) => `${changed.moduleCode} (was ${changed.fromResult ?? '-'}${changed.fromPercentage !== null ? ` ${changed.fromPercentage}%` : ''})`).join(', ')}
                </Text>
              )}
            </>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
