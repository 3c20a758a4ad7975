import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import type { ExamType } from '@certs/shared/program/program-type';
import { errorMessageOf, httpStatusOf } from '../../../lib/api-client';
import { examKeys } from '../api/exam.keys';
import { keepLaunchedExam } from '../api/find-exam';
import { launchExam } from '../api/launch-exam';
import { usePageExamSession } from '../hooks/use-page-exam-session';
import { ExamLoadFailed } from './exam-sitting';

interface LaunchExamProps {
  examType: ExamType;
  referenceId: string;
  sittingPath: (examType: ExamType, examInstanceId: string) => string;
  listHref: string;
  /** The reference is a re-sit module (issue 17). */
  isResit?: boolean;
}

/**
 * Launching: `inittrial` or `init` makes (or finds) the sitting and holds it for this page's exam
 * session, then the exam screen opens on it from the launch's answer (no second read, no claim).
 * A refusal the candidate can act on (not open yet, window closed) says so; any other failure is
 * the spec's loading alert with a Retry, which cannot cost time: a second launch finds the same sitting.
 * While the server answers busy (the first minutes of a large sitting) the launch keeps asking and
 * the page says so, and that the candidate's time has not started.
 */
export function LaunchExam({ examType, referenceId, sittingPath, listHref, isResit = false }: LaunchExamProps) {
  const queryClient = useQueryClient();
  // The launch holds the sitting for this page's session, so the exam screen need not claim it.
  const sessionId = usePageExamSession();
  const [isServerBusy, setIsServerBusy] = useState(false);
  const launch = useQuery({
    queryKey: [...examKeys.all, 'launch', examType, referenceId, isResit],
    queryFn: async () => {
      const sentAt = Date.now();
      const launched = await launchExam(examType, referenceId, isResit, sessionId, () => setIsServerBusy(true));
      keepLaunchedExam(queryClient, launched, { sentAt, receivedAt: Date.now() });
      return launched;
    },
    enabled: sessionId !== null,
    retry: false,
    gcTime: 0,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  if (launch.data) return <Navigate to={sittingPath(launch.data.examType, launch.data.id)} replace />;
  if (launch.isError) {
    const status = httpStatusOf(launch.error);
    if (status >= 400 && status < 500) {
      return (
        <Alert color="orange" variant="light" title="The exam cannot be started" data-testid="exam-launch-refused">
          <Stack gap="sm">
            <Text>{errorMessageOf(launch.error)}</Text>
            <Anchor component={Link} to={listHref}>
              Back to Examinations
            </Anchor>
          </Stack>
        </Alert>
      );
    }
    return <ExamLoadFailed detail={null} onRetry={() => void launch.refetch()} isRetrying={launch.isFetching} />;
  }
  const starting = (
    <Group gap="sm" p={isServerBusy ? 0 : 'xl'}>
      <Loader size="sm" />
      <Text>Starting the exam…</Text>
      <Button variant="subtle" component={Link} to={listHref} size="xs">
        Cancel
      </Button>
    </Group>
  );
  if (!isServerBusy) return starting;
  return (
    <Stack gap="md" p="xl">
      <Alert color="blue" variant="light" title="Many candidates are starting at the same time" data-testid="exam-launch-busy">
        Your exam time has not started. This page keeps trying and opens the exam by itself as soon as the server has room: keep it open, there is no
        need to reload.
      </Alert>
      {starting}
    </Stack>
  );
}
