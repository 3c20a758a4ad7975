import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { ExamType } from '@certs/shared/program/program-type';
import { ExaminationsList, type ExaminationPaths } from '../../../features/exam/components/examinations-list';
import { usePageTitle } from '../../../lib/page-title';
import { STUDENT_EXAMINATIONS_PATH, STUDENT_SYSTEM_CHECK_PATH } from '../../route-paths';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { STUDENT_EXAMINATIONS_PATH, STUDENT_SYSTEM_CHECK_PATH } from '../../route-paths';


/** Launching a trial by test id, or a scheduled module exam by application module id. */
export function studentExamLaunchPath(kind: ExamType, referenceId: string): string {
  return `${STUDENT_EXAMINATIONS_PATH}/start/${kind}/${encodeURIComponent(referenceId)}`;
}

export function studentExamSittingPath(kind: ExamType, examInstanceId: string): string {
  return `${STUDENT_EXAMINATIONS_PATH}/${kind}/${encodeURIComponent(examInstanceId)}`;
}

export function studentExamReviewPath(examInstanceId: string): string {
  return `${STUDENT_EXAMINATIONS_PATH}/trial/${encodeURIComponent(examInstanceId)}/review`;
}

/** Launching a re-sit's sitting by its re-sit module id (issue 17; `resit-launch.tsx`). */
export function studentResitLaunchPath(resitModuleId: string): string {
  return `${STUDENT_EXAMINATIONS_PATH}/start-resit/${encodeURIComponent(resitModuleId)}`;
}

export const STUDENT_EXAM_PATHS: ExaminationPaths = {
  launch: studentExamLaunchPath,
  sitting: studentExamSittingPath,
  review: studentExamReviewPath,
  launchResit: studentResitLaunchPath,
};

/** The applicant's Examinations (spec section 2 filters and kinds): trials to take, and every sitting. */
export function StudentExaminationsRoute() {
  usePageTitle('Examinations');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Examinations</Title>
        <Text c="dimmed">Trial exams to practise on, and your scheduled module exams. Times are shown in your time zone.</Text>
        <Text size="sm">
          A recorded exam needs a camera and your entire screen shared.{' '}
          <Anchor component={Link} to={STUDENT_SYSTEM_CHECK_PATH}>
            Check your computer before the exam
          </Anchor>
        </Text>
      </Stack>
      <ExaminationsList paths={STUDENT_EXAM_PATHS} />
    </Stack>
  );
}
