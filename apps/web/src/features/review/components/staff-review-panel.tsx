import { Alert, Button, Checkbox, Group, Paper, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { REVIEW_NOTE_MAX, ReviewDecisionRequest, type ReviewOutcome, type ReviewTypePath } from '@certs/shared/review/review.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { useDecideReview, useReviewState } from '../api/review';
import { AwardDateField, useAwardDate } from '../../../components/ui/award-date-field';
import { ReviewList } from './review-list';

interface StaffReviewPanelProps {
  type: ReviewTypePath;
  applicationId: string;
  onOpenFile: (resourceKey: string) => void;
  /** The decision moved the application: the page reloads it. */
  onMoved?: () => void;
}

type FieldErrors = Partial<Record<'outcome' | 'note' | 'moduleIds' | 'form', string>>;

/**
 * Staff's side of a review (decision 022): the applicant's reason and files and, for whoever
 * manages the program's applications while the review is open, the outcome with a note.
 */
export function StaffReviewPanel({ type, applicationId, onOpenFile, onMoved }: StaffReviewPanelProps) {
  const state = useReviewState(type, applicationId);
  const decide = useDecideReview(type, applicationId);
  const [outcome, setOutcome] = useState<ReviewOutcome | ''>('');
  const [note, setNote] = useState('');
  const [moduleIds, setModuleIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Upheld awards the application: the day the body decided it (issue 41).
  const awardDate = useAwardDate(state.data?.awardDateRange);
  if (!state.data || state.data.reviews.length === 0) return null;
  const { reviews, modules, canDecide, cannotDecideBecause } = state.data;
  const reviewable = modules.filter((module) => module.result === 'Fail' && module.reviewAllowed);

  const send = async () => {
    const upheld = outcome === 'upheld';
    const parsed = ReviewDecisionRequest.safeParse({ outcome: outcome || undefined, note, moduleIds: upheld ? moduleIds : [], ...(upheld ? { awardedOn: awardDate.awardedOn } : {}) });
    // The award date shows its own message under its field.
    const awardDateOk = !upheld || awardDate.check();
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors | 'awardedOn';
        if (field !== 'awardedOn') found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    if (!awardDateOk) return;
    try {
      const decided = await decide.mutateAsync(parsed.data);
      onMoved?.();
      notifications.show({ color: 'green', title: 'Review decided', message: `The application is now ${decided.applicationStatus}; the applicant has been mailed.` });
    } catch (error) {
      setErrors({ form: errorMessageOf(error) });
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="staff-review-heading" data-testid="staff-review">
      <Stack gap="md">
        <Title order={2} size="h4" id="staff-review-heading">
          Review of the result
        </Title>
        <ReviewList reviews={reviews} onOpenFile={onOpenFile} />
        {canDecide && (
          <Stack gap="sm" data-testid="review-decision-form">
            <Radio.Group label="Outcome" required withAsterisk value={outcome} onChange={(value) => setOutcome(value as ReviewOutcome)} error={errors.outcome}>
              <Stack gap={6} mt={4}>
                <Radio value="upheld" label="Uphold: the modules chosen below pass and the application is awarded" />
                <Radio value="refused" label="Refuse: the result stays Failed" />
              </Stack>
            </Radio.Group>
            {outcome === 'upheld' && (
              <Checkbox.Group label="Modules that pass on review" required withAsterisk value={moduleIds} onChange={setModuleIds} error={errors.moduleIds}>
                <Stack gap={6} mt={4}>
                  {reviewable.map((module) => (
                    <Checkbox key={module.id} value={module.id} label={`${module.moduleCode} ${module.moduleTitle} (${module.result}${module.resultPercentage !== null ? ` ${module.resultPercentage}%` : ''})`} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            {outcome === 'upheld' && <AwardDateField {...awardDate.fieldProps} />}
            <Textarea
              label="Note to the applicant"
              description="Sent to the applicant with the outcome and kept in the history."
              required
              withAsterisk
              autosize
              minRows={3}
              maxLength={REVIEW_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              error={errors.note}
            />
            {errors.form && (
              <Alert color="red" variant="light" title="The outcome was not recorded" role="alert">
                {errors.form}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={() => void send()} loading={decide.isPending}>
                Record the outcome
              </Button>
            </Group>
          </Stack>
        )}
        {!canDecide && reviews.some((review) => review.status === 'open') && (
          <Text size="sm" c="dimmed">
            {cannotDecideBecause ?? "The program's manager or an administrator records the outcome."}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
