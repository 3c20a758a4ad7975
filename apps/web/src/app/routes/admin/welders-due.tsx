import { Anchor, Breadcrumbs, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { NotAvailable } from '../../../components/ui/not-available';
import { WeldersDue } from '../../../features/wpq-validity/components/welders-due';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { programApplicationPath } from './program-applications';

/** `/admin/welders-due`: welder qualifications with a confirmation, revalidation or new test coming (issue 18, decision 026). */
export function AdminWeldersDueRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Welders due');
  if (!user.menuItems.includes('Programs')) return <NotAvailable title="Welders due" message={NO_ACCESS_MESSAGE} />;
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Programs}>
          Programs
        </Anchor>
        <Text>Welders due</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Welders due</Title>
        <Text c="dimmed">Welder qualifications whose 6-monthly confirmation, revalidation or new test falls due soon, soonest first.</Text>
      </Stack>
      <Paper withBorder radius="md" p="lg">
        <WeldersDue hrefOf={(row) => programApplicationPath(row.programId, 'welderqualificationapplication', row.applicationId)} />
      </Paper>
    </Stack>
  );
}
