import { useParams, useSearchParams } from 'react-router';
import { TestGatewayScreen } from '../../../features/payment/components/test-gateway-screen';
import { usePageTitle } from '../../../lib/page-title';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { TEST_GATEWAY_PATH } from '../../route-paths';


/** The built-in test gateway's hosted page (public: it stands where a provider's checkout would). */
export function TestGatewayRoute() {
  const { sessionId = '' } = useParams();
  const [search] = useSearchParams();
  usePageTitle('Test payment gateway');
  return <TestGatewayScreen sessionId={sessionId} token={search.get('token') ?? ''} onDone={(url) => window.location.assign(url)} />;
}
