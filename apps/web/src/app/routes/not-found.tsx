import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { loginPathFor } from '@certs/shared/auth/roles';
import { usePageTitle } from '../../lib/page-title';

export function NotFoundRoute() {
  usePageTitle('Page not found');
  const { pathname } = useLocation();
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>Page not found</Title>
      <Text>There is no page at this address.</Text>
      <Anchor component={Link} to={loginPathFor(pathname)}>
        Go to sign in
      </Anchor>
    </Stack>
  );
}
