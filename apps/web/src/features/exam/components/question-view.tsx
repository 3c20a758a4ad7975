import { Badge, Button, Checkbox, Group, Paper, Radio, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { UPDATE_LIMITS } from '@certs/shared/exam/exam.contract';
import type { ExamType } from '@certs/shared/program/program-type';
import type { ExamQuestion, QuestionProgress } from '../model/exam-progress';
import { QUESTION_INSTRUCTIONS } from '../model/question-instruction';
import { AnswerPaperQr } from './answer-paper-qr';
import { QuestionContent } from './question-content';

interface QuestionViewProps {
  examType: ExamType;
  examInstanceId: string;
  question: ExamQuestion;
  state: QuestionProgress;
  total: number;
  isDisabled: boolean;
  onChooseOption: (optionId: string) => void;
  onChooseOptions: (optionIds: string[]) => void;
  onText: (text: string) => void;
  onMark: (isMarked: boolean) => void;
  onPrevious: () => void;
  onNext: () => void;
}

function marksText(marks: number): string {
  return `${marks} ${marks === 1 ? 'mark' : 'marks'}`;
}

/** One question: its content, the answer control of its type, the review flag, and the way on. */
export function QuestionView(props: QuestionViewProps) {
  const { question, state, total, isDisabled } = props;
  const number = question.index + 1;
  const options = [...question.options].sort((a, b) => a.order - b.order);
  const headingId = `question-${question.id}-heading`;
  // How to answer, in words: the candidate never reads the internal type name.
  const instruction = QUESTION_INSTRUCTIONS[question.questionType];

  let answer;
  switch (question.questionType) {
    case 'General Single Answer':
      answer = (
        <Radio.Group label="Your answer" description={instruction} value={state.answerOptionGivenByUser[0] ?? null} onChange={props.onChooseOption}>
          <Stack gap="xs" mt="xs">
            {options.map((option) => (
              <Radio key={option.id} value={option.id} label={option.option} disabled={isDisabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
      break;
    case 'Multiple Answer':
      answer = (
        <Checkbox.Group label="Your answer" description={instruction} value={state.answerOptionGivenByUser} onChange={props.onChooseOptions}>
          <Stack gap="xs" mt="xs">
            {options.map((option) => (
              <Checkbox key={option.id} value={option.id} label={option.option} disabled={isDisabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
      break;
    case 'Fill In The Blank':
      answer = (
        <TextInput
          label="Your answer"
          description={instruction}
          value={state.answerValueGivenByUser}
          disabled={isDisabled}
          onChange={(event) => props.onText(event.currentTarget.value)}
          maxLength={UPDATE_LIMITS.maxText}
          autoComplete="off"
        />
      );
      break;
    case 'Descriptive':
      answer = (
        <Textarea
          label="Your answer"
          description={instruction}
          value={state.answerValueGivenByUser}
          disabled={isDisabled}
          onChange={(event) => props.onText(event.currentTarget.value)}
          autosize
          minRows={8}
          maxRows={24}
          maxLength={UPDATE_LIMITS.maxText}
        />
      );
      break;
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId} data-testid="question" data-question-id={question.id} data-question-type={question.questionType}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {question.sectionTitle}
            </Text>
            <Title order={2} size="h3" id={headingId}>
              Question {number} of {total}
            </Title>
          </Stack>
          <Group gap="xs">
            <Badge variant="light" color="indigo" tt="none">
              {marksText(question.marks)}
            </Badge>
          </Group>
        </Group>
        <QuestionContent html={question.content} testId="question-content" />
        {answer}
        {question.canUploadAnswerPaper && (
          <AnswerPaperQr examType={props.examType} examInstanceId={props.examInstanceId} questionInstanceId={question.id} questionNumber={number} pageCount={question.answerPaperCount} />
        )}
        <Switch label="Mark for review" checked={state.isMarked} disabled={isDisabled} onChange={(event) => props.onMark(event.currentTarget.checked)} />
        <Group justify="space-between">
          <Button variant="default" onClick={props.onPrevious} disabled={isDisabled || question.index === 0}>
            Previous
          </Button>
          <Button onClick={props.onNext} disabled={isDisabled || question.index >= total - 1}>
            Next
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
