import { AppShell, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { ROLE_HOME_PATHS } from '@certs/shared/auth/roles';
import { Brand } from '../../components/layouts/brand';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/layouts/skip-link';
import { useSyncCurrentUser } from '../../features/auth/api/fetch-current-user';
import { useRequiredSession } from '../../lib/auth';
import { UserHeaderItems } from './user-header-items';

/** The applicant area: a header with who is signed in, their zone and logout, then the page. */
export function ApplicantLayout() {
  const { user } = useRequiredSession();
  useSyncCurrentUser();
  return (
    <AppShell header={{ height: 64 }} padding="xl" bg="gray.0">
      <SkipLink />
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Brand to={ROLE_HOME_PATHS[5]} />
            <UserHeaderItems user={user} />
          </Group>
        </Container>
      </AppShell.Header>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Container size="lg" px="md">
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
