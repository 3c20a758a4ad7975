import { Paper, Stack } from '@mantine/core';
import { NotAvailable } from '../../../components/ui/not-available';
import { WeldersDue } from '../../../features/wpq-validity/components/welders-due';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { ProgramsPageHeader } from './programs-page-header';
import { programApplicationPath } from './program-applications';

/** `/admin/welders-due`: welder qualifications with a confirmation, revalidation or new test coming (issue 18, decision 026). */
export function AdminWeldersDueRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Welders due');
  if (!user.menuItems.includes('Programs')) return <NotAvailable title="Welders due" message={NO_ACCESS_MESSAGE} />;
  return (
    <Stack gap="lg">
      <ProgramsPageHeader title="Welders due" description="Welder qualifications whose 6-monthly confirmation, revalidation or new test falls due soon, soonest first." />
      <Paper withBorder radius="md" p="lg">
        <WeldersDue hrefOf={(row) => programApplicationPath(row.programId, 'welderqualificationapplication', row.applicationId)} />
      </Paper>
    </Stack>
  );
}
