import { AppShell, Burger, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { ROLE_HOME_PATHS } from '@certs/shared/auth/roles';
import { Brand } from '../../components/layouts/brand';
import { SideMenuLinks } from '../../components/layouts/side-menu-links';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/layouts/skip-link';
import { useSyncCurrentUser } from '../../features/auth/api/fetch-current-user';
import { useRequiredSession } from '../../lib/auth';
import { STUDENT_APPLICATIONS_PATH } from '../route-paths';
import { STUDENT_APPEALS_PATH, STUDENT_COMPLAINTS_PATH, STUDENT_CONTACT_PATH } from '../route-paths';
import { STUDENT_DOCUMENTS_PATH, STUDENT_LIBRARY_PATH } from '../route-paths';
import { STUDENT_EXAMINATIONS_PATH } from '../route-paths';
import { STUDENT_NOTIFICATIONS_PATH } from '../route-paths';
import { STUDENT_PROFILE_PATH } from '../route-paths';
import { UserHeaderItems } from './user-header-items';

const APPLICANT_MENU = [
  { label: 'Home', to: ROLE_HOME_PATHS[5], also: ['/student/programs'] },
  { label: 'Profile', to: STUDENT_PROFILE_PATH, also: [] },
  { label: 'Documents', to: STUDENT_DOCUMENTS_PATH, also: [] },
  { label: 'Library', to: STUDENT_LIBRARY_PATH, also: [] },
  { label: 'Applications', to: STUDENT_APPLICATIONS_PATH, also: [] },
  { label: 'Examinations', to: STUDENT_EXAMINATIONS_PATH, also: [] },
  { label: 'Notifications', to: STUDENT_NOTIFICATIONS_PATH, also: [] },
  { label: 'Contact us', to: STUDENT_CONTACT_PATH, also: [] },
  { label: 'Appeals', to: STUDENT_APPEALS_PATH, also: [] },
  { label: 'Complaints', to: STUDENT_COMPLAINTS_PATH, also: [] },
] as const;

/** The applicant area: a header with who is signed in, their zone and logout, the applicant menu, then the page. */
export function ApplicantLayout() {
  const { user } = useRequiredSession();
  useSyncCurrentUser();
  const [isMenuOpen, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  const { pathname } = useLocation();
  const isActive = (item: (typeof APPLICANT_MENU)[number]) =>
    [item.to, ...item.also].some((path) => pathname === path || pathname.startsWith(`${path}/`));

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 220, breakpoint: 'sm', collapsed: { mobile: !isMenuOpen } }} padding={{ base: 'sm', sm: 'xl' }} bg="gray.0">
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={isMenuOpen} onClick={toggleMenu} hiddenFrom="sm" size="sm" aria-label="Toggle applicant menu" aria-expanded={isMenuOpen} />
            <Brand to={ROLE_HOME_PATHS[5]} />
          </Group>
          <UserHeaderItems user={user} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="Applicant menu">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" py="xs" aria-hidden="true">
          Menu
        </Text>
        <SideMenuLinks links={APPLICANT_MENU.map((item) => ({ label: item.label, to: item.to, isActive: isActive(item) }))} onNavigate={closeMenu} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Container size="lg" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
