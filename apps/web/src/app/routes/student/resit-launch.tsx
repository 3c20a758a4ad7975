import { Box, Container } from '@mantine/core';
import { useParams } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/layouts/skip-link';
import { LaunchExam } from '../../../features/exam/components/launch-exam';
import { usePageTitle } from '../../../lib/page-title';
import { NotFoundRoute } from '../not-found';
import { STUDENT_EXAMINATIONS_PATH, studentExamSittingPath } from '../../route-paths';


/**
 * `/student/examinations/start-resit/:resitModuleId`: launches a re-sit's sitting (issue 17, a new
 * attempt; the first one stays), then opens it on the exam screen like any module exam.
 */
export function StudentResitLaunchRoute() {
  usePageTitle('Starting the re-sit exam');
  const { resitModuleId } = useParams();
  if (!resitModuleId) return <NotFoundRoute />;
  return (
    <Box mih="100vh" bg="gray.0">
      <SkipLink />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} py="md">
        <Container size="xl">
          <LaunchExam examType="module" referenceId={resitModuleId} isResit sittingPath={studentExamSittingPath} listHref={STUDENT_EXAMINATIONS_PATH} />
        </Container>
      </Box>
    </Box>
  );
}
