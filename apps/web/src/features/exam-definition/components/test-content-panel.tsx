import { ActionIcon, Alert, Badge, Button, Group, NativeSelect, NumberInput, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatMarks } from '@certs/shared/exam-definition/exam-definition-rules';
import { questionMarks, type Section, type SectionQuestion } from '@certs/shared/exam-definition/exam-section.contract';
import { questionLabel } from '@certs/shared/question-bank/question-type';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormDialog } from '../../../components/ui/form-dialog';
import { errorMessageOf } from '../../../lib/api-client';
import {
  useCreateSection,
  useRemoveSection,
  useRemoveSectionQuestion,
  useRenameSection,
  useReorderSectionQuestions,
  useReorderSections,
  useUpdateSectionQuestion,
} from '../api/test-content';
import { SectionForm } from '../forms/section-form';
import { QuestionPicker } from './question-picker';

// Alert titles in the text colour: the light variants' coloured titles fall under 4.5:1.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface TestContentPanelProps {
  testId: string;
  sections: readonly Section[];
  questions: readonly SectionQuestion[];
  /** Published: nothing here can change (clone the test instead). */
  isLocked: boolean;
}

type SectionDialog = { mode: 'create' } | { mode: 'rename'; section: Section } | null;

function movedIds(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

function failed(title: string) {
  return (error: unknown) => notifications.show({ color: 'red', title, message: errorMessageOf(error) });
}

/** Marks typed in place, saved when the field is left with a new valid value. */
function MarksCell({ entry, testId, isLocked }: { entry: SectionQuestion; testId: string; isLocked: boolean }) {
  const [value, setValue] = useState<number | string>(entry.marks);
  const update = useUpdateSectionQuestion(testId);
  const check = questionMarks.safeParse(typeof value === 'number' ? value : Number.NaN);
  const error = check.success ? null : (check.error.issues[0]?.message ?? 'Marks are required');
  const save = () => {
    if (error || typeof value !== 'number' || value === entry.marks) return;
    update.mutate({ id: entry.id, request: { marks: value, sectionId: entry.sectionId } }, { onError: failed('Could not change the marks') });
  };
  if (isLocked) return <>{formatMarks(entry.marks)}</>;
  return (
    <NumberInput
      aria-label={`Marks for ${questionLabel(entry.questionNumber)}`}
      size="xs"
      w={90}
      min={0.01}
      clampBehavior="none"
      decimalScale={2}
      value={value}
      onChange={setValue}
      onBlur={save}
      onKeyDown={(event) => {
        if (event.key === 'Enter') save();
      }}
      error={error}
    />
  );
}

/** A test's sections and their questions with marks: add, move, reorder, remove; read-only once published. */
export function TestContentPanel({ testId, sections, questions, isLocked }: TestContentPanelProps) {
  const [sectionDialog, setSectionDialog] = useState<SectionDialog>(null);
  const [removingSection, setRemovingSection] = useState<Section | null>(null);
  const [pickerFor, setPickerFor] = useState<string | null>(null);
  const createSection = useCreateSection(testId);
  const renameSection = useRenameSection(testId);
  const removeSection = useRemoveSection(testId);
  const reorderSections = useReorderSections(testId);
  const updateQuestion = useUpdateSectionQuestion(testId);
  const removeQuestion = useRemoveSectionQuestion(testId);
  const reorderQuestions = useReorderSectionQuestions(testId);
  const named = sections.filter((section) => !section.isDefault);
  const sectionOptions = [{ value: 'default', label: 'Questions (no section)' }, ...named.map((section) => ({ value: section.id, label: section.title }))];

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="content-heading" data-testid="test-content">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4" id="content-heading">
              Sections and questions
            </Title>
            <Text size="sm" c="dimmed">
              {isLocked
                ? 'Published: candidates get these questions in these versions. Clone the test to change them.'
                : 'Questions outside any section are shown first, under "Questions". Draft tests take each question\'s latest version when published.'}
            </Text>
          </Stack>
          {!isLocked && (
            <Group gap="sm">
              <Button variant="default" onClick={() => setSectionDialog({ mode: 'create' })}>
                Add section
              </Button>
              <Button onClick={() => setPickerFor('default')}>Add questions</Button>
            </Group>
          )}
        </Group>
        {sections.map((section) => {
          const entries = questions.filter((entry) => entry.sectionId === section.id);
          const namedIndex = named.findIndex((item) => item.id === section.id);
          return (
            <Paper key={section.id} withBorder radius="md" p="md" component="section" aria-label={`Section ${section.title}`} data-testid="test-section">
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap">
                  <Group gap="sm">
                    <Title order={3} size="h5">
                      {section.title}
                    </Title>
                    {section.isDefault && (
                      <Badge variant="outline" color="gray.7" tt="none" radius="sm">
                        Default section
                      </Badge>
                    )}
                    <Text size="sm" c="dimmed">
                      {section.numOfQuestions} questions · {formatMarks(section.marks)} marks
                    </Text>
                  </Group>
                  {!isLocked && (
                    <Group gap="xs">
                      <Button size="xs" variant="light" onClick={() => setPickerFor(section.id)} aria-label={`Add questions to ${section.title}`}>
                        Add questions
                      </Button>
                      {!section.isDefault && (
                        <>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move section ${section.title} up`}
                            disabled={namedIndex === 0 || reorderSections.isPending}
                            onClick={() => reorderSections.mutate({ testId, ids: movedIds(named.map((s) => s.id), namedIndex, namedIndex - 1) }, { onError: failed('Could not reorder') })}
                          >
                            <span aria-hidden="true">↑</span>
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Move section ${section.title} down`}
                            disabled={namedIndex === named.length - 1 || reorderSections.isPending}
                            onClick={() => reorderSections.mutate({ testId, ids: movedIds(named.map((s) => s.id), namedIndex, namedIndex + 1) }, { onError: failed('Could not reorder') })}
                          >
                            <span aria-hidden="true">↓</span>
                          </ActionIcon>
                          <Button size="xs" variant="subtle" onClick={() => setSectionDialog({ mode: 'rename', section })} aria-label={`Rename section ${section.title}`}>
                            Rename
                          </Button>
                          <Button size="xs" variant="subtle" color="red.9" onClick={() => setRemovingSection(section)} aria-label={`Remove section ${section.title}`}>
                            Remove
                          </Button>
                        </>
                      )}
                    </Group>
                  )}
                </Group>
                {entries.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    No questions yet.
                  </Text>
                ) : (
                  <Table.ScrollContainer minWidth={760}>
                    <Table verticalSpacing="xs" striped aria-label={`Questions of ${section.title}`}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th scope="col">#</Table.Th>
                          <Table.Th scope="col">No.</Table.Th>
                          <Table.Th scope="col">Question</Table.Th>
                          <Table.Th scope="col">Type</Table.Th>
                          <Table.Th scope="col">Marks</Table.Th>
                          {!isLocked && <Table.Th scope="col">Section</Table.Th>}
                          {!isLocked && (
                            <Table.Th scope="col" ta="right">
                              Actions
                            </Table.Th>
                          )}
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {entries.map((entry, index) => {
                          const label = questionLabel(entry.questionNumber);
                          return (
                            <Table.Tr key={entry.id}>
                              <Table.Td>{index + 1}</Table.Td>
                              <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                                {label}
                                <Text size="xs" c="dimmed" fw={400}>
                                  v{entry.version}
                                  {entry.version < entry.currentVersion ? ` (v${entry.currentVersion} in the bank)` : ''}
                                </Text>
                              </Table.Th>
                              <Table.Td>
                                <Text size="sm" lineClamp={2} maw={420}>
                                  {entry.contentText}
                                </Text>
                              </Table.Td>
                              <Table.Td>
                                <Text size="sm">{entry.questionType}</Text>
                                <Text size="xs" c="dimmed">
                                  {entry.difficulty}
                                </Text>
                              </Table.Td>
                              <Table.Td>
                                <MarksCell key={`${entry.id}-${entry.marks}`} entry={entry} testId={testId} isLocked={isLocked} />
                              </Table.Td>
                              {!isLocked && (
                                <Table.Td>
                                  <NativeSelect
                                    size="xs"
                                    w={170}
                                    aria-label={`Section of ${label}`}
                                    data={sectionOptions}
                                    value={entry.sectionId}
                                    onChange={(event) =>
                                      updateQuestion.mutate({ id: entry.id, request: { marks: entry.marks, sectionId: event.currentTarget.value } }, { onError: failed('Could not move the question') })
                                    }
                                  />
                                </Table.Td>
                              )}
                              {!isLocked && (
                                <Table.Td>
                                  <Group gap={4} justify="flex-end" wrap="nowrap">
                                    <ActionIcon
                                      variant="subtle"
                                      aria-label={`Move ${label} up`}
                                      disabled={index === 0 || reorderQuestions.isPending}
                                      onClick={() =>
                                        reorderQuestions.mutate({ testId, sectionId: section.id, ids: movedIds(entries.map((e) => e.id), index, index - 1) }, { onError: failed('Could not reorder') })
                                      }
                                    >
                                      <span aria-hidden="true">↑</span>
                                    </ActionIcon>
                                    <ActionIcon
                                      variant="subtle"
                                      aria-label={`Move ${label} down`}
                                      disabled={index === entries.length - 1 || reorderQuestions.isPending}
                                      onClick={() =>
                                        reorderQuestions.mutate({ testId, sectionId: section.id, ids: movedIds(entries.map((e) => e.id), index, index + 1) }, { onError: failed('Could not reorder') })
                                      }
                                    >
                                      <span aria-hidden="true">↓</span>
                                    </ActionIcon>
                                    <Button
                                      size="xs"
                                      variant="subtle"
                                      color="red.9"
                                      aria-label={`Take ${label} out of the test`}
                                      onClick={() => removeQuestion.mutate(entry.id, { onError: failed('Could not take the question out') })}
                                    >
                                      Remove
                                    </Button>
                                  </Group>
                                </Table.Td>
                              )}
                            </Table.Tr>
                          );
                        })}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Stack>
            </Paper>
          );
        })}
        {sections.length === 0 && (
          <Alert color="gray" variant="light" styles={READABLE_TITLE}>
            No questions yet.
          </Alert>
        )}
      </Stack>
      <FormDialog opened={sectionDialog !== null} title={sectionDialog?.mode === 'rename' ? 'Rename section' : 'Add section'} size="md" onClose={() => setSectionDialog(null)}>
        <SectionForm
          initialTitle={sectionDialog?.mode === 'rename' ? sectionDialog.section.title : ''}
          submitLabel={sectionDialog?.mode === 'rename' ? 'Save' : 'Add section'}
          onCancel={() => setSectionDialog(null)}
          onSubmit={async (title) => {
            if (sectionDialog?.mode === 'rename') await renameSection.mutateAsync({ id: sectionDialog.section.id, title });
            else await createSection.mutateAsync(title);
            setSectionDialog(null);
          }}
        />
      </FormDialog>
      <ConfirmDialog
        opened={removingSection !== null}
        title={`Remove section ${removingSection?.title ?? ''}?`}
        confirmLabel="Remove section"
        confirmColor="red.9"
        failureTitle="Could not remove the section"
        onConfirm={() => (removingSection ? removeSection.mutateAsync(removingSection.id) : Promise.resolve())}
        onClose={() => setRemovingSection(null)}
      >
        <Text size="sm">Its questions stay in the test, under &quot;Questions&quot; (no section).</Text>
      </ConfirmDialog>
      {pickerFor !== null && <QuestionPicker key={pickerFor} opened testId={testId} sections={sections} sectionId={pickerFor} onClose={() => setPickerFor(null)} />}
    </Paper>
  );
}
