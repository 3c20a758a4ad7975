import type { MailStatus } from '@certs/shared/mail/mail.contract';
import { StatusBadge } from '../../../components/ui/status-badge';

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = { kept: 'Kept', queued: 'Queued', sent: 'Sent', failed: 'Failed' };
const COLORS: Record<MailStatus, string> = { kept: 'gray', queued: 'yellow', sent: 'green', failed: 'red' };

/** Kept (no SMTP), queued, sent, or failed after its retries. */
export function MailStatusBadge({ status }: { status: MailStatus }) {
  return <StatusBadge label={MAIL_STATUS_LABELS[status]} color={COLORS[status]} />;
}
