import { Alert, Badge, Box, Button, Checkbox, Group, Paper, Stack, Text, Textarea, Title, Typography } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import type { Application, SaveApplicationRequest } from '@certs/shared/application/application.contract';
import type { Attachment } from '@certs/shared/attachment/attachment.contract';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  answerPath,
  applicationValuesOf,
  formErrorsOfServer,
  toSaveApplicationRequest,
  validateDraft,
  validateForSubmit,
  type ApplicationFormValues,
} from './application-form.values';

export interface FormRequirement {
  id: string;
  requirementCode: string;
  requirementDescription: string;
}

export interface AttachmentSlotProps {
  /** e.g. "requirement R1": names the slot's controls. */
  label: string;
  value: string[];
  /** Files the saved application already has for this answer. */
  known: Attachment[];
  disabled: boolean;
  onChange: (ids: string[]) => void;
}

interface ApplicationFormProps {
  programId: string;
  requirements: readonly FormRequirement[];
  /** The program's declaration, rich text sanitised by the server when staff saved it. */
  declarationHtml: string | null;
  application: Application | null;
  isReadOnly: boolean;
  /** The evidence picker, composed by the page from the documents feature. */
  renderAttachments: (props: AttachmentSlotProps) => ReactNode;
  onSave: (request: SaveApplicationRequest) => Promise<unknown>;
  onSubmit: (request: SaveApplicationRequest) => Promise<unknown>;
}

type Action = 'save' | 'submit';

/**
 * The application: one answer per program requirement (text and evidence), the declaration to
 * accept, Save draft and Submit. Refusals land at the answer or the declaration they are about.
 */
export function ApplicationForm(props: ApplicationFormProps) {
  const { programId, requirements, declarationHtml, application, isReadOnly, renderAttachments } = props;
  const [failure, setFailure] = useState<string | null>(null);
  const [lastAction, setLastAction] = useState<Action>('save');
  const [sending, setSending] = useState<Action | null>(null);
  const form = useForm<ApplicationFormValues>({ initialValues: applicationValuesOf(requirements, application) });
  const declarationErrorId = useId();
  const known = new Map((application?.answers ?? []).map((answer) => [answer.requirementId, answer.attachments]));

  const [isConfirming, setIsConfirming] = useState(false);

  /** The rules first; a submit that passes them asks once more, since a submitted application cannot be changed. */
  const run = async (action: Action) => {
    setFailure(null);
    setLastAction(action);
    const values = form.getValues();
    const errors = action === 'submit' ? validateForSubmit(programId, requirements, values) : validateDraft(programId, requirements, values);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) {
      setFailure(action === 'submit' ? 'Some answers need your attention before you can submit.' : null);
      return;
    }
    if (action === 'submit') setIsConfirming(true);
    else await send(action);
  };

  /** Never throws: a refusal lands at the answers it names, or above the buttons. */
  const send = async (action: Action) => {
    const values = form.getValues();
    setSending(action);
    try {
      const request = toSaveApplicationRequest(programId, requirements, values);
      await (action === 'submit' ? props.onSubmit(request) : props.onSave(request));
    } catch (error) {
      const { errors: atFields, unplaced } = formErrorsOfServer(error instanceof ApiError ? error.fieldErrors : {});
      form.setErrors(atFields);
      const placed = Object.keys(atFields).length;
      if (placed === 0 || unplaced > 0) setFailure(errorMessageOf(error));
      else if (action === 'submit') setFailure('Some answers need your attention before you can submit.');
    } finally {
      setSending(null);
    }
  };

  return (
    <form
      noValidate
      aria-label="Application"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isReadOnly) void run('submit');
      }}
    >
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="requirements-heading">
          <Title order={2} size="h4" id="requirements-heading" mb={4}>
            Requirements
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {isReadOnly ? 'Your answers as submitted.' : 'Answer each requirement and attach your evidence from Documents, or upload it here.'}
          </Text>
          <Stack gap="lg">
            {requirements.length === 0 && <Text c="dimmed">This program lists no requirements.</Text>}
            {requirements.map((requirement, index) => {
              const path = answerPath(requirement.id);
              const attachmentIds = form.values.answers[requirement.id]?.attachmentIds ?? [];
              const label = `requirement ${requirement.requirementCode}`;
              return (
                <Box
                  key={requirement.id}
                  pt={index === 0 ? 0 : 'lg'}
                  style={index === 0 ? undefined : { borderTop: '1px solid var(--mantine-color-gray-3)' }}
                  data-testid={`requirement-${requirement.requirementCode}`}
                >
                  <Group gap="sm" mb="xs" wrap="nowrap" align="flex-start">
                    <Badge variant="outline" color="gray.7" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                      {requirement.requirementCode}
                    </Badge>
                    <Text fw={500} style={{ whiteSpace: 'pre-line' }}>
                      {requirement.requirementDescription}
                    </Text>
                  </Group>
                  {isReadOnly ? (
                    <Text size="sm" p="sm" bg="gray.0" style={{ whiteSpace: 'pre-line', borderRadius: 'var(--mantine-radius-sm)' }} data-testid="answer-text">
                      {form.values.answers[requirement.id]?.answerText || 'No written answer.'}
                    </Text>
                  ) : (
                    <Textarea
                      label={`Your answer to ${requirement.requirementCode}`}
                      autosize
                      minRows={3}
                      maxRows={12}
                      {...form.getInputProps(path)}
                    />
                  )}
                  <Box mt="sm">
                    <Text size="sm" fw={500} mb={4}>
                      Evidence
                    </Text>
                    {renderAttachments({
                      label,
                      value: attachmentIds,
                      known: known.get(requirement.id) ?? [],
                      disabled: isReadOnly || sending !== null,
                      onChange: (ids) => {
                        form.setFieldValue(`answers.${requirement.id}.attachmentIds`, ids);
                        if (ids.length > 0) form.clearFieldError(path);
                      },
                    })}
                  </Box>
                </Box>
              );
            })}
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="declaration-heading">
          <Title order={2} size="h4" id="declaration-heading" mb="sm">
            Declaration
          </Title>
          {declarationHtml ? (
            <Typography>
              <div data-testid="application-declaration" dangerouslySetInnerHTML={{ __html: declarationHtml }} />
            </Typography>
          ) : (
            <Text size="sm">I declare that the information I have given is true and complete.</Text>
          )}
          <Checkbox
            mt="md"
            label="I accept the declaration"
            disabled={isReadOnly || sending !== null}
            {...form.getInputProps('declarationAccepted', { type: 'checkbox' })}
            // Mantine does not tie a checkbox's error to it; screen readers need the link.
            error={form.errors.declarationAccepted ? <span id={declarationErrorId}>{form.errors.declarationAccepted}</span> : undefined}
            aria-describedby={form.errors.declarationAccepted ? declarationErrorId : undefined}
            aria-invalid={!!form.errors.declarationAccepted}
          />
        </Paper>

        {failure && (
          <Alert color="red" variant="light" bg="red.0" title={lastAction === 'submit' ? 'The application was not submitted' : 'The draft was not saved'} data-testid="application-form-error">
            {failure}
          </Alert>
        )}

        <ConfirmDialog
          opened={isConfirming}
          title="Submit your application?"
          confirmLabel="Submit now"
          failureTitle="The application was not submitted"
          onConfirm={() => send('submit')}
          onClose={() => setIsConfirming(false)}
        >
          <Text size="sm">A submitted application cannot be changed. Staff assess what you send, and you will hear from them by mail.</Text>
        </ConfirmDialog>

        {!isReadOnly && (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => void run('save')} loading={sending === 'save'} disabled={sending !== null}>
              Save draft
            </Button>
            <Button type="submit" loading={sending === 'submit'} disabled={sending !== null}>
              Submit application
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
