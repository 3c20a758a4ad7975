import { Alert, Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { AssignAssessorRequest, STAGE_MESSAGES } from '@certs/shared/application/application-stage.contract';
import type { ProgramUser } from '@certs/shared/program/program-user.contract';
import { OverrideReasonField, useImpartialityOverride } from '../../../components/ui/override-reason';
import { ApiError, errorMessageOf } from '../../../lib/api-client';

interface AssignAssessorFormProps {
  assessors: readonly ProgramUser[];
  currentAssessorId: string | null;
  assessmentRound: number;
  submitLabel: string;
  onSubmit: (request: AssignAssessorRequest) => Promise<unknown>;
}

/** Chooses one of the program's active assessors; the round the page showed travels with it (a stale page gets 409). */
export function AssignAssessorForm({ assessors, currentAssessorId, assessmentRound, submitLabel, onSubmit }: AssignAssessorFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const override = useImpartialityOverride();
  const form = useForm({
    initialValues: { assessorId: '', note: '' },
    validate: { assessorId: (value) => (value ? null : STAGE_MESSAGES.assessorRequired) },
  });
  const options = assessors.filter((a) => a.active && a.userId !== currentAssessorId).map((a) => ({ value: a.userId, label: `${a.name} (${a.email})` }));
  const handleSubmit = async (values: { assessorId: string; note: string }) => {
    setFailure(null);
    try {
      await onSubmit(AssignAssessorRequest.parse({ ...values, assessmentRound, ...override.requestPart() }));
      form.reset();
      override.reset();
    } catch (error) {
      override.noteFailure(error);
      const atField = error instanceof ApiError ? error.fieldErrors.assessorId : undefined;
      if (atField) form.setFieldError('assessorId', atField);
      else setFailure(errorMessageOf(error));
    }
  };
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={submitLabel}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light" title="Not assigned">
            {failure}
          </Alert>
        )}
        <Select label="Assessor" placeholder="Choose an assessor of this program" data={options} required withAsterisk searchable nothingFoundMessage="No assessor" {...form.getInputProps('assessorId')} />
        <Textarea label="Note for the history" autosize minRows={2} maxLength={1000} {...form.getInputProps('note')} />
        <OverrideReasonField state={override} disabled={form.submitting} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
