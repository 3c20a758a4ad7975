import { EXPIRY_STATE_COLORS, EXPIRY_STATE_LABELS, type ExpiryState } from '@certs/shared/impartiality/staff-record.contract';
import { StatusBadge } from '../../../components/ui/status-badge';

/** Whether an authorisation or a qualification still holds: current, lapsing soon, lapsed, or no expiry. */
export function ExpiryBadge({ state }: { state: ExpiryState }) {
  return <StatusBadge label={EXPIRY_STATE_LABELS[state]} value={state} color={EXPIRY_STATE_COLORS[state]} />;
}
