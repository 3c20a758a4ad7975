import { Alert, Button, Checkbox, Group, Modal, NativeSelect, NumberInput, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { SECTION_MESSAGES, questionMarks, type Section } from '@certs/shared/exam-definition/exam-section.contract';
import { totalPages } from '@certs/shared/common/paging';
import { QUESTION_TYPES, questionLabel, type QuestionType } from '@certs/shared/question-bank/question-type';
import { errorMessageOf } from '../../../lib/api-client';
import { useBankSearch, useBankSubjects } from '../api/search-bank';
import { useAddSectionQuestions } from '../api/test-content';

// Alert titles in the text colour: the light variants' coloured titles fall under 4.5:1.
const READABLE_TITLE = { title: { color: 'var(--mantine-color-text)' } };

interface QuestionPickerProps {
  opened: boolean;
  testId: string;
  sections: readonly Section[];
  /** The section the questions go to at first; `default` is Questions (no section). */
  sectionId: string;
  onClose: () => void;
}

const PAGE_SIZE = 10;

/** Choose questions from the bank (those already in the test are left out) and add them with their marks. */
export function QuestionPicker({ opened, testId, sections, sectionId, onClose }: QuestionPickerProps) {
  const [text, setText] = useState('');
  const [questionType, setQuestionType] = useState('');
  const [subjectId, setSubjectId] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [marks, setMarks] = useState<number | string>(1);
  const [target, setTarget] = useState(sectionId);
  const [failure, setFailure] = useState<string | null>(null);
  const [debouncedText] = useDebouncedValue(text, 300);
  const subjects = useBankSubjects();
  const add = useAddSectionQuestions(testId);
  const bank = useBankSearch(
    {
      page,
      pageSize: PAGE_SIZE,
      text: debouncedText,
      questionType: (QUESTION_TYPES as readonly string[]).includes(questionType) ? (questionType as QuestionType) : undefined,
      subjectIds: subjectId ? [subjectId] : undefined,
      excludeTestId: testId,
    },
    opened,
  );
  const marksCheck = questionMarks.safeParse(typeof marks === 'number' ? marks : Number.NaN);
  const marksError = marks === '' ? SECTION_MESSAGES.marksRequired : marksCheck.success ? null : (marksCheck.error.issues[0]?.message ?? SECTION_MESSAGES.marksMin);
  const sectionOptions = [
    { value: 'default', label: 'Questions (no section)' },
    ...sections.filter((section) => !section.isDefault).map((section) => ({ value: section.id, label: section.title })),
  ];

  const close = () => {
    setChosen(new Set());
    setFailure(null);
    onClose();
  };

  const toggle = (id: string, isChosen: boolean) => {
    const next = new Set(chosen);
    if (isChosen) next.add(id);
    else next.delete(id);
    setChosen(next);
  };

  const submit = async () => {
    if (marksError || chosen.size === 0 || typeof marks !== 'number') return;
    setFailure(null);
    try {
      await add.mutateAsync({ testId, sectionId: target, questions: [...chosen].map((questionId) => ({ questionId, marks })) });
      notifications.show({ color: 'green', title: 'Questions added', message: `${chosen.size === 1 ? '1 question' : `${chosen.size} questions`} added with ${marks} marks each.` });
      close();
    } catch (error) {
      setFailure(errorMessageOf(error));
    }
  };

  const rows = bank.data?.rows ?? [];
  return (
    <Modal.Root opened={opened} onClose={close} size="xl" radius="md">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="none">
          <Modal.Title fw={700} fz="lg">
            Add questions from the bank
          </Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label="Search the bank">
              <TextInput
                label="Search the bank"
                type="search"
                placeholder="Words, or Q-12"
                w={240}
                value={text}
                onChange={(event) => {
                  setText(event.currentTarget.value);
                  setPage(1);
                }}
              />
              <NativeSelect
                label="Type"
                w={200}
                data={[{ value: '', label: 'All types' }, ...QUESTION_TYPES.map((type) => ({ value: type, label: type }))]}
                value={questionType}
                onChange={(event) => {
                  setQuestionType(event.currentTarget.value);
                  setPage(1);
                }}
              />
              <NativeSelect
                label="Subject"
                w={200}
                data={[{ value: '', label: 'Any subject' }, ...(subjects.data ?? []).map((subject) => ({ value: subject.id, label: subject.title }))]}
                value={subjectId}
                onChange={(event) => {
                  setSubjectId(event.currentTarget.value);
                  setPage(1);
                }}
              />
            </Group>
            {bank.error && (
              <Alert color="red" variant="light" title="Could not search the bank" styles={READABLE_TITLE}>
                {errorMessageOf(bank.error)}
              </Alert>
            )}
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs" striped aria-label="Questions in the bank" aria-busy={bank.isFetching}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Choose</Table.Th>
                    <Table.Th scope="col">No.</Table.Th>
                    <Table.Th scope="col">Question</Table.Th>
                    <Table.Th scope="col">Type</Table.Th>
                    <Table.Th scope="col">Difficulty</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={5}>
                        <Text ta="center" py="md" c="dimmed">
                          {bank.isFetching ? 'Searching…' : 'No questions match, or every match is already in the test.'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  )}
                  {rows.map((question) => (
                    <Table.Tr key={question.id}>
                      <Table.Td>
                        <Checkbox aria-label={`Choose ${questionLabel(question.questionNumber)}`} checked={chosen.has(question.id)} onChange={(event) => toggle(question.id, event.currentTarget.checked)} />
                      </Table.Td>
                      <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                        {questionLabel(question.questionNumber)}
                      </Table.Th>
                      <Table.Td>
                        <Text size="sm" lineClamp={2}>
                          {question.contentText}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{question.questionType}</Table.Td>
                      <Table.Td>{question.difficulty}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between">
              <Text size="sm" aria-live="polite">
                {chosen.size} chosen · {bank.data?.totalRows ?? 0} in the bank match
              </Text>
              <Pagination total={totalPages(bank.data?.totalRows ?? 0, PAGE_SIZE)} value={page} onChange={setPage} size="sm" getControlProps={(control) => ({ 'aria-label': `${control} page` })} />
            </Group>
            <Group align="flex-end" gap="md" wrap="wrap">
              <NativeSelect label="Add to section" w={260} data={sectionOptions} value={target} onChange={(event) => setTarget(event.currentTarget.value)} />
              <NumberInput label="Marks for each" w={160} min={0.01} clampBehavior="none" decimalScale={2} value={marks} onChange={setMarks} error={marksError} />
            </Group>
            {failure && (
              <Alert color="red" variant="light" title="Could not add the questions" styles={READABLE_TITLE}>
                {failure}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={add.isPending}>
                Cancel
              </Button>
              <Button onClick={() => void submit()} loading={add.isPending} disabled={chosen.size === 0 || !!marksError}>
                {chosen.size === 1 ? 'Add 1 question' : `Add ${chosen.size} questions`}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
