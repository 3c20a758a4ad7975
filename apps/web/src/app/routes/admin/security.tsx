import { Stack, Text, Title } from '@mantine/core';
import { TwoStepSignInSection } from '../../../features/auth/components/two-step-sign-in-section';
import { usePageTitle } from '../../../lib/page-title';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { ADMIN_SECURITY_PATH } from '../../route-paths';


/** The staff member's own sign-in security: two-step sign-in (decision 020). Staff have no other profile page. */
export function AdminSecurityRoute() {
  usePageTitle('Sign-in security');
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1}>Sign-in security</Title>
        <Text c="dimmed">How you sign in to the staff site.</Text>
      </Stack>
      <TwoStepSignInSection />
    </Stack>
  );
}
