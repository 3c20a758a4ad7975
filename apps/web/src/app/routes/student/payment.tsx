import { useParams } from 'react-router';
import { PayPage } from '../../../features/payment/components/pay-screen';
import { STUDENT_APPLICATIONS_PATH } from '../../route-paths';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { STUDENT_PAYMENT_PATH } from '../../route-paths';


/** The applicant's pay page for one payment link (`/student/payments/{trackerId}`). */
export function StudentPaymentRoute() {
  const { trackerId = '' } = useParams();
  return (
    <PayPage
      trackerId={trackerId}
      applicationPathOf={(data) => `${STUDENT_APPLICATIONS_PATH}/${data.applicationType}/${data.applicationId}`}
      onRedirect={(url) => window.location.assign(url)}
    />
  );
}
