import { PAYMENT_STATUS_COLOURS, type DisplayedPaymentStatus } from '@certs/shared/payment/payment-status';
import { StatusBadge } from '../../../components/ui/status-badge';

/** A payment's displayed status (spec section 4) in its colour. */
export function PaymentStatusBadge({ status }: { status: DisplayedPaymentStatus }) {
  return <StatusBadge label={status} color={PAYMENT_STATUS_COLOURS[status]} />;
}
