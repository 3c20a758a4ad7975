import { ActionIcon, Alert, Button, Checkbox, Fieldset, Group, Input, MultiSelect, NativeSelect, Radio, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { DIFFICULTIES, MAX_OPTIONS, QUESTION_TYPES, QUESTION_TYPE_INFO, type QuestionType } from '@certs/shared/question-bank/question-type';
import { RichTextField } from '../../../components/ui/rich-text-field';
import { uploadFile } from '../../../lib/upload';
import { applyServerErrors } from '../../../lib/server-errors';
import { newOptionRow, validateQuestionValues, type QuestionFormValues } from './question-form.values';

// Alert titles in the text colour: the light variants' coloured titles fall under 4.5:1.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface ReferenceChoice {
  id: string;
  title: string;
}

interface QuestionFormProps {
  mode: 'create' | 'edit';
  initialValues: QuestionFormValues;
  subjects: readonly ReferenceChoice[];
  tags: readonly ReferenceChoice[];
  onSubmit: (values: QuestionFormValues) => Promise<unknown>;
  onCancel?: () => void;
}

const TYPE_OPTIONS = [{ value: '', label: 'Select a question type', disabled: true }, ...QUESTION_TYPES.map((type) => ({ value: type, label: type }))];

const OPTION_HELP: Record<QuestionType, string> = {
  'General Single Answer': 'Mark the one correct option.',
  'Multiple Answer': 'Mark every correct option; at least one.',
  Descriptive: '',
  'Fill In The Blank': 'Every answer listed here is accepted; write each spelling a candidate may use.',
};

/** An image of question content: uploaded through the platform's storage, shown by its open path. */
async function uploadQuestionImage(file: File): Promise<string> {
  const saved = await uploadFile(file);
  return `/unauth/questionimage/${saved.resourceKey}`;
}

/** A question of any of the four types, checked by the shared schema; options follow the type. */
export function QuestionForm({ mode, initialValues, subjects, tags, onSubmit, onCancel }: QuestionFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<QuestionFormValues>({ initialValues, validate: validateQuestionValues });
  const type = form.values.questionType;
  const info = type ? QUESTION_TYPE_INFO[type] : null;
  const hasOptions = !!info && (info.hasChoices || info.hasAcceptedAnswers);
  const isSending = form.submitting;
  const noun = info?.hasAcceptedAnswers ? 'Accepted answer' : 'Option';

  const handleSubmit = async (values: QuestionFormValues) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };

  const markCorrect = (index: number, isCorrect: boolean) => {
    if (type === 'General Single Answer') {
      form.setFieldValue(
        'options',
        form.values.options.map((row, i) => ({ ...row, correctAnswer: i === index })),
      );
    } else {
      form.setFieldValue(`options.${index}.correctAnswer`, isCorrect);
    }
    form.clearFieldError('options');
  };

  const move = (from: number, to: number) => form.reorderListItem('options', { from, to });

  // Untouched rows follow the type: two to choose between, one accepted answer to start with.
  const changeType = (next: QuestionType) => {
    form.setFieldValue('questionType', next);
    const isUntouched = form.values.options.every((row) => !row.option.trim());
    const info = QUESTION_TYPE_INFO[next];
    if (isUntouched && info.hasAcceptedAnswers) form.setFieldValue('options', [newOptionRow()]);
    else if (isUntouched && info.hasChoices && form.values.options.length < 2) form.setFieldValue('options', [newOptionRow(), newOptionRow()]);
    if (next === 'General Single Answer' && form.values.options.filter((row) => row.correctAnswer).length > 1) {
      form.setFieldValue('options', form.values.options.map((row) => ({ ...row, correctAnswer: false })));
    }
  };

  const optionRows = form.values.options.map((row, index) => {
    const label = `${noun} ${index + 1}`;
    return (
      <Group key={row.key} gap="sm" align="flex-start" wrap="nowrap" data-testid="option-row">
        {type === 'General Single Answer' && (
          <Radio mt={34} aria-label={`${label} is correct`} checked={row.correctAnswer} onChange={() => markCorrect(index, true)} disabled={isSending} />
        )}
        {type === 'Multiple Answer' && (
          <Checkbox
            mt={34}
            aria-label={`${label} is correct`}
            checked={row.correctAnswer}
            onChange={(event) => markCorrect(index, event.currentTarget.checked)}
            disabled={isSending}
          />
        )}
        <TextInput label={label} style={{ flex: 1 }} autoComplete="off" disabled={isSending} {...form.getInputProps(`options.${index}.option`)} />
        <Group gap={4} mt={28} wrap="nowrap">
          <ActionIcon variant="subtle" aria-label={`Move ${label.toLowerCase()} up`} disabled={isSending || index === 0} onClick={() => move(index, index - 1)}>
            <span aria-hidden="true">↑</span>
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${label.toLowerCase()} down`}
            disabled={isSending || index === form.values.options.length - 1}
            onClick={() => move(index, index + 1)}
          >
            <span aria-hidden="true">↓</span>
          </ActionIcon>
          <ActionIcon variant="subtle" color="red.9" aria-label={`Remove ${label.toLowerCase()}`} disabled={isSending} onClick={() => form.removeListItem('options', index)}>
            <span aria-hidden="true">✕</span>
          </ActionIcon>
        </Group>
      </Group>
    );
  });

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={mode === 'create' ? 'New question' : 'Edit question'}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not save the question" data-testid="question-form-error" styles={READABLE_TITLE}>
            {failure}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="Question Type"
            required
            withAsterisk
            data={TYPE_OPTIONS}
            disabled={isSending}
            {...form.getInputProps('questionType')}
            onChange={(event) => changeType(event.currentTarget.value as QuestionType)}
          />
          <NativeSelect label="Difficulty" data={[...DIFFICULTIES]} disabled={isSending} {...form.getInputProps('difficulty')} />
        </SimpleGrid>
        <RichTextField
          label="Content"
          description="The question as candidates read it: text, lists, links and images (PNG, JPEG, GIF or WebP)."
          required
          disabled={isSending}
          testId="question-content-editor"
          onInsertImage={uploadQuestionImage}
          value={form.values.content}
          onChange={(html) => form.setFieldValue('content', html)}
          error={form.errors.content}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <MultiSelect
            label="Subjects"
            required
            withAsterisk
            searchable
            data={subjects.map((subject) => ({ value: subject.id, label: subject.title }))}
            placeholder={form.values.subjects.length ? undefined : 'Choose subjects'}
            nothingFoundMessage="No subject of that name: add it under Subjects"
            disabled={isSending}
            {...form.getInputProps('subjects')}
          />
          <MultiSelect
            label="Tags"
            required
            withAsterisk
            searchable
            data={tags.map((tag) => ({ value: tag.id, label: tag.title }))}
            placeholder={form.values.tags.length ? undefined : 'Choose tags'}
            nothingFoundMessage="No tag of that name: add it under Tags"
            disabled={isSending}
            {...form.getInputProps('tags')}
          />
        </SimpleGrid>
        {type && hasOptions && (
          <Fieldset legend={info?.hasAcceptedAnswers ? 'Accepted answers' : 'Options'} variant="filled" radius="md">
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {OPTION_HELP[type]}
              </Text>
              {optionRows}
              {form.errors.options && <Input.Error role="alert">{form.errors.options}</Input.Error>}
              <Group>
                <Button
                  variant="light"
                  disabled={isSending || form.values.options.length >= MAX_OPTIONS}
                  onClick={() => form.insertListItem('options', newOptionRow())}
                >
                  {info?.hasAcceptedAnswers ? 'Add accepted answer' : 'Add option'}
                </Button>
                <Text size="xs" c="dimmed">
                  Up to {MAX_OPTIONS}.
                </Text>
              </Group>
            </Stack>
          </Fieldset>
        )}
        {type === 'Descriptive' && (
          <Text size="sm" c="dimmed">
            Candidates answer a descriptive question in their own words; an examiner marks it.
          </Text>
        )}
        <Switch
          label="Candidates may upload an answer paper"
          description="For working or sketches done on paper, photographed and uploaded during the exam."
          disabled={isSending}
          {...form.getInputProps('canUploadAnswerPaper', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={isSending}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={isSending}>
            {mode === 'create' ? 'Create question' : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
