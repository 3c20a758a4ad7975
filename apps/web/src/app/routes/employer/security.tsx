import { Stack, Text, Title } from '@mantine/core';
import { TwoStepSignInSection } from '../../../features/auth/components/two-step-sign-in-section';
import { usePageTitle } from '../../../lib/page-title';

/** A company user's own sign-in security: two-step sign-in, as for applicants and staff. */
export function EmployerSecurityRoute() {
  usePageTitle('Sign-in security');
  return (
    <Stack gap="lg" maw={720}>
      <Stack gap={4}>
        <Title order={1}>Sign-in security</Title>
        <Text c="dimmed">How you sign in to the company portal.</Text>
      </Stack>
      <TwoStepSignInSection />
    </Stack>
  );
}
