import { Box, Container } from '@mantine/core';
import { useParams } from 'react-router';
import { EXAM_TYPES, type ExamType } from '@certs/shared/program/program-type';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/layouts/skip-link';
import { ExamSitting } from '../../../features/exam/components/exam-sitting';
import { LaunchExam } from '../../../features/exam/components/launch-exam';
import { TrialReview } from '../../../features/exam/components/trial-review';
import { RecordedExamGate } from '../../../features/exam-recording/components/recorded-exam-gate';
import { RecordedSitting } from '../../../features/exam-recording/components/recorded-sitting';
import { InvigilatorNotices } from '../../../features/invigilation/components/invigilator-notices';
import { usePageTitle } from '../../../lib/page-title';
import { NotFoundRoute } from '../not-found';
import { studentExamReviewPath, studentExamSittingPath } from './examinations';
import { STUDENT_EXAMINATIONS_PATH } from '../../route-paths';

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
      {/* A recorded module exam asks for consent and runs the system check before the launch (issue 19). */}
      <RecordedExamGate examType={examType} referenceId={referenceId} listHref={STUDENT_EXAMINATIONS_PATH}>
        <LaunchExam examType={examType} referenceId={referenceId} sittingPath={studentExamSittingPath} listHref={STUDENT_EXAMINATIONS_PATH} />
      </RecordedExamGate>
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
      <ExamSitting
        key={`${examType}-${id}`}
        examType={examType}
        id={id}
        paths={{ list: STUDENT_EXAMINATIONS_PATH, review: studentExamReviewPath }}
        aside={(sitting) => (
          <>
            {sitting.exam.recordExam && <RecordedSitting {...sitting} />}
            {/* Module exams check in with the invigilation console: messages, pauses, extra time (issue 19). */}
            {sitting.exam.examType === 'module' && <InvigilatorNotices examInstanceId={sitting.exam.id} isSubmitted={sitting.isSubmitted} onAction={sitting.resyncTimer} />}
          </>
        )}
      />
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
