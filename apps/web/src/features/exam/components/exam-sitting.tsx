import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { EXAM_MESSAGES, type CandidateExam } from '@certs/shared/exam/exam.contract';
import type { ExamType } from '@certs/shared/program/program-type';
import { errorMessageOf } from '../../../lib/api-client';
import { useExam, type LoadedExam } from '../api/find-exam';
import { useExamSitting } from '../hooks/use-exam-sitting';
import type { AnswerQueue } from '../model/answer-queue';
import type { ExamController } from '../model/exam-controller';
import { ExamFinished } from './exam-finished';
import { ExamScreen } from './exam-screen';

export interface ExamPaths {
  list: string;
  review: (examInstanceId: string) => string;
}

/** What a part mounted beside the sitting (the recording, issue 19) is told: the sitting, whether it ended, the question shown. */
export interface SittingAside {
  exam: CandidateExam;
  isSubmitted: boolean;
  currentQuestionId: string | null;
  /** Reads the server's timer again (an invigilator gave time or resumed the clock, issue 19). */
  resyncTimer: () => void;
}
export type RenderSittingAside = (sitting: SittingAside) => ReactNode;

function AsideOf({ exam, controller, render }: { exam: CandidateExam; controller: ExamController; render: RenderSittingAside }) {
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return render({ exam, isSubmitted: snapshot.phase === 'submitted', currentQuestionId: controller.questions[snapshot.currentIndex]?.id ?? null, resyncTimer: () => void controller.resync() });
}

/** Spec section 8: the questions could not be loaded. Retrying reads the sitting again; time saved on the server is kept. */
export function ExamLoadFailed({ detail, onRetry, isRetrying }: { detail: string | null; onRetry: () => void; isRetrying: boolean }) {
  return (
    <Alert color="red" variant="light" title="The exam could not be loaded" role="alert" data-testid="exam-load-failed">
      <Stack gap="sm">
        <Text>{EXAM_MESSAGES.loadFailed}</Text>
        {detail && detail !== EXAM_MESSAGES.loadFailed && (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        )}
        <Button variant="light" color="red" onClick={onRetry} loading={isRetrying} w="fit-content">
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}

function Running({
  exam,
  controller,
  queue,
  paths,
  isDeviceCopy,
  onContinueHere,
}: {
  exam: CandidateExam;
  controller: ExamController;
  queue: AnswerQueue;
  paths: ExamPaths;
  isDeviceCopy: boolean;
  onContinueHere: () => void;
}) {
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  if (snapshot.phase === 'submitted') {
    if (exam.examType === 'trial') return <Navigate to={paths.review(exam.id)} replace />;
    return <ExamFinished title={exam.title} isTrial={false} submittedOn={snapshot.result?.submittedOn ?? null} isTimedOut={snapshot.result?.status === 'TimedOut'} reviewHref={null} listHref={paths.list} />;
  }
  return (
    <ExamScreen
      exam={exam}
      controller={controller}
      queue={queue}
      isDeviceCopy={isDeviceCopy}
      onContinueHere={onContinueHere}
      finishedHref={exam.examType === 'trial' ? paths.review(exam.id) : paths.list}
    />
  );
}

function Sitting({ loaded, paths, onReload, aside }: { loaded: LoadedExam; paths: ExamPaths; onReload: () => void; aside?: RenderSittingAside }) {
  const { exam } = loaded;
  const { state, takeOver, retry } = useExamSitting(loaded);
  switch (state.kind) {
    case 'claiming':
      return (
        <Group gap="sm" p="xl">
          <Loader size="sm" />
          <Text>Opening the exam…</Text>
        </Group>
      );
    case 'openElsewhere':
      return (
        <>
          <Alert color="orange" variant="light" title="This exam is open in another window" data-testid="exam-open-elsewhere">
            Only one window can hold the exam at a time.
          </Alert>
          <Modal opened onClose={() => undefined} withCloseButton={false} title="This exam is open in another window. Continue here?" centered>
            <Stack gap="md">
              <Text size="sm">If you continue here, the other window stops saving answers. Everything it has saved so far is kept.</Text>
              <Group justify="flex-end">
                <Button variant="default" component={Link} to={paths.list}>
                  Not now
                </Button>
                <Button onClick={takeOver}>Continue here</Button>
              </Group>
            </Stack>
          </Modal>
        </>
      );
    case 'closed':
      // Submitted or timed out meanwhile: read the sitting again to show how it ended.
      return (
        <Alert color="gray" variant="light" title={state.message}>
          <Button variant="light" onClick={onReload}>
            Show the exam
          </Button>
        </Alert>
      );
    case 'failed':
      return <ExamLoadFailed detail={state.message} onRetry={retry} isRetrying={false} />;
    case 'ready':
      return (
        <>
          {aside && <AsideOf exam={exam} controller={state.controller} render={aside} />}
          <Running exam={exam} controller={state.controller} queue={state.queue} paths={paths} isDeviceCopy={state.isDeviceCopy} onContinueHere={takeOver} />
        </>
      );
  }
}

/** How often a sitting shown from the device's copy asks the server again, besides the browser's `online` event. */
export const OFFLINE_RETRY_MS = 10_000;

/**
 * While the sitting is shown from the device's copy, the server is asked again when the browser
 * says it is online and every few seconds (the event does not come when only the server was away).
 */
function useRetryWhileOffline(isOffline: boolean, retry: () => void): void {
  useEffect(() => {
    if (!isOffline) return;
    window.addEventListener('online', retry);
    const timer = setInterval(retry, OFFLINE_RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [isOffline, retry]);
}

/**
 * The exam route's body: reads the sitting (questions, answers saved, the server's timer), then holds
 * it for this tab and runs it; a sitting already over shows how it ended. When the server cannot be
 * reached (a reload while offline) the sitting runs from the copy kept on this device, and opens
 * again from the server as soon as it answers, sending what waited.
 */
export function ExamSitting({ examType, id, paths, aside }: { examType: ExamType; id: string; paths: ExamPaths; aside?: RenderSittingAside }) {
  const exam = useExam(examType, id);
  const { refetch } = exam;
  const askServerAgain = useCallback(() => void refetch(), [refetch]);
  useRetryWhileOffline(exam.data?.source === 'device' && !exam.isFetching, askServerAgain);
  if (exam.isPending) {
    return (
      <Group gap="sm" p="xl">
        <Loader size="sm" />
        <Text>Loading the exam questions…</Text>
      </Group>
    );
  }
  if (exam.isError) return <ExamLoadFailed detail={errorMessageOf(exam.error)} onRetry={() => void exam.refetch()} isRetrying={exam.isFetching} />;
  const data = exam.data.exam;
  if (data.status !== 'InProgress') {
    if (data.examType === 'trial') return <Navigate to={paths.review(data.id)} replace />;
    return (
      <>
        {aside?.({ exam: data, isSubmitted: true, currentQuestionId: null, resyncTimer: () => undefined })}
        <ExamFinished title={data.title} isTrial={false} submittedOn={data.submittedOn} isTimedOut={data.status === 'TimedOut'} reviewHref={null} listHref={paths.list} />
      </>
    );
  }
  // A new source is a new sitting on screen: the one from the server claims it and sends what waited.
  return <Sitting key={exam.data.source} loaded={exam.data} paths={paths} onReload={() => void exam.refetch()} aside={aside} />;
}
