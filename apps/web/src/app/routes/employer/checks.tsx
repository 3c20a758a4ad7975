import { Stack, Text, Title } from '@mantine/core';
import { CertificateCheckScreen } from '../../../features/certificate-check/components/certificate-check-screen';
import { usePageTitle } from '../../../lib/page-title';

/** `/employer/checks` (issue 42): check many certificate numbers at once. A viewer checks too. */
export function EmployerChecksRoute() {
  usePageTitle('Check certificates');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Check certificates</Title>
        <Text c="dimmed">
          Check up to 500 certificate numbers at once: each answers what the public verification page says of it (holder, program, awarding body, status and expiry). Each holder can see that your
          company checked their certificate, and when.
        </Text>
      </Stack>
      <CertificateCheckScreen />
    </Stack>
  );
}
