import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useLocation } from 'react-router';
import { ADMIN_MENU_ITEMS, ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { ROLE_HOME_PATHS, type Role } from '@certs/shared/auth/roles';
import { SignedInSummary } from '../../../features/auth/components/signed-in-summary';
import { fullNameOf, roleLabelOf } from '../../../features/auth/components/user-labels';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';

/** The four admin role homes (spec section 2); each admin is kept on their own. */
export function AdminRoleHomeRoute() {
  const { user } = useRequiredSession();
  const { pathname } = useLocation();
  usePageTitle(`${roleLabelOf(user.role)} home`);
  const home = ROLE_HOME_PATHS[user.role as Role];
  if (home && pathname.toLowerCase() !== home.toLowerCase()) return <Navigate to={home} replace />;
  const items = ADMIN_MENU_ITEMS.filter((item) => user.menuItems.includes(item));

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Text size="sm" fw={600} c="indigo.8">
          {roleLabelOf(user.role)} home
        </Text>
        <Title order={1}>Welcome, {fullNameOf(user)}</Title>
      </Stack>
      <SignedInSummary user={user} />
      {items.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="your-areas-heading">
          <Title order={2} size="h4" id="your-areas-heading">
            Your areas
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
            {items.map((item) => (
              <Paper key={item} withBorder radius="md" p="md">
                <Anchor component={Link} to={ADMIN_MENU_PATHS[item]} fw={600}>
                  {item}
                </Anchor>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}
