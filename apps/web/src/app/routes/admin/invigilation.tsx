import { useParams } from 'react-router';
import { SittingConsole } from '../../../features/invigilation/components/sitting-console';
import { SittingReview } from '../../../features/invigilation/components/sitting-review';
import { usePageTitle } from '../../../lib/page-title';
import { NotFoundRoute } from '../not-found';
import { INVIGILATION_PATH } from '../../route-paths';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { INVIGILATION_PATH } from '../../route-paths';


export function invigilationConsolePath(sittingId: string): string {
  return `${INVIGILATION_PATH}/sittings/${encodeURIComponent(sittingId)}`;
}

export function sittingReviewPath(examInstanceId: string): string {
  return `${INVIGILATION_PATH}/review/${encodeURIComponent(examInstanceId)}`;
}

/** `/admin/invigilation/sittings/:id`: the live console of one sitting. */
export function InvigilationConsoleRoute() {
  usePageTitle('Invigilation console');
  const { id } = useParams();
  if (!id) return <NotFoundRoute />;
  return <SittingConsole key={id} sittingId={id} reviewHref={sittingReviewPath} />;
}

/** `/admin/invigilation/review/:examInstanceId`: the examiner's review of one sitting. */
export function SittingReviewRoute() {
  usePageTitle('Sitting review');
  const { examInstanceId } = useParams();
  if (!examInstanceId) return <NotFoundRoute />;
  return <SittingReview key={examInstanceId} examInstanceId={examInstanceId} />;
}
