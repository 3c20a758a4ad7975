import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { LinkConfirmation } from '../../../features/wpq-validity/components/link-confirmation';
import { usePageTitle } from '../../../lib/page-title';

/** The page the employer's mailed link opens (`/wpq-confirm/{token}`): no account needed. */
export function WpqConfirmRoute() {
  usePageTitle('Confirm a welder qualification');
  const token = useParams().token ?? '';
  return (
    <Stack gap="lg" maw={820}>
      <Stack gap={4}>
        <Title order={1}>Confirm a welder qualification</Title>
        <Text c="dimmed">The 6-monthly confirmation of ISO 9606-1 clause 9.2, by the welder&apos;s employer.</Text>
      </Stack>
      <LinkConfirmation key={token} token={token} />
    </Stack>
  );
}
