import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { ROLE_HOME_PATHS, ROLES, type Role } from '@certs/shared/auth/roles';
import { SignedInSummary } from '../../../features/auth/components/signed-in-summary';
import { fullNameOf, roleLabelOf } from '../../../features/auth/components/user-labels';
import { MyWorkView } from '../../../features/dashboard/components/my-work';
import { ImpartialitySummary } from '../../../features/impartiality/components/impartiality-summary';
import { MySittings } from '../../../features/invigilation/components/my-sittings';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { invigilationConsolePath } from './invigilation';
import { REPORT_TABS } from '../../../features/report/report-tabs';
import { ADMIN_MY_IMPARTIALITY_PATH } from '../../route-paths';

/** A User (role 4) reads reports: their home lists the ones their menu opens. */
function ReportsToRead({ hasReports }: { hasReports: boolean }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="your-reports-heading">
      <Stack gap="sm">
        <Title order={2} size="h4" id="your-reports-heading">
          Reports you may read
        </Title>
        {hasReports ? (
          <List spacing="xs">
            {REPORT_TABS.map((tab) => (
              <List.Item key={tab.value}>
                <Anchor component={Link} to={`${ADMIN_MENU_PATHS.Reports}?tab=${tab.value}`}>
                  {tab.label}
                </Anchor>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            Your menu has no reports yet; an account administrator can add them.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The four admin role homes (spec section 2): the person's own work, not the menu again; each admin is kept on their own. */
export function AdminRoleHomeRoute() {
  const { user } = useRequiredSession();
  const { pathname } = useLocation();
  usePageTitle(`${roleLabelOf(user.role)} home`);
  const home = ROLE_HOME_PATHS[user.role as Role];
  if (home && pathname.toLowerCase() !== home.toLowerCase()) return <Navigate to={home} replace />;

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Text size="sm" fw={600} c="indigo.8">
          {roleLabelOf(user.role)} home
        </Text>
        <Title order={1}>Welcome, {fullNameOf(user)}</Title>
      </Stack>
      <SignedInSummary user={user} />
      {/* Exam-day staff reach their sittings here, whatever their menus (issue 19). */}
      <MySittings consoleHref={invigilationConsolePath} />
      {/* Every member of staff signs the yearly agreement and declares conflicts, whatever their menus (issue 43). */}
      <ImpartialitySummary href={ADMIN_MY_IMPARTIALITY_PATH} />
      {user.role === ROLES.User ? <ReportsToRead hasReports={user.menuItems.includes('Reports')} /> : <MyWorkView />}
      {user.menuItems.includes('Dashboard') && (
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Dashboard}>
          Open the dashboard
        </Anchor>
      )}
    </Stack>
  );
}
