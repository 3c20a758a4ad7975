import { useParams } from 'react-router';
import { PayPage } from '../../../features/payment/components/pay-screen';
import { STUDENT_APPLICATIONS_PATH } from './applications';

export const STUDENT_PAYMENT_PATH = 'payments/:trackerId';

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
