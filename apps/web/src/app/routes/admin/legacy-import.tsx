import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { USER_MANAGER_ROLES } from '@certs/shared/auth/roles';
import { NotAvailable } from '../../../components/ui/not-available';
import { MigrationScreen } from '../../../features/migration/components/migration-screen';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';

/** Legacy import under Utilities: an Account Administrator (or the super user) brings the old system's records (issue 41). */
export function AdminLegacyImportRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Import from another system');
  if (!(USER_MANAGER_ROLES as readonly number[]).includes(user.role)) return <NotAvailable title="Import from another system" message={NO_ACCESS_MESSAGE} />;
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Utilities}>
          Utilities
        </Anchor>
        <Text>Import from another system</Text>
      </Breadcrumbs>
      <Title order={1}>Import from another system</Title>
      <MigrationScreen />
    </Stack>
  );
}
