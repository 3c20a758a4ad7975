import { Anchor, Breadcrumbs, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { ROLES } from '@certs/shared/auth/roles';
import { NotAvailable } from '../../../components/ui/not-available';
import { SupportScreen } from '../../../features/support/components/support-screen';
import type { Session } from '../../../lib/auth';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { NO_ACCESS_MESSAGE } from './menu-area';
import { ADMIN_SUPPORT_PATH } from '../../route-paths';
export { ADMIN_SUPPORT_PATH };

/** The admin-only support actions are for super users and account administrators (the API says 403 to others too). */
export function canUseSupport(user: Session['user']): boolean {
  return user.role === ROLES.SuperUser || user.role === ROLES.AccountAdministrator;
}

/** Users → Support: find a user, mark active or inactive, temporary password, activation link; AICIP payments; the support log. */
export function AdminSupportRoute() {
  const { user } = useRequiredSession();
  usePageTitle('Support');
  if (!canUseSupport(user)) return <NotAvailable title="Support" message={NO_ACCESS_MESSAGE} />;
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to={ADMIN_MENU_PATHS.Users}>
          Users
        </Anchor>
        <Text>Support</Text>
      </Breadcrumbs>
      <Stack gap={4}>
        <Title order={1}>Support</Title>
        <Text c="dimmed">Find anyone who signs in, staff or applicant, and help them, or record an AICIP payment; each action is logged with your reason.</Text>
      </Stack>
      <SupportScreen />
    </Stack>
  );
}
