import { Stack, Title } from '@mantine/core';
import { NotAvailable } from '../../../components/ui/not-available';
import { DashboardView } from '../../../features/dashboard/components/dashboard-view';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';

/** Dashboard (menu item): the account's figures for administrators, the caller's programs' for other staff. */
export function AdminDashboardRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Dashboard');
  if (!user.menuItems.includes('Dashboard')) return <NotAvailable title="Dashboard" message={NO_ACCESS_MESSAGE} />;
  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      <DashboardView />
    </Stack>
  );
}
