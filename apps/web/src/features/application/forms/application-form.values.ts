import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { APPLICATION_MESSAGES, SaveApplicationRequest, type Application } from '@certs/shared/application/application.contract';

export interface AnswerValues {
  answerText: string;
  attachmentIds: string[];
}

/** The answers by requirement id, and the declaration. */
export interface ApplicationFormValues {
  answers: Record<string, AnswerValues>;
  declarationAccepted: boolean;
}

export interface RequirementRef {
  id: string;
}

export function applicationValuesOf(requirements: readonly RequirementRef[], application: Application | null): ApplicationFormValues {
  const saved = new Map((application?.answers ?? []).map((answer) => [answer.requirementId, answer]));
  return {
    answers: Object.fromEntries(
      requirements.map((requirement) => {
        const answer = saved.get(requirement.id);
        return [requirement.id, { answerText: answer?.answerText ?? '', attachmentIds: answer?.attachments.map((file) => file.id) ?? [] }];
      }),
    ),
    declarationAccepted: application?.declarationAccepted ?? false,
  };
}

export function answerPath(requirementId: string): string {
  return `answers.${requirementId}.answerText`;
}

export function toSaveApplicationRequest(programId: string, requirements: readonly RequirementRef[], values: ApplicationFormValues): SaveApplicationRequest {
  return {
    programId,
    answers: requirements.map((requirement) => ({
      requirementId: requirement.id,
      answerText: values.answers[requirement.id]?.answerText ?? '',
      attachmentIds: values.answers[requirement.id]?.attachmentIds ?? [],
    })),
    declarationAccepted: values.declarationAccepted,
  };
}

const resolve = zod4Resolver(SaveApplicationRequest, { errorPriority: 'first' });

/** A draft may be incomplete; only the shared schema's limits (e.g. answer length) apply, at the answer. */
export function validateDraft(programId: string, requirements: readonly RequirementRef[], values: ApplicationFormValues): FormErrors {
  const errors = resolve(toSaveApplicationRequest(programId, requirements, values));
  const atAnswers: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = /^answers\.(\d+)\./.exec(path);
    const requirement = match ? requirements[Number(match[1])] : undefined;
    if (requirement) atAnswers[answerPath(requirement.id)] ??= message;
  }
  return atAnswers;
}

/** Submitting needs every requirement answered (text or a file) and the declaration accepted. */
export function validateForSubmit(programId: string, requirements: readonly RequirementRef[], values: ApplicationFormValues): FormErrors {
  const errors = validateDraft(programId, requirements, values);
  for (const requirement of requirements) {
    const answer = values.answers[requirement.id];
    const isAnswered = !!answer && (answer.answerText.trim() !== '' || answer.attachmentIds.length > 0);
    if (!isAnswered) errors[answerPath(requirement.id)] ??= APPLICATION_MESSAGES.answerRequired;
  }
  if (!values.declarationAccepted) errors.declarationAccepted = APPLICATION_MESSAGES.declarationRequired;
  return errors;
}

/** The server's per-field refusals as form paths: `answers.<requirementId>` lands at that answer. */
export function formErrorsOfServer(fieldErrors: Record<string, string>): { errors: FormErrors; unplaced: number } {
  const errors: FormErrors = {};
  let unplaced = 0;
  for (const [field, message] of Object.entries(fieldErrors)) {
    const answer = /^answers\.([^.]+)/.exec(field);
    if (field === 'declarationAccepted') errors.declarationAccepted = message;
    else if (answer) errors[answerPath(answer[1]!)] = message;
    else unplaced += 1;
  }
  return { errors, unplaced };
}
