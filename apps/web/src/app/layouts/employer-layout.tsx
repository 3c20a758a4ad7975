import { AppShell, Burger, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { ROLES } from '@certs/shared/auth/roles';
import { Brand } from '../../components/layouts/brand';
import { SideMenuLinks } from '../../components/layouts/side-menu-links';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/layouts/skip-link';
import { useSyncCurrentUser } from '../../features/auth/api/fetch-current-user';
import { useRequiredSession } from '../../lib/auth';
import { EMPLOYER_HOME_PATH } from '../route-paths';
import { EMPLOYER_MENU } from './employer-menu';
import { UserHeaderItems } from './user-header-items';

/** The company portal (issue 42): who is signed in, the company's menu (a viewer's without the coordinator's pages), then the page. */
export function EmployerLayout() {
  const { user } = useRequiredSession();
  useSyncCurrentUser();
  const [isMenuOpen, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  const { pathname } = useLocation();
  const isCoordinator = user.role === ROLES.CompanyCoordinator;
  const menu = EMPLOYER_MENU.filter((item) => isCoordinator || !item.coordinatorOnly);
  const isActive = (to: string) => (to === EMPLOYER_HOME_PATH ? pathname === to : pathname === to || pathname.startsWith(`${to}/`));

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 230, breakpoint: 'sm', collapsed: { mobile: !isMenuOpen } }} padding={{ base: 'sm', sm: 'xl' }} bg="gray.0">
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={isMenuOpen} onClick={toggleMenu} hiddenFrom="sm" size="sm" aria-label="Toggle company menu" aria-expanded={isMenuOpen} />
            <Brand to={EMPLOYER_HOME_PATH} />
          </Group>
          <UserHeaderItems user={user} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Company menu">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py="xs" aria-hidden="true">
          Company
        </Text>
        <SideMenuLinks links={menu.map((item) => ({ label: item.label, to: item.to, isActive: isActive(item.to) }))} onNavigate={closeMenu} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Container size="lg" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
