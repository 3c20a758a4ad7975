import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LOGIN_PATHS } from '@certs/shared/auth/roles';
import { REGISTRATION_MESSAGES } from '@certs/shared/auth/registration.contract';
import { useActivateAccount } from '../../../features/registration/api/activate-account';
import { useRegistrationStatus } from '../../../features/registration/api/find-registration-status';
import { useResendActivation } from '../../../features/registration/api/resend-activation';
import { AccountCard } from '../../../features/registration/components/account-card';
import { MailSentNotice } from '../../../features/registration/components/mail-sent-notice';
import { EmailForm } from '../../../features/registration/forms/email-form';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { ACTIVATE_PATH } from '../../route-paths';


function NewLinkForm() {
  const resend = useResendActivation();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  if (sentMessage) return <MailSentNotice title="Check your mail" message={sentMessage} />;
  return (
    <EmailForm
      label="Ask for a new activation link"
      submitLabel="Send a new link"
      onSubmit={async (email) => {
        const answer = await resend.mutateAsync({ email });
        setSentMessage(answer.message);
      }}
    />
  );
}

/** The mailed activation link lands here: the account is activated, or the link has run out. */
export function ActivateRoute() {
  usePageTitle('Activate your account');
  const { token = '' } = useParams();
  const activation = useActivateAccount(token);
  const status = useRegistrationStatus(activation.data?.id ?? null, token);

  let body;
  if (activation.isPending) {
    body = (
      <Center py="lg">
        <Loader aria-label="Activating your account" />
      </Center>
    );
  } else if (activation.data) {
    const isActive = status.data ? status.data.isActivated : true;
    body = (
      <Stack gap="md">
        <Alert color="teal" variant="light" title={isActive ? 'Account activated' : 'Almost there'} role="status" data-testid="activation-result">
          <Text size="sm">{activation.data.message || REGISTRATION_MESSAGES.activated}</Text>
          <Text size="sm" mt={4}>
            Sign in with <strong>{activation.data.email}</strong> and the password you chose.
          </Text>
        </Alert>
        <Button component={Link} to={LOGIN_PATHS.applicant}>
          Sign in
        </Button>
      </Stack>
    );
  } else {
    const isInvalid = activation.error instanceof ApiError && activation.error.status >= 400 && activation.error.status < 500;
    body = (
      <Stack gap="lg">
        <Alert color="red" variant="light" title="This link cannot be used" data-testid="activation-result">
          {isInvalid ? errorMessageOf(activation.error) || REGISTRATION_MESSAGES.linkInvalid : errorMessageOf(activation.error)}
        </Alert>
        <Text size="sm">Enter the email you registered with and we will send a new activation link.</Text>
        <NewLinkForm />
        <Text size="sm" ta="center">
          Already active?{' '}
          <Anchor component={Link} to={LOGIN_PATHS.applicant} underline="always">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    );
  }

  return (
    <AccountCard eyebrow="Applicants" title="Activate your account">
      {body}
    </AccountCard>
  );
}
