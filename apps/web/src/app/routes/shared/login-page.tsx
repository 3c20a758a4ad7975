import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { LOGIN_PATHS, type UserType } from '@certs/shared/auth/roles';
import { LoginForm } from '../../../features/auth/forms/login-form';
import { acknowledgeSignOut, hasSessionOfType, useSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { PUBLIC_COMPLAINT_PATH } from '../../route-paths';
import { loginDestination } from './login-destination';

/** The link under each sign-in to the one its visitor most likely meant instead. */
const OTHER_SIGN_IN: Record<UserType, { question: string; label: string; to: string }> = {
  applicant: { question: 'Awarding body staff?', label: 'Staff sign in', to: LOGIN_PATHS.admin },
  admin: { question: 'Applying for a qualification?', label: 'Applicant sign in', to: LOGIN_PATHS.applicant },
  employer: { question: 'Applying for a qualification?', label: 'Applicant sign in', to: LOGIN_PATHS.applicant },
};

interface LoginPageProps {
  userType: UserType;
  eyebrow: string;
  title: string;
  summary: string;
}

/** One login page per user type (spec section 2); a signed-in user of that type goes straight on. */
export function LoginPage({ userType, eyebrow, title, summary }: LoginPageProps) {
  usePageTitle(title);
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const destinationOf = (user: SessionUser) => loginDestination(next, userType, user.role);
  useEffect(() => acknowledgeSignOut(), []);

  if (hasSessionOfType(session, userType)) return <Navigate to={destinationOf(session.user)} replace />;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} maw={980} mx="auto">
      <Stack justify="center" gap="md">
        <Text tt="uppercase" fw={700} size="sm" c="indigo.8" style={{ letterSpacing: '0.06em' }}>
          {eyebrow}
        </Text>
        <Title order={1}>{title}</Title>
        <Text size="lg" c="gray.7">
          {summary}
        </Text>
      </Stack>
      <Paper withBorder shadow="sm" p="xl" radius="lg">
        <Stack gap="lg">
          <Title order={2} size="h3">
            Sign in to your account
          </Title>
          <LoginForm userType={userType} onSignedIn={(user) => void navigate(destinationOf(user), { replace: true })} />
          {userType === 'applicant' ? (
            <Group justify="space-between" gap="xs">
              <Anchor component={Link} to="/forgot-password" size="sm">
                Forgot password?
              </Anchor>
              <Anchor component={Link} to="/register" size="sm">
                Create an account
              </Anchor>
            </Group>
          ) : (
            <Anchor component={Link} to={`/forgot-password?type=${userType}`} size="sm">
              Forgot password?
            </Anchor>
          )}
          <Text size="sm" c="dimmed" ta="center">
            {OTHER_SIGN_IN[userType].question}{' '}
            <Anchor component={Link} to={OTHER_SIGN_IN[userType].to} size="sm" underline="always">
              {OTHER_SIGN_IN[userType].label}
            </Anchor>
          </Text>
          {userType !== 'admin' && (
            <Text size="sm" c="dimmed" ta="center">
              Unhappy with a body, an examiner or a certificate holder?{' '}
              <Anchor component={Link} to={PUBLIC_COMPLAINT_PATH} size="sm" underline="always">
                Make a complaint
              </Anchor>
            </Text>
          )}
          {userType !== 'employer' && (
            <Text size="sm" c="dimmed" ta="center">
              An employer?{' '}
              <Anchor component={Link} to={LOGIN_PATHS.employer} size="sm" underline="always">
                Company sign in
              </Anchor>
            </Text>
          )}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
