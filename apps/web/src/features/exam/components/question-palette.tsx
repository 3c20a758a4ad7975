import { Box, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { QuestionAnswerStatus } from '@certs/shared/exam/exam-rules';
import { paletteStatusOf, type ExamQuestion, type QuestionProgress } from '../model/exam-progress';

const STATUS_STYLE: Record<QuestionAnswerStatus, { background: string; color: string; border: string }> = {
  // Teal 9 keeps the white number above 4.5:1; green 8 does not.
  Answered: { background: 'var(--mantine-color-teal-9)', color: 'var(--mantine-color-white)', border: 'var(--mantine-color-teal-9)' },
  Pending: { background: 'var(--mantine-color-yellow-1)', color: 'var(--mantine-color-dark-9)', border: 'var(--mantine-color-yellow-8)' },
  Unattempted: { background: 'var(--mantine-color-white)', color: 'var(--mantine-color-dark-9)', border: 'var(--mantine-color-gray-5)' },
};

interface QuestionPaletteProps {
  questions: readonly ExamQuestion[];
  progress: Readonly<Record<string, QuestionProgress>>;
  currentIndex: number;
  onSelect: (index: number) => void;
  isDisabled?: boolean;
}

function sectionsOf(questions: readonly ExamQuestion[]) {
  const sections: { id: string; title: string; questions: ExamQuestion[] }[] = [];
  for (const question of questions) {
    const last = sections.at(-1);
    if (last && last.id === question.sectionId) last.questions.push(question);
    else sections.push({ id: question.sectionId, title: question.sectionTitle, questions: [question] });
  }
  return sections;
}

/**
 * Every question by number, grouped by section, with its status (Pending, Answered, Unattempted) and
 * the review flag; any one opens. Beneath, how many are answered, not answered and marked for review.
 */
export function QuestionPalette({ questions, progress, currentIndex, onSelect, isDisabled = false }: QuestionPaletteProps) {
  // What the candidate has done, as it is: a question opened but not answered is not answered
  // (the spec's Pending stays the button's status, not a count of its own).
  const counts = { answered: 0, notAnswered: 0, marked: 0 };
  for (const question of questions) {
    const state = progress[question.id];
    if (state && paletteStatusOf(state) === 'Answered') counts.answered += 1;
    else counts.notAnswered += 1;
    if (state?.isMarked) counts.marked += 1;
  }
  return (
    <Box component="nav" aria-label="Questions">
      <Stack gap="md">
        {sectionsOf(questions).map((section) => (
          <Stack key={section.id} gap={6}>
            <Title order={3} size="h6">
              {section.title}
            </Title>
            <SimpleGrid cols={5} spacing={6} verticalSpacing={6}>
              {section.questions.map((question) => {
                const state = progress[question.id];
                const status = state ? paletteStatusOf(state) : 'Unattempted';
                const isMarked = state?.isMarked ?? false;
                const isCurrent = question.index === currentIndex;
                const style = STATUS_STYLE[status];
                return (
                  <UnstyledButton
                    key={question.id}
                    onClick={() => onSelect(question.index)}
                    disabled={isDisabled}
                    aria-current={isCurrent ? 'step' : undefined}
                    aria-label={`Question ${question.index + 1}: ${status}${isMarked ? ', marked for review' : ''}`}
                    data-status={status}
                    data-marked={isMarked}
                    style={{
                      position: 'relative',
                      height: 36,
                      borderRadius: 6,
                      textAlign: 'center',
                      fontWeight: 600,
                      background: style.background,
                      color: style.color,
                      border: `2px solid ${style.border}`,
                      outline: isCurrent ? '3px solid var(--mantine-color-indigo-7)' : undefined,
                      outlineOffset: 2,
                    }}
                  >
                    {question.index + 1}
                    {isMarked && (
                      <span
                        aria-hidden="true"
                        style={{ position: 'absolute', top: -6, right: -6, width: 14, height: 14, borderRadius: 7, background: 'var(--mantine-color-violet-8)', color: 'white', fontSize: 10, lineHeight: '14px' }}
                      >
                        ★
                      </span>
                    )}
                  </UnstyledButton>
                );
              })}
            </SimpleGrid>
          </Stack>
        ))}
        <Stack gap={2} aria-label="Question summary" role="group">
          <Group gap="xs" justify="space-between">
            <Text size="sm">Answered</Text>
            <Text size="sm" fw={700} data-testid="count-answered">
              {counts.answered}
            </Text>
          </Group>
          <Group gap="xs" justify="space-between">
            <Text size="sm">Not answered</Text>
            <Text size="sm" fw={700} data-testid="count-not-answered">
              {counts.notAnswered}
            </Text>
          </Group>
          <Group gap="xs" justify="space-between">
            <Text size="sm">Marked for review ★</Text>
            <Text size="sm" fw={700} data-testid="count-marked">
              {counts.marked}
            </Text>
          </Group>
        </Stack>
      </Stack>
    </Box>
  );
}
