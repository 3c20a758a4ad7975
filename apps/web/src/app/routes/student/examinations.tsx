import { Stack, Text, Title } from '@mantine/core';
import type { ExamType } from '@certs/shared/program/program-type';
import { ExaminationsList, type ExaminationPaths } from '../../../features/exam/components/examinations-list';
import { usePageTitle } from '../../../lib/page-title';

export const STUDENT_EXAMINATIONS_PATH = '/student/examinations';

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

export const STUDENT_EXAM_PATHS: ExaminationPaths = {
  launch: studentExamLaunchPath,
  sitting: studentExamSittingPath,
  review: studentExamReviewPath,
};

/** The applicant's Examinations (spec section 2 filters and kinds): trials to take, and every sitting. */
export function StudentExaminationsRoute() {
  usePageTitle('Examinations');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Examinations</Title>
        <Text c="dimmed">Trial exams to practise on, and your scheduled module exams. Times are shown in your time zone.</Text>
      </Stack>
      <ExaminationsList paths={STUDENT_EXAM_PATHS} />
    </Stack>
  );
}
