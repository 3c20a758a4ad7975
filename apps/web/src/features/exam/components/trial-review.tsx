import { Alert, Anchor, Badge, Button, Group, List, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ReviewQuestion } from '@certs/shared/exam/exam.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf } from '../../../lib/api-client';
import { useExamReview } from '../api/find-exam-review';
import { QuestionContent } from './question-content';

function marksOf(question: ReviewQuestion): string {
  return question.actualMarks === null ? `Not marked (out of ${question.marks})` : `${question.actualMarks} / ${question.marks}`;
}

function ReviewAnswer({ question }: { question: ReviewQuestion }) {
  if (question.questionType === 'General Single Answer' || question.questionType === 'Multiple Answer') {
    const chosen = new Set(question.answerOptionGivenByUser);
    return (
      <List spacing={4} listStyleType="none" aria-label="Options">
        {[...question.options]
          .sort((a, b) => a.order - b.order)
          .map((option) => {
            const isChosen = chosen.has(option.id);
            return (
              <List.Item
                key={option.id}
                data-correct={option.correctAnswer}
                data-chosen={isChosen}
                icon={
                  <ThemeIcon size={18} radius="xl" color={option.correctAnswer ? 'teal.9' : isChosen ? 'red.9' : 'gray.3'} aria-hidden="true">
                    <span style={{ fontSize: 11 }}>{option.correctAnswer ? '✓' : isChosen ? '✗' : ''}</span>
                  </ThemeIcon>
                }
              >
                <Text span fw={isChosen ? 700 : 400}>
                  {option.option}
                </Text>
                {isChosen && <Text span size="sm" c="dimmed">{' '}(your answer)</Text>}
                {option.correctAnswer && <Text span size="sm" c="teal.9">{' '}(correct)</Text>}
              </List.Item>
            );
          })}
      </List>
    );
  }
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        Your answer
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="review-given">
        {question.answerValueGivenByUser.trim() || '—'}
      </Text>
      {question.questionType === 'Fill In The Blank' && (
        <Text size="sm">
          Accepted answers: <strong>{question.acceptedAnswers.join(', ')}</strong>
        </Text>
      )}
      {question.questionType === 'Descriptive' && question.actualMarks === null && (
        <Text size="sm" c="dimmed">
          Descriptive answers are marked by an examiner.
        </Text>
      )}
    </Stack>
  );
}

/** A submitted trial exam: the score, then every question with the candidate's answer beside the right one. */
export function TrialReview({ id, listHref }: { id: string; listHref: string }) {
  const review = useExamReview(id);
  if (review.isPending) {
    return (
      <Group gap="sm" p="xl">
        <Loader size="sm" />
        <Text>Loading your results…</Text>
      </Group>
    );
  }
  if (review.isError) {
    return (
      <Alert color="red" variant="light" title="The review could not be shown">
        {errorMessageOf(review.error)}
      </Alert>
    );
  }
  const data = review.data;
  const numbers = new Map(data.sections.flatMap((section) => section.questions).map((question, index) => [question.id, index + 1]));
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={listHref} size="sm">
          Back to Examinations
        </Anchor>
        <Title order={1}>{data.title}</Title>
        <Text c="dimmed">
          {data.status === 'TimedOut' ? 'Submitted when the time ran out' : 'Submitted'} on <DateDisplay value={data.submittedOn} withTime />
        </Text>
      </Stack>
      <Paper withBorder radius="md" p="lg" data-testid="trial-score">
        <Group gap="xl">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Score
            </Text>
            <Text fz={28} fw={700}>
              {data.score ?? '—'} / {data.totalMarks}
            </Text>
          </Stack>
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              Percentage
            </Text>
            <Text fz={28} fw={700}>
              {data.percentage === null ? '—' : `${data.percentage}%`}
            </Text>
          </Stack>
        </Group>
      </Paper>
      {data.sections.map((section) => (
        <Stack key={section.id} gap="sm" component="section" aria-label={section.title}>
          <Title order={2} size="h3">
            {section.title}
          </Title>
          {section.questions.map((question) => {
            const number = numbers.get(question.id) ?? 0;
            return (
              <Paper key={question.id} withBorder radius="md" p="lg" data-testid="review-question">
                <Stack gap="sm">
                  <Group justify="space-between">
                    <Title order={3} size="h5">
                      Question {number}
                    </Title>
                    <Badge
                      variant={question.actualMarks !== null && question.actualMarks >= question.marks ? 'filled' : 'light'}
                      color={question.actualMarks !== null && question.actualMarks >= question.marks ? 'teal.9' : 'gray'}
                      tt="none"
                    >
                      {marksOf(question)}
                    </Badge>
                  </Group>
                  <QuestionContent html={question.content} />
                  <ReviewAnswer question={question} />
                </Stack>
              </Paper>
            );
          })}
        </Stack>
      ))}
      {/* After a long review the way back is at hand too (issue 21). */}
      <Button component={Link} to={listHref} w="fit-content">
        Back to Examinations
      </Button>
    </Stack>
  );
}
