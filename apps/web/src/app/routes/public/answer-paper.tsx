import { useParams } from 'react-router';
import { AnswerPaperUpload } from '../../../features/exam/components/answer-paper-upload';
import { usePageTitle } from '../../../lib/page-title';
import { NotFoundRoute } from '../not-found';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { ANSWER_PAPER_PATH } from '../../route-paths';


/** The phone page the exam's QR code opens (no sign-in): photos of the working for one question. */
export function AnswerPaperRoute() {
  usePageTitle('Upload answer paper');
  const { token } = useParams();
  if (!token) return <NotFoundRoute />;
  return <AnswerPaperUpload token={token} />;
}
