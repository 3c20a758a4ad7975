import { Alert, Button, Group, Paper, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import {
  ASSESSMENT_OUTCOMES,
  ASSESSMENT_OUTCOME_LABELS,
  CRITERION_ANSWERS,
  assessmentSubmitErrors,
  type Assessment,
  type AssessmentCriterion,
  type AssessmentOutcome,
  type AssessmentSaveRequest,
  type CriterionAnswer,
} from '@certs/shared/application/application-stage.contract';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

interface AssessmentFormProps {
  criteria: readonly AssessmentCriterion[];
  assessment: Assessment | null;
  /** Why the assessment cannot be submitted yet (the assessor review is outstanding), or null. */
  submitBlockedBy: string | null;
  onSave: (request: AssessmentSaveRequest) => Promise<unknown>;
  onSubmit: (request: AssessmentSaveRequest) => Promise<unknown>;
}

/** What submitting each outcome does, said in the confirmation before it is sent (issue 45 item 7). */
const OUTCOME_CONSEQUENCES: Record<AssessmentOutcome, string> = {
  accept: 'The application is accepted into examinations and the applicant is told by mail, with your message if you wrote one.',
  moreInformation: 'The application goes back to the applicant to add what your message asks for; they read it on their application and in the mail.',
  reject: 'The application is rejected and the applicant reads your reason in the mail.',
};

export type AssessmentFormValues = {
  assessmentReport: string;
  selections: Record<string, CriterionAnswer | ''>;
  outcome: AssessmentOutcome | '';
  messageToApplicant: string;
};

export function initialAssessmentValues(criteria: readonly AssessmentCriterion[], assessment: Assessment | null): AssessmentFormValues {
  const saved = new Map((assessment?.selections ?? []).map((s) => [s.criterion, s.answer]));
  return {
    assessmentReport: assessment?.assessmentReport ?? '',
    selections: Object.fromEntries(criteria.map((c) => [c.criterion, saved.get(c.criterion) ?? ''])),
    outcome: assessment?.outcome ?? '',
    messageToApplicant: assessment?.messageToApplicant ?? '',
  };
}

export function assessmentRequestOf(values: AssessmentFormValues): AssessmentSaveRequest & { selections: { criterion: string; answer: CriterionAnswer }[] } {
  return {
    assessmentReport: values.assessmentReport,
    selections: Object.entries(values.selections)
      .filter((entry): entry is [string, CriterionAnswer] => entry[1] !== '')
      .map(([criterion, answer]) => ({ criterion, answer })),
    outcome: values.outcome || null,
    messageToApplicant: values.messageToApplicant,
  };
}

/**
 * The assessment (spec section 5): the report is mandatory and each acceptance criterion needs one
 * option ("Please select one option"); the outcome accepts, asks the applicant for more
 * information (with the message they will read) or rejects. The same rule runs on the server.
 */
export function AssessmentForm({ criteria, assessment, submitBlockedBy, onSave, onSubmit }: AssessmentFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState<'save' | 'submit' | null>(null);
  // Submitting acts on the application at once: the outcome is confirmed first, saying what it does.
  const [confirmingOutcome, setConfirmingOutcome] = useState<AssessmentOutcome | null>(null);
  const form = useForm<AssessmentFormValues>({ initialValues: initialAssessmentValues(criteria, assessment) });
  const outcome = form.getValues().outcome;

  /** Checks the whole assessment and, when it may be submitted, asks to confirm its outcome. */
  const askToSubmit = () => {
    setFailure(null);
    form.clearErrors();
    const request = assessmentRequestOf(form.getValues());
    const errors = assessmentSubmitErrors(
      { assessmentReport: request.assessmentReport ?? '', selections: request.selections, outcome: request.outcome ?? null, messageToApplicant: request.messageToApplicant ?? '' },
      criteria,
    );
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    if (request.outcome) setConfirmingOutcome(request.outcome);
  };

  const send = async (kind: 'save' | 'submit') => {
    setFailure(null);
    form.clearErrors();
    const request = assessmentRequestOf(form.getValues());
    setIsSending(kind);
    try {
      await (kind === 'save' ? onSave : onSubmit)(request);
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
        askToSubmit();
      }}
      noValidate
      aria-label="Assessment"
    >
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="The assessment was not saved">
            {failure}
          </Alert>
        )}
        <Textarea label="Assessment report" required withAsterisk autosize minRows={4} maxRows={16} {...form.getInputProps('assessmentReport')} />
        <Paper withBorder radius="sm" p="md" component="fieldset">
          <Text component="legend" fw={600} size="sm" px={4}>
            Acceptance criteria
          </Text>
          <Stack gap="sm">
            {criteria.map((criterion) => (
              <Radio.Group
                key={criterion.criterion}
                label={criterion.label}
                required
                withAsterisk
                data-testid={`criterion-${criterion.criterion}`}
                {...form.getInputProps(`selections.${criterion.criterion}`)}
              >
                <Group gap="lg" mt={4}>
                  {CRITERION_ANSWERS.map((answer) => (
                    <Radio key={answer} value={answer} label={answer} />
                  ))}
                </Group>
              </Radio.Group>
            ))}
          </Stack>
        </Paper>
        <Radio.Group label="Outcome" required withAsterisk {...form.getInputProps('outcome')}>
          <Group gap="lg" mt={6}>
            {ASSESSMENT_OUTCOMES.map((value) => (
              <Radio key={value} value={value} label={ASSESSMENT_OUTCOME_LABELS[value]} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label="Message to the applicant"
          description={
            outcome === 'moreInformation'
              ? 'Say what the applicant must add; they read this on their application and in the mail.'
              : outcome === 'reject'
                ? 'The reason the applicant will read.'
                : 'Optional: added to the acceptance mail.'
          }
          required={outcome === 'moreInformation' || outcome === 'reject'}
          withAsterisk={outcome === 'moreInformation' || outcome === 'reject'}
          autosize
          minRows={3}
          maxRows={12}
          {...form.getInputProps('messageToApplicant')}
        />
        {submitBlockedBy && (
          <Alert color="yellow" variant="light" title="Not ready for a decision">
            {submitBlockedBy}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void send('save')} loading={isSending === 'save'} disabled={isSending !== null}>
            Save assessment
          </Button>
          <Button type="submit" loading={isSending === 'submit'} disabled={isSending !== null || !!submitBlockedBy}>
            Submit assessment
          </Button>
        </Group>
        <ConfirmDialog
          opened={confirmingOutcome !== null}
          title={`Submit the assessment: ${confirmingOutcome ? ASSESSMENT_OUTCOME_LABELS[confirmingOutcome] : ''}?`}
          confirmLabel="Confirm and submit"
          failureTitle="The assessment was not saved"
          // A refusal shows in the form's own alert (or at its fields), where it can be corrected.
          onConfirm={() => send('submit')}
          onClose={() => setConfirmingOutcome(null)}
        >
          <Text>{confirmingOutcome ? OUTCOME_CONSEQUENCES[confirmingOutcome] : ''}</Text>
        </ConfirmDialog>
      </Stack>
    </form>
  );
}
