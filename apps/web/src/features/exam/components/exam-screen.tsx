import { Alert, Box, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import type { CandidateExam } from '@certs/shared/exam/exam.contract';
import { useIsNarrowerThan } from '../../../lib/use-is-narrower-than';
import type { AnswerQueue } from '../model/answer-queue';
import type { ExamController } from '../model/exam-controller';
import { ExamTimer } from './exam-timer';
import { QuestionContent } from './question-content';
import { QuestionPalette } from './question-palette';
import { QuestionView } from './question-view';
import { SaveStatus } from './save-status';
import { SubmitExam } from './submit-exam';

export const OFFLINE_COPY_MESSAGE =
  'The exam is shown from the copy kept on this device. Keep answering: your answers are kept here and sent as soon as the connection is back. The time keeps running.';

interface ExamScreenProps {
  exam: CandidateExam;
  controller: ExamController;
  queue: AnswerQueue;
  /** Shown from the copy kept on this device: the server cannot be reached. */
  isDeviceCopy?: boolean;
  /** The candidate chose to continue here after the exam moved to another window. */
  onContinueHere: () => void;
  /** Where to go once the time is up: the trial's review, or the Examinations list. */
  finishedHref: string;
}

/** The candidate's exam: header with the time left, saving state and Submit; the question; the palette. */
export function ExamScreen({ exam, controller, queue, isDeviceCopy = false, onContinueHere, finishedHref }: ExamScreenProps) {
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  const question = controller.questions[snapshot.currentIndex];
  const isSitting = snapshot.phase === 'sitting';
  const subtitle = [exam.moduleCode, exam.programTitle].filter(Boolean).join(' · ');
  const isPhone = useIsNarrowerThan('sm');

  return (
    <Stack gap="md">
      {isPhone ? (
        // On a phone the header that stays on screen is two short lines (title and time; saving and
        // Submit), so that the question keeps most of the screen.
        <Paper withBorder radius="md" px="sm" py={6} pos="sticky" top={0} style={{ zIndex: 5 }} component="header" aria-label="Exam" data-testid="exam-header">
          <Stack gap={4}>
            <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
              <Title order={1} size="h5" lineClamp={1} style={{ minWidth: 0 }}>
                {exam.title}
              </Title>
              <ExamTimer controller={controller} isCompact />
            </Group>
            <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
              <SaveStatus queue={queue} />
              <SubmitExam controller={controller} snapshot={snapshot} isTrial={exam.examType === 'trial'} isCompact />
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="md" p="md" pos="sticky" top={0} style={{ zIndex: 5 }} component="header" aria-label="Exam" data-testid="exam-header">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Stack gap={2}>
              <Title order={1} size="h3">
                {exam.title}
              </Title>
              <Text size="sm" c="dimmed">
                {subtitle ? `${subtitle} · ` : ''}
                {exam.examType === 'trial' ? 'Trial exam' : 'Module exam'}
              </Text>
              <SaveStatus queue={queue} />
            </Stack>
            <Group gap="lg" align="flex-start">
              <ExamTimer controller={controller} />
              <SubmitExam controller={controller} snapshot={snapshot} isTrial={exam.examType === 'trial'} />
            </Group>
          </Group>
        </Paper>
      )}

      {isDeviceCopy && isSitting && (
        <Alert color="orange" variant="light" title="No connection" data-testid="exam-offline">
          <Text size="sm">{OFFLINE_COPY_MESSAGE}</Text>
        </Alert>
      )}
      {snapshot.phase === 'takenOver' && (
        <Alert color="orange" variant="light" title="This exam continues in another window" data-testid="exam-taken-over">
          <Stack gap="sm">
            <Text size="sm">Answers are saved from that window now; nothing more is saved here.</Text>
            <Button variant="light" color="orange" onClick={onContinueHere} w="fit-content">
              Continue here instead
            </Button>
          </Stack>
        </Alert>
      )}
      {snapshot.phase === 'timeOver' && (
        <Alert color="red" variant="light" title="Time is up" data-testid="exam-time-over">
          <Stack gap="sm">
            <Text size="sm">{snapshot.stoppedMessage}</Text>
            <Button component={Link} to={finishedHref} variant="light" color="red" w="fit-content">
              {exam.examType === 'trial' ? 'See your score and the correct answers' : 'Back to Examinations'}
            </Button>
          </Stack>
        </Alert>
      )}
      {snapshot.submitError && isSitting && (
        <Alert color="red" variant="light" title="Not submitted">
          {snapshot.submitError}
        </Alert>
      )}

      {exam.instruction && (
        <Box component="details">
          <Box component="summary" style={{ cursor: 'pointer', fontWeight: 600 }}>
            Instructions
          </Box>
          <QuestionContent html={exam.instruction} />
        </Box>
      )}

      {question ? (
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <QuestionView
              examType={exam.examType}
              examInstanceId={exam.id}
              question={question}
              state={snapshot.current}
              total={controller.questions.length}
              isDisabled={!isSitting}
              onChooseOption={(id) => controller.chooseOption(id)}
              onChooseOptions={(ids) => controller.chooseOptions(ids)}
              onText={(text) => controller.setText(text)}
              onMark={(isMarked) => controller.setMarked(isMarked)}
              onPrevious={() => controller.previous()}
              onNext={() => controller.next()}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="md" p="md">
              <QuestionPalette
                questions={controller.questions}
                progress={snapshot.progress}
                currentIndex={snapshot.currentIndex}
                onSelect={(index) => controller.goTo(index)}
                isDisabled={!isSitting}
              />
            </Paper>
          </Grid.Col>
        </Grid>
      ) : (
        <Alert color="gray" variant="light" title="No questions">
          This exam has no questions.
        </Alert>
      )}
    </Stack>
  );
}
