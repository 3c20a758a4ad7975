import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { LibraryDocumentsScreen } from '../../../features/library-document/components/library-documents-screen';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';

/** Libraries → Documents: Libraries staff manage them; other staff read those for internal users (the server decides). */
export function AdminLibraryDocumentsRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Documents');
  const canManage = user.menuItems.includes('Libraries');
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Libraries}>
          Libraries
        </Anchor>
        <Text>Documents</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Documents</Title>
        <Text c="dimmed">Procedures, publications and forms, each with who may read it: staff, applicants, members or corporate members.</Text>
      </Stack>
      <LibraryDocumentsScreen canManage={canManage} canExport showAccess />
    </Stack>
  );
}
