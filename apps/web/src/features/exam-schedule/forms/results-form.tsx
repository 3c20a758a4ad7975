import { Alert, Anchor, Badge, Button, FileButton, Group, Paper, Progress, Radio, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ALLOWED_DOCUMENT_TYPES } from '@certs/shared/attachment/attachment.contract';
import {
  MODULE_RESULTS,
  ModuleResultRequest,
  RESULT_MESSAGES,
  suggestedResult,
  type ModuleResult,
  type PostExamUpdateRequest,
  type ScheduledModule,
} from '@certs/shared/exam-schedule/exam-schedule.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { uploadFile } from '../../../lib/upload';
import { OverrideReasonField, useImpartialityOverride } from '../../../components/ui/override-reason';
import { moduleSittings, type LaterAttempt } from '../model/module-sittings';
import { ModuleSittingsList } from '../components/module-sittings-list';

const ACCEPT = Object.keys(ALLOWED_DOCUMENT_TYPES).join(',');

export interface ResultRowValues {
  applicationModuleId: string;
  result: ModuleResult | '';
  resultPercentage: string;
  resultNotes: string;
  evidence: { id: string; name: string; resourceKey: string } | null;
}

export function initialResultValues(module: ScheduledModule): ResultRowValues {
  return {
    applicationModuleId: module.id,
    result: module.result ?? '',
    resultPercentage: module.resultPercentage === null ? '' : String(module.resultPercentage),
    resultNotes: module.resultNotes,
    evidence: module.resultEvidence,
  };
}

/**
 * The rows with a result chosen, checked by the shared request schema; errors keyed as the form
 * keys them (`rows.<index>.<field>`). A percentage typed without a result takes the suggestion.
 */
export function resultsSaveOf(rows: ResultRowValues[], modules: readonly ScheduledModule[]) {
  const errors: Record<string, string> = {};
  const sent: { index: number; request: PostExamUpdateRequest['modules'][number] }[] = [];
  rows.forEach((values, index) => {
    const module = modules.find((m) => m.id === values.applicationModuleId);
    if (!module?.canEnterResult) return;
    const percentage = values.resultPercentage.trim();
    const result = values.result || (percentage ? suggestedResult(Number(percentage), module.passPercentage) : null);
    if (!result) {
      if (percentage || values.resultNotes.trim() || values.evidence) errors[`rows.${index}.result`] = RESULT_MESSAGES.resultRequired;
      return;
    }
    const request = { applicationModuleId: values.applicationModuleId, result, resultPercentage: percentage === '' ? null : percentage, resultNotes: values.resultNotes, resultEvidenceId: values.evidence?.id ?? null };
    const parsed = ModuleResultRequest.safeParse(request);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors[`rows.${index}.${String(issue.path[0] ?? 'result')}`] ??= issue.message;
      return;
    }
    sent.push({ index, request });
  });
  return { modules: sent.map((s) => s.request), sentIndexes: sent.map((s) => s.index), errors };
}

function EvidenceField({ value, onChange, onOpen }: { value: ResultRowValues['evidence']; onChange: (evidence: ResultRowValues['evidence']) => void; onOpen: (resourceKey: string) => void }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const start = async (file: File | null) => {
    if (!file) return;
    setRefusal(null);
    setProgress(0);
    try {
      const attachment = await uploadFile(file, setProgress);
      onChange({ id: attachment.id, name: attachment.name, resourceKey: attachment.resourceKey });
    } catch (error) {
      setRefusal(errorMessageOf(error));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Evidence
      </Text>
      <Group gap="sm">
        {value && (
          <Anchor component="button" type="button" size="sm" onClick={() => onOpen(value.resourceKey)}>
            {value.name}
          </Anchor>
        )}
        <FileButton onChange={(file) => void start(file)} accept={ACCEPT} disabled={progress !== null}>
          {(props) => (
            <Button {...props} variant="light" size="compact-sm" loading={progress !== null}>
              {value ? 'Replace evidence' : 'Upload evidence'}
            </Button>
          )}
        </FileButton>
        {value && (
          <Button variant="subtle" color="red" size="compact-sm" onClick={() => onChange(null)}>
            Remove
          </Button>
        )}
      </Group>
      {progress !== null && <Progress value={progress} size="sm" aria-label="Upload progress" />}
      {refusal && (
        <Text size="sm" c="red.8" role="alert">
          {refusal}
        </Text>
      )}
    </Stack>
  );
}

interface ResultsFormProps {
  modules: ScheduledModule[];
  onSave: (request: PostExamUpdateRequest) => Promise<unknown>;
  onOpenAttachment: (resourceKey: string) => void;
  /** Re-sits with a recorded result: a module sat more than once lists its sittings, latest first (issue 45 item 5). */
  laterAttempts?: readonly LaterAttempt[];
}

/**
 * Post-exam results: per module Pass, Fail or Absent, the percentage (Pass or Fail is suggested
 * against the module's pass percentage), notes and evidence. Only modules whose exam has taken
 * place and whose result the caller may enter are open; an online exam's own result is read only.
 */
export function ResultsForm({ modules, onSave, onOpenAttachment, laterAttempts = [] }: ResultsFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const form = useForm<{ rows: ResultRowValues[] }>({ initialValues: { rows: modules.map(initialResultValues) } });
  const rows = form.getValues().rows;

  const [override, setOverride] = useState<{ request: PostExamUpdateRequest['modules']; sentIndexes: number[]; moduleCodes: string[] } | null>(null);
  // Whoever enters a result takes part in the examination: a refusal on impartiality a manager may override with a reason (issue 43).
  const impartiality = useImpartialityOverride();

  const save = async () => {
    setFailure(null);
    form.clearErrors();
    const { modules: request, sentIndexes, errors } = resultsSaveOf(form.getValues().rows, modules);
    if (Object.keys(errors).length > 0) {
      form.setErrors(errors);
      return;
    }
    if (request.length === 0) {
      setFailure('Enter the result of at least one module.');
      return;
    }
    // A result typed over an online exam closes its sitting for good: asked once more (issue 21).
    const online = request.flatMap((row) => modules.filter((m) => m.id === row.applicationModuleId && m.examKind === 'Online').map((m) => m.moduleCode));
    if (online.length > 0) {
      setOverride({ request, sentIndexes, moduleCodes: online });
      return;
    }
    await send(request, sentIndexes);
  };

  /** Never throws: a refusal lands at its row's field, or above the button. */
  const send = async (request: PostExamUpdateRequest['modules'], sentIndexes: number[]) => {
    setIsSending(true);
    try {
      await onSave({ modules: request, ...impartiality.requestPart() });
      impartiality.reset();
    } catch (error) {
      impartiality.noteFailure(error);
      const fieldErrors: Record<string, string> = {};
      if (error instanceof ApiError) {
        for (const [key, message] of Object.entries(error.fieldErrors)) {
          const match = /^modules\.(\d+)\.(\w+)$/.exec(key);
          const rowIndex = match ? sentIndexes[Number(match[1])] : undefined;
          if (match && rowIndex !== undefined) fieldErrors[`rows.${rowIndex}.${match[2] === 'resultEvidenceId' ? 'evidence' : match[2]}`] = message;
        }
      }
      if (Object.keys(fieldErrors).length > 0) form.setErrors(fieldErrors);
      else setFailure(errorMessageOf(error));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form
      aria-label="Results"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        {modules.map((module, index) => {
          const values = rows[index]!;
          const headingId = `result-${module.id}-heading`;
          const percentage = values.resultPercentage.trim();
          const suggestion = percentage && !Number.isNaN(Number(percentage)) ? suggestedResult(Number(percentage), module.passPercentage) : null;
          const sittings = moduleSittings(module, laterAttempts);
          const isResat = sittings.length > 1;
          return (
            <Paper key={module.id} withBorder radius="sm" p="md" component="section" aria-labelledby={headingId} data-testid={`result-row-${module.moduleCode}`}>
              <Stack gap="sm">
                <Group justify="space-between" gap="xs">
                  <Title order={3} size="h5" id={headingId}>
                    {module.moduleCode} · {module.moduleTitle}
                  </Title>
                  <Group gap={6}>
                    <Badge variant="outline" color="gray.7" radius="sm" tt="none">
                      {module.examKind ?? module.examinationType} · pass mark {module.passPercentage}%
                    </Badge>
                    {module.resultSource === 'onlineExam' && (
                      <Badge variant="outline" color="blue.9" radius="sm" tt="none">
                        From the online exam
                      </Badge>
                    )}
                  </Group>
                </Group>
                {/* Re-sat: the latest sitting's result first, the first sitting's after it, marked earlier. */}
                <ModuleSittingsList sittings={sittings} moduleCode={module.moduleCode} size="sm" />
                {module.canEnterResult ? (
                  <>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                      <Radio.Group label="Result" withAsterisk {...form.getInputProps(`rows.${index}.result`)}>
                        <Group gap="md" mt={6}>
                          {MODULE_RESULTS.map((result) => (
                            <Radio key={result} value={result} label={result} />
                          ))}
                        </Group>
                      </Radio.Group>
                      <TextInput
                        label="Percentage"
                        inputMode="decimal"
                        rightSection="%"
                        description={suggestion ? `Suggested: ${suggestion} (pass mark ${module.passPercentage}%)` : `Pass mark ${module.passPercentage}%`}
                        {...form.getInputProps(`rows.${index}.resultPercentage`)}
                        onChange={(event) => {
                          const text = event.currentTarget.value;
                          form.setFieldValue(`rows.${index}.resultPercentage`, text);
                          // The suggestion fills an empty result; a result already chosen is the examiner's call.
                          const suggested = text.trim() && !Number.isNaN(Number(text)) ? suggestedResult(Number(text), module.passPercentage) : null;
                          if (suggested && !form.getValues().rows[index]!.result) form.setFieldValue(`rows.${index}.result`, suggested);
                        }}
                      />
                    </SimpleGrid>
                    <Textarea label="Notes" autosize minRows={1} maxRows={5} {...form.getInputProps(`rows.${index}.resultNotes`)} />
                    <EvidenceField value={values.evidence} onChange={(evidence) => form.setFieldValue(`rows.${index}.evidence`, evidence)} onOpen={onOpenAttachment} />
                    {form.errors[`rows.${index}.evidence`] && (
                      <Text size="sm" c="red.8">
                        {form.errors[`rows.${index}.evidence`]}
                      </Text>
                    )}
                  </>
                ) : isResat ? null : (
                  <Text size="sm" c="dimmed">
                    {module.result
                      ? `${module.result}${module.resultPercentage !== null ? ` (${module.resultPercentage.toFixed(2)}%)` : ''}`
                      : module.hasTakenPlace
                        ? 'No result yet; the module’s examiner enters it.'
                        : 'The exam has not taken place yet.'}
                  </Text>
                )}
                {module.resultEnteredOn && (
                  <Text size="xs" c="dimmed">
                    {isResat ? 'First sitting entered by' : 'Entered by'} {module.resultEnteredBy ?? '-'}, <DateDisplay value={module.resultEnteredOn} withTime />
                  </Text>
                )}
              </Stack>
            </Paper>
          );
        })}
        {failure && (
          <Alert color="red" variant="light" title="The results were not saved">
            {failure}
          </Alert>
        )}
        <OverrideReasonField state={impartiality} />
        <ConfirmDialog
          opened={override !== null}
          title="Record the result of an online exam by hand?"
          confirmLabel="Record the result"
          failureTitle="The results were not saved"
          onConfirm={() => (override ? send(override.request, override.sentIndexes) : Promise.resolve())}
          onClose={() => setOverride(null)}
        >
          <Text size="sm">
            {override?.moduleCodes.join(', ')} {override && override.moduleCodes.length > 1 ? 'were' : 'was'} scheduled as an online exam. A result entered here is the module's result: the
            candidate can no longer start that online exam.
          </Text>
        </ConfirmDialog>
        {modules.some((m) => m.canEnterResult) && (
          <Group>
            <Button type="submit" loading={isSending}>
              Save results
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
