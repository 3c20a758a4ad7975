import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { fullNameOf, roleLabelOf } from './user-labels';

/** Who is signed in: name, email and role, as the role home pages show it. */
export function SignedInSummary({ user }: { user: SessionUser }) {
  const items = [
    { label: 'Name', value: fullNameOf(user), testId: 'signed-in-name' },
    { label: 'Email', value: user.email, testId: 'signed-in-email' },
    { label: 'Role', value: roleLabelOf(user.role), testId: 'signed-in-role' },
  ];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="signed-in-heading">
      <Text component="h2" id="signed-in-heading" fw={600} size="lg" mb="md">
        Signed in as
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" component="dl" m={0}>
        {items.map((item) => (
          <Stack key={item.label} gap={2}>
            <Text component="dt" size="sm" c="dimmed">
              {item.label}
            </Text>
            <Text component="dd" m={0} fw={500} data-testid={item.testId}>
              {item.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
