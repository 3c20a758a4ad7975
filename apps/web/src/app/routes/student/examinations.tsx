import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ExaminationsList, type ExaminationPaths } from '../../../features/exam/components/examinations-list';
import { MyResitSittings } from '../../../features/resit/components/my-resit-sittings';
import { usePageTitle } from '../../../lib/page-title';
import {
  STUDENT_SYSTEM_CHECK_PATH,
  studentExamLaunchPath,
  studentExamReviewPath,
  studentExamSittingPath,
  studentResitLaunchPath,
} from '../../route-paths';

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
      {/* Re-sits still to be sat, online or at a venue, with their time and place (issue 45). */}
      <MyResitSittings />
      <ExaminationsList paths={STUDENT_EXAM_PATHS} />
    </Stack>
  );
}
