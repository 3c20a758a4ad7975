import type { AdminMenuItem } from '@certs/shared/auth/admin-menu';
import { NotAvailable } from '../../../components/ui/not-available';
import { useRequiredSession } from '../../../lib/auth';

export const NO_ACCESS_MESSAGE = 'You do not have access to this area.';

/** A side menu area whose screens are still to come. */
export function AdminMenuAreaRoute({ item }: { item: AdminMenuItem }) {
  const { user } = useRequiredSession();
  const hasAccess = user.menuItems.includes(item);
  return <NotAvailable title={item} message={hasAccess ? 'This area is not available yet.' : NO_ACCESS_MESSAGE} />;
}
