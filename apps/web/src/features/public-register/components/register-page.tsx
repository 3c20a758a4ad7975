import { Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { verificationPagePath, type PublicRegister } from '@certs/shared/public-register/public-register.contract';
import { useRegisterBodies } from '../api/register-bodies';
import { RegisterSearch } from './register-search';
import { VerifyNumberForm } from './verify-number-form';
import { usePageTitle } from '../../../lib/page-title';

/** The layout both public registers share: heading, what is listed, the search, and a certificate check. */
export function RegisterPage({ register, title, summary }: { register: PublicRegister; title: string; summary: string }) {
  usePageTitle(title);
  const navigate = useNavigate();
  // Without the list (still loading, or refused) the page searches every body, as with one.
  const bodies = useRegisterBodies().data;
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{summary}</Text>
        <Text c="dimmed" size="sm">
          Holders may choose not to be listed; any certificate can still be checked by its number.
        </Text>
      </Stack>
      <RegisterSearch register={register} label={title} bodies={bodies} />
      <Paper withBorder radius="md" p="md" bg="white">
        <VerifyNumberForm onVerify={(number) => navigate(verificationPagePath(number))} />
      </Paper>
    </Stack>
  );
}
