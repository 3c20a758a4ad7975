import { Alert, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  ASSESSMENT_OUTCOME_LABELS,
  ASSESSOR_RECOMMENDATIONS,
  AssessorSubmitRequest,
  type AssessorRecommendation,
  type AssessorSaveRequest,
  type AssessorReview,
} from '@certs/shared/application/application-stage.contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError, errorMessageOf } from '../../../lib/api-client';

interface AssessorReviewFormProps {
  review: AssessorReview | null;
  onSave: (request: AssessorSaveRequest) => Promise<unknown>;
  onSubmit: (request: AssessorSaveRequest) => Promise<unknown>;
}

type Values = { review: string; recommendation: AssessorRecommendation | '' };

/** The assessor's review: saved as often as needed; submitted once, with the review and a recommendation required. */
export function AssessorReviewForm({ review, onSave, onSubmit }: AssessorReviewFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState<'save' | 'submit' | null>(null);
  const form = useForm<Values>({ initialValues: { review: review?.review ?? '', recommendation: review?.recommendation ?? '' } });
  const requestOf = (values: Values) => ({ review: values.review, recommendation: values.recommendation || null });

  const [isConfirming, setIsConfirming] = useState(false);

  /** A submit that passes the rules asks once more: the assessor cannot change a submitted review. */
  const check = (kind: 'save' | 'submit') => {
    setFailure(null);
    form.clearErrors();
    if (kind === 'save') return void send('save');
    const checked = AssessorSubmitRequest.safeParse(requestOf(form.getValues()));
    if (!checked.success) {
      form.setErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), issue.message])));
      return;
    }
    setIsConfirming(true);
  };

  /** Never throws: a refusal lands at its field, or above the buttons. */
  const send = async (kind: 'save' | 'submit') => {
    const values = form.getValues();
    setIsSending(kind);
    try {
      await (kind === 'save' ? onSave : onSubmit)(requestOf(values));
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setFailure(errorMessageOf(error));
    } finally {
      setIsSending(null);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        check('submit');
      }}
      noValidate
      aria-label="Assessor review"
    >
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" title="The review was not saved">
            {failure}
          </Alert>
        )}
        <Textarea label="Review" description="What you checked and what you found" required withAsterisk autosize minRows={4} maxRows={16} {...form.getInputProps('review')} />
        <Radio.Group label="Recommendation" required withAsterisk {...form.getInputProps('recommendation')}>
          <Group gap="lg" mt={6}>
            {ASSESSOR_RECOMMENDATIONS.map((value) => (
              <Radio key={value} value={value} label={ASSESSMENT_OUTCOME_LABELS[value]} />
            ))}
          </Group>
        </Radio.Group>
        <ConfirmDialog
          opened={isConfirming}
          title="Submit your review?"
          confirmLabel="Submit now"
          failureTitle="The review was not submitted"
          onConfirm={() => send('submit')}
          onClose={() => setIsConfirming(false)}
        >
          <Text size="sm">
            You recommend: {form.getValues().recommendation ? ASSESSMENT_OUTCOME_LABELS[form.getValues().recommendation as AssessorRecommendation] : '-'}. A submitted review cannot be changed; it goes to the program's
            staff for the assessment.
          </Text>
        </ConfirmDialog>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => check('save')} loading={isSending === 'save'} disabled={isSending !== null}>
            Save review
          </Button>
          <Button type="submit" loading={isSending === 'submit'} disabled={isSending !== null}>
            Submit review
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
