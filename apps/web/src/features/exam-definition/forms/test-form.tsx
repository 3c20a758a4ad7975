import { Alert, Button, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { TEST_MESSAGES, TestTitle, type LinkableModule } from '@certs/shared/exam-definition/exam-definition.contract';
import { PROGRAM_TYPE_INFO, PROGRAM_TYPES, type ProgramType } from '@certs/shared/program/program-type';
import { RichTextField } from '../../../components/ui/rich-text-field';
import { useTestByTitle } from '../api/find-test-by-title';
import { applyServerErrors } from '../../../lib/server-errors';
import { validateTestValues, type TestFormValues } from './test-form.values';

// Alert titles in the text colour: the light variants' coloured titles fall under 4.5:1.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface TestFormProps {
  mode: 'create' | 'edit';
  initialValues: TestFormValues;
  /** The test being edited: its own title is not "taken". */
  testId?: string;
  modules: readonly LinkableModule[];
  /** Published: what candidates answer cannot change (clone instead). */
  isContentLocked?: boolean;
  onSubmit: (values: TestFormValues) => Promise<unknown>;
  onCancel?: () => void;
}

export const TITLE_CHECK_DELAY_MS = 400;

const TYPE_OPTIONS = [
  { value: '', label: 'Select a test type', disabled: true },
  { value: 'trial', label: 'Trial' },
  { value: 'module', label: 'Module' },
];
const PROGRAM_TYPE_OPTIONS = [
  { value: '', label: 'Select a program type', disabled: true },
  ...Object.values(PROGRAM_TYPES).map((type) => ({ value: String(type), label: PROGRAM_TYPE_INFO[type as ProgramType].label })),
];

type TestSwitchField = 'isSectionSplit' | 'canUploadAnswerPaper' | 'shuffleQuestions' | 'shuffleOptions' | 'partialMarks';

/** The test's on/off settings; like its times, they cannot change once the test is published. */
const TEST_SWITCHES: { field: TestSwitchField; label: string; description: string }[] = [
  { field: 'isSectionSplit', label: 'Split by section', description: 'Candidates see one section at a time.' },
  { field: 'canUploadAnswerPaper', label: 'Answer papers may be uploaded', description: 'Candidates may upload paper working for the test.' },
  { field: 'shuffleQuestions', label: 'Shuffle questions', description: 'Each candidate gets the questions of every section in their own order.' },
  { field: 'shuffleOptions', label: 'Shuffle options', description: 'Each candidate sees the options of choice questions in their own order.' },
  { field: 'partialMarks', label: 'Partial marks', description: 'Multiple answer: a share of the marks per correct option chosen, one share off per wrong one.' },
];

function titleToCheck(title: string, saved: string): string | null {
  const parsed = TestTitle.safeParse(title);
  if (!parsed.success || parsed.data.toLowerCase() === saved.trim().toLowerCase()) return null;
  return parsed.data;
}

/** The test form of spec sections 3 and 5, checked by the shared schema; the title must be free. */
export function TestForm({ mode, initialValues, testId, modules, isContentLocked = false, onSubmit, onCancel }: TestFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TestFormValues>({ initialValues, validate: validateTestValues });
  const [debouncedTitle] = useDebouncedValue(form.values.title, TITLE_CHECK_DELAY_MS);
  const candidate = titleToCheck(debouncedTitle, initialValues.title);
  const lookup = useTestByTitle(candidate);
  const isTitleTaken =
    !!candidate && candidate === titleToCheck(form.values.title, initialValues.title) && !!lookup.data?.test && lookup.data.test.id !== testId;
  const isSending = form.submitting;
  const locked = isSending || isContentLocked;
  const lockNote = isContentLocked ? 'Fixed once published.' : undefined;
  const moduleOptions = [
    { value: '', label: 'No module' },
    ...modules
      .filter((module) => String(module.programType) === form.values.programType)
      .map((module) => ({ value: module.id, label: `${module.programCode} · ${module.moduleCode} ${module.moduleTitle}` })),
  ];

  const handleSubmit = async (values: TestFormValues) => {
    setFailure(null);
    if (isTitleTaken) {
      form.setFieldError('title', TEST_MESSAGES.titleTaken);
      return;
    }
    try {
      await onSubmit(values);
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label={mode === 'create' ? 'New test' : 'Test details'}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Could not save the test" data-testid="test-form-error" styles={READABLE_TITLE}>
            {failure}
          </Alert>
        )}
        <TextInput
          label="Title"
          required
          withAsterisk
          autoComplete="off"
          disabled={isSending}
          {...form.getInputProps('title')}
          error={form.errors.title ?? (isTitleTaken ? TEST_MESSAGES.titleTaken : undefined)}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NativeSelect label="Test Type" required withAsterisk data={TYPE_OPTIONS} disabled={locked} description={lockNote} {...form.getInputProps('testType')} />
          <NativeSelect
            label="Program Type"
            required
            withAsterisk
            data={PROGRAM_TYPE_OPTIONS}
            disabled={locked}
            description={lockNote}
            {...form.getInputProps('programType')}
            onChange={(event) => {
              form.setFieldValue('programType', event.currentTarget.value);
              form.setFieldValue('programModuleId', '');
            }}
          />
          <NativeSelect
            label="Program Module"
            description="The module this test examines (optional)."
            data={moduleOptions}
            disabled={isSending || !form.values.programType}
            {...form.getInputProps('programModuleId')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label="Overall Time" description={lockNote ?? 'Minutes'} required withAsterisk min={1} clampBehavior="none" allowDecimal={false} disabled={locked} {...form.getInputProps('overallTime')} />
          <NumberInput
            label="Minimum Time"
            description={lockNote ?? 'Minutes before a candidate may submit'}
            required
            withAsterisk
            min={1}
            clampBehavior="none"
            allowDecimal={false}
            disabled={locked}
            {...form.getInputProps('minimumTime')}
          />
          <NumberInput
            label="Total Test Marks"
            description={lockNote ?? 'The question marks must add up to this'}
            required
            withAsterisk
            min={1}
            clampBehavior="none"
            decimalScale={2}
            disabled={locked}
            {...form.getInputProps('totalTestMarks')}
          />
        </SimpleGrid>
        <Textarea label="Description" description="For staff: what the test is for." required withAsterisk autosize minRows={2} disabled={isSending} {...form.getInputProps('description')} />
        <RichTextField
          label="Instruction"
          description="What candidates read before they start."
          required
          disabled={isSending}
          testId="test-instruction-editor"
          value={form.values.instruction}
          onChange={(html) => form.setFieldValue('instruction', html)}
          error={form.errors.instruction}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {TEST_SWITCHES.map(({ field, label, description }) => (
            <Switch key={field} label={label} description={description} disabled={locked} {...form.getInputProps(field, { type: 'checkbox' })} />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={isSending}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={isSending}>
            {mode === 'create' ? 'Create test' : 'Save changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
