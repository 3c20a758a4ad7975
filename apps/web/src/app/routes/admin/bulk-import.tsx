import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { NotAvailable } from '../../../components/ui/not-available';
import { BulkImportScreen } from '../../../features/bulk-import/components/bulk-import-screen';
import { useReportPrograms } from '../../../features/report/api/reports';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { ADMIN_BULK_IMPORT_PATH } from '../../route-paths';


function Screen() {
  const programs = useReportPrograms();
  return <BulkImportScreen programs={(programs.data ?? []).filter(Boolean)} />;
}

/** Bulk application import (Programs menu; the server lets administrators and a program's manager import). */
export function AdminBulkImportRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Import applications');
  if (!user.menuItems.includes('Programs')) return <NotAvailable title="Import applications" message={NO_ACCESS_MESSAGE} />;
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Programs}>
          Programs
        </Anchor>
        <Text>Import applications</Text>
      </Breadcrumbs>
      <Title order={1}>Import applications</Title>
      <Screen />
    </Stack>
  );
}
