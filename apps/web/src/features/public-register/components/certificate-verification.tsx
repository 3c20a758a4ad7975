import { Alert, Anchor, Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AwardStatus } from '@certs/shared/award/award-status';
import { PUBLIC_REGISTER_MESSAGES, PUBLIC_REGISTER_PAGES, VERIFICATION_STATUS_TEXT } from '@certs/shared/public-register/public-register.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf, httpStatusOf } from '../../../lib/api-client';
import { useCertificateVerification } from '../api/verify-certificate';
import { alertColors } from './alert-colors';
import { IssuingBody } from './issuing-body';

/** Dark shades of each status's colour: large text on the light background passes WCAG AA. */
const STATUS_STYLE: Record<AwardStatus, { color: string; text: string }> = {
  current: { color: 'green', text: 'green.9' },
  'on hold': { color: 'orange', text: 'orange.9' },
  cancelled: { color: 'red', text: 'red.9' },
  withdrawn: { color: 'gray', text: 'gray.9' },
  expired: { color: 'gray', text: 'gray.9' },
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text fw={500} component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

function RegisterLinks() {
  return (
    <Text size="sm">
      Look a holder up in the{' '}
      <Anchor component={Link} to={PUBLIC_REGISTER_PAGES.search}>
        personnel search
      </Anchor>{' '}
      or the{' '}
      <Anchor component={Link} to={PUBLIC_REGISTER_PAGES.aicip}>
        AICIP personnel search
      </Anchor>
      .
    </Text>
  );
}

/** The page a certificate's QR code opens: its status now, plainly, and the public fields. */
export function CertificateVerification({ certificateNumber }: { certificateNumber: string }) {
  const verification = useCertificateVerification(certificateNumber);

  if (verification.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Checking the certificate" />
      </Center>
    );
  }
  if (verification.error) {
    const status = httpStatusOf(verification.error);
    return (
      <Stack gap="md">
        <Alert {...alertColors(status === 429)} variant="light" role="alert" title={status === 404 ? PUBLIC_REGISTER_MESSAGES.certificateNotFound : 'The certificate could not be checked'}>
          {status === 404 ? `We hold no certificate numbered “${certificateNumber}”. Check the number as printed on the certificate.` : errorMessageOf(verification.error)}
        </Alert>
        <RegisterLinks />
      </Stack>
    );
  }

  const certificate = verification.data;
  const style = STATUS_STYLE[certificate.status];
  const text = VERIFICATION_STATUS_TEXT[certificate.status];
  return (
    <Stack gap="lg">
      <Paper
        withBorder
        radius="md"
        p="xl"
        bg={`${style.color}.0`}
        style={{ borderLeft: `8px solid var(--mantine-color-${style.color}-7)` }}
        role="status"
        data-testid="verification-status"
        data-status={certificate.status}
      >
        <Text size="sm" fw={500} c="gray.8">
          Certificate {certificate.certificateNumber}
        </Text>
        <Title order={2} fz={40} c={style.text} lh={1.2}>
          {text.headline}
        </Title>
        <Text size="lg" fw={500} c="gray.9">
          {text.detail}
        </Text>
      </Paper>
      <Paper withBorder radius="md" p="lg" bg="white">
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
          <Field label="Holder">{certificate.name}</Field>
          <Field label="Certificate number">{certificate.certificateNumber}</Field>
          <Field label="Issued by">
            <IssuingBody name={certificate.issuingBody} logoUrl={certificate.issuingBodyLogoUrl} size={40} />
          </Field>
          <Field label="Program">
            {certificate.programCode} · {certificate.programTitle}
          </Field>
          <Field label="Award date">
            <DateDisplay value={certificate.awardDate} />
          </Field>
          <Field label="Expiry">{certificate.expiresOn ? <DateDisplay value={certificate.expiresOn} /> : 'Does not expire'}</Field>
          {certificate.designations.length > 0 && <Field label="Range of qualification">{certificate.designations.join('; ')}</Field>}
        </SimpleGrid>
      </Paper>
      <RegisterLinks />
    </Stack>
  );
}
