import { Anchor, Box, Burger, Container, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useLocation } from 'react-router';
import { LOGIN_PATHS } from '@certs/shared/auth/roles';
import { Brand } from '../../components/layouts/brand';
import { DeferredDrawer } from '../../components/layouts/deferred-drawer';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/layouts/skip-link';
import { PRODUCT_NAME } from '../../lib/page-title';
import { PUBLIC_COMPLAINT_PATH } from '../route-paths';

const PUBLIC_LINKS = [
  { label: 'Exam schedule', to: '/schedule' },
  { label: 'Personnel search', to: '/personnel-search' },
  { label: 'AICIP personnel search', to: '/aicip-personnel-search' },
];

const PUBLIC_MENU_ID = 'public-pages-menu';

/**
 * Pages anyone may open: the logins, registration and the public searches. Below the sm breakpoint
 * (640) the links are behind a menu button that opens them in a drawer.
 */
export function PublicLayout() {
  const [isMenuOpen, { toggle: toggleMenu, close: closeMenu }] = useDisclosure(false);
  const { pathname } = useLocation();
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Brand to={LOGIN_PATHS.applicant} />
            <Group component="nav" aria-label="Public pages" gap="lg" visibleFrom="sm">
              {PUBLIC_LINKS.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" c="gray.8" fw={500}>
                  {link.label}
                </Anchor>
              ))}
            </Group>
            <Burger
              opened={isMenuOpen}
              onClick={toggleMenu}
              hiddenFrom="sm"
              size="sm"
              aria-label={isMenuOpen ? 'Close menu' : 'Menu'}
              aria-expanded={isMenuOpen}
              aria-controls={isMenuOpen ? PUBLIC_MENU_ID : undefined}
            />
          </Group>
        </Container>
      </Box>
      <DeferredDrawer opened={isMenuOpen} onClose={closeMenu} position="right" size="xs" title="Menu" hiddenFrom="sm" closeButtonProps={{ 'aria-label': 'Close menu' }}>
        <Stack component="nav" id={PUBLIC_MENU_ID} aria-label="Public pages" gap={4}>
          {PUBLIC_LINKS.map((link) => (
            <NavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={link.label}
              active={pathname === link.to}
              aria-current={pathname === link.to ? 'page' : undefined}
              onClick={closeMenu}
              fw={500}
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
            />
          ))}
        </Stack>
      </DeferredDrawer>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} py={{ base: 'lg', sm: 48 }} style={{ flex: 1 }}>
        <Container size="lg">
          <Outlet />
        </Container>
      </Box>
      <Box component="footer" py="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {PRODUCT_NAME}: qualifications, certifications and welder qualifications.
            </Text>
            <Anchor component={Link} to={PUBLIC_COMPLAINT_PATH} size="sm">
              Make a complaint
            </Anchor>
          </Group>
        </Container>
      </Box>
    </Box>
  );
}
