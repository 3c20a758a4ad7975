import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { LOGIN_PATHS } from '@certs/shared/auth/roles';
import { Brand } from '../../components/layouts/brand';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/layouts/skip-link';
import { PRODUCT_NAME } from '../../lib/page-title';

const PUBLIC_LINKS = [
  { label: 'Exam schedule', to: '/schedule' },
  { label: 'Personnel search', to: '/personnel-search' },
  { label: 'AICIP personnel search', to: '/aicip-personnel-search' },
];

/** Pages anyone may open: the logins, registration and the public searches. */
export function PublicLayout() {
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
          </Group>
        </Container>
      </Box>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} py={48} style={{ flex: 1 }}>
        <Container size="lg">
          <Outlet />
        </Container>
      </Box>
      <Box component="footer" py="md" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="lg">
          <Text size="sm" c="dimmed">
            {PRODUCT_NAME}: qualifications, certifications and welder qualifications.
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
