import { Anchor, Breadcrumbs, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { NotAvailable } from '../../../components/ui/not-available';
import { WpqRangePage } from '../../../features/wpq-application/components/wpq-panels';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';

export const adminWpqRangePath = (id: string) => `${ADMIN_MENU_PATHS.Programs}/wpq/${encodeURIComponent(id)}/range`;

/** Staff's printable range of qualification of one welder's record. */
export function AdminWpqRangeRoute() {
  const { user } = useRequiredSession();
  const { id = '' } = useParams();
  usePageTitle('Range of qualification');
  if (!user.menuItems.includes('Programs')) return <NotAvailable title="Range of qualification" message={NO_ACCESS_MESSAGE} />;
  return (
    <Stack gap="sm">
      <Breadcrumbs aria-label="Breadcrumb">
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Programs} size="sm">
          Programs
        </Anchor>
        <span aria-current="page">Range of qualification</span>
      </Breadcrumbs>
      <WpqRangePage id={id} />
    </Stack>
  );
}
