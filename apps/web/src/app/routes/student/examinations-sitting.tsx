import { Box, Container } from '@mantine/core';
import { Suspense, lazy } from 'react';
import { useParams } from 'react-router';
import { EXAM_TYPES, type ExamType } from '@certs/shared/program/program-type';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/layouts/skip-link';
import { ExamSitting } from '../../../features/exam/components/exam-sitting';
import { LaunchExam } from '../../../features/exam/components/launch-exam';
import { TrialReview } from '../../../features/exam/components/trial-review';
import { usePageTitle } from '../../../lib/page-title';
import { lazyRoute } from '../../lazy-route';
import { NotFoundRoute } from '../not-found';
import { STUDENT_EXAMINATIONS_PATH, studentExamReviewPath, studentExamSittingPath } from '../../route-paths';

// Recorded and invigilated (module) exams only: a trial's first question does not wait for their
// code (issue 22). The offline shell precaches them with this page (vite.config.ts).
const RecordedExamGate = lazyRoute(() => import('../../../features/exam-recording/components/recorded-exam-gate'), (module) => module.RecordedExamGate);
const RecordedSitting = lazy(async () => ({ default: (await import('../../../features/exam-recording/components/recorded-sitting')).RecordedSitting }));
const InvigilatorNotices = lazy(async () => ({ default: (await import('../../../features/invigilation/components/invigilator-notices')).InvigilatorNotices }));

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
      {examType === 'module' ? (
        <RecordedExamGate examType={examType} referenceId={referenceId} listHref={STUDENT_EXAMINATIONS_PATH}>
          <LaunchExam examType={examType} referenceId={referenceId} sittingPath={studentExamSittingPath} listHref={STUDENT_EXAMINATIONS_PATH} />
        </RecordedExamGate>
      ) : (
        <LaunchExam examType={examType} referenceId={referenceId} sittingPath={studentExamSittingPath} listHref={STUDENT_EXAMINATIONS_PATH} />
      )}
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
          <Suspense fallback={null}>
            {sitting.exam.recordExam && <RecordedSitting {...sitting} />}
            {/* Module exams check in with the invigilation console: messages, pauses, extra time (issue 19). */}
            {sitting.exam.examType === 'module' && <InvigilatorNotices examInstanceId={sitting.exam.id} isSubmitted={sitting.isSubmitted} onAction={sitting.resyncTimer} />}
          </Suspense>
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
