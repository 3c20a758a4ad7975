import { Box, Container } from '@mantine/core';
import { useParams } from 'react-router';
import { EXAM_TYPES, type ExamType } from '@certs/shared/program/program-type';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/layouts/skip-link';
import { ExamSitting } from '../../../features/exam/components/exam-sitting';
import { LaunchExam } from '../../../features/exam/components/launch-exam';
import { TrialReview } from '../../../features/exam/components/trial-review';
import { usePageTitle } from '../../../lib/page-title';
import { NotFoundRoute } from '../not-found';
import { STUDENT_EXAMINATIONS_PATH, studentExamReviewPath, studentExamSittingPath } from './examinations';

const isExamType = (value: string | undefined): value is ExamType => (EXAM_TYPES as readonly string[]).includes(value ?? '');

/** The exam has the whole screen: no menu to wander into mid-exam. */
function ExamPage({ children }: { children: React.ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <SkipLink />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} py="md">
        <Container size="xl">{children}</Container>
      </Box>
    </Box>
  );
}

/** `/student/examinations/start/:examType/:referenceId`: launches, then opens the sitting. */
export function StudentExamLaunchRoute() {
  usePageTitle('Starting the exam');
  const { examType, referenceId } = useParams();
  if (!isExamType(examType) || !referenceId) return <NotFoundRoute />;
  return (
    <ExamPage>
      <LaunchExam examType={examType} referenceId={referenceId} sittingPath={studentExamSittingPath} listHref={STUDENT_EXAMINATIONS_PATH} />
    </ExamPage>
  );
}

/** `/student/examinations/:examType/:id`: the exam screen. */
export function StudentExamSittingRoute() {
  usePageTitle('Exam');
  const { examType, id } = useParams();
  if (!isExamType(examType) || !id) return <NotFoundRoute />;
  return (
    <ExamPage>
      <ExamSitting key={`${examType}-${id}`} examType={examType} id={id} paths={{ list: STUDENT_EXAMINATIONS_PATH, review: studentExamReviewPath }} />
    </ExamPage>
  );
}

/** `/student/examinations/trial/:id/review`: a submitted trial's score and correct answers. */
export function StudentExamReviewRoute() {
  usePageTitle('Trial exam results');
  const { id } = useParams();
  if (!id) return <NotFoundRoute />;
  return <TrialReview id={id} listHref={STUDENT_EXAMINATIONS_PATH} />;
}
