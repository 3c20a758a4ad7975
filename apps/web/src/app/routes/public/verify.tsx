import { Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { CertificateVerification } from '../../../features/public-register/components/certificate-verification';
import { usePageTitle } from '../../../lib/page-title';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { VERIFY_PATH } from '../../route-paths';


/** The page a certificate's QR code opens (`${PUBLIC_URL}/verify/{certificateNumber}`): its status now. */
export function VerifyRoute() {
  usePageTitle('Certificate verification');
  const certificateNumber = useParams().certificateNumber ?? '';
  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1}>Certificate verification</Title>
        <Text c="dimmed">The status of this certificate today, from the awarding body&apos;s records.</Text>
      </Stack>
      <CertificateVerification key={certificateNumber} certificateNumber={certificateNumber} />
    </Stack>
  );
}
