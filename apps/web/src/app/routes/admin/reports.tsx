import { Stack, Text, Title } from '@mantine/core';
import { NotAvailable } from '../../../components/ui/not-available';
import { PaymentsReport } from '../../../features/payment/components/payments-report';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';

/** Reports (menu item): the payments report and its CSV export. */
export function AdminReportsRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Reports');
  if (!user.menuItems.includes('Reports')) return <NotAvailable title="Reports" message={NO_ACCESS_MESSAGE} />;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Reports</Title>
        <Text c="dimmed">Payments received and requested, by date, status, gateway and program.</Text>
      </Stack>
      <PaymentsReport />
    </Stack>
  );
}
