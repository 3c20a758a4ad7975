import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { LOGIN_PATHS } from '@certs/shared/auth/roles';
import { REGISTRATION_MESSAGES } from '@certs/shared/auth/registration.contract';
import { useResetToken, useResetTokenUser } from '../../../features/registration/api/check-reset-token';
import { useResetPassword } from '../../../features/registration/api/reset-password';
import { AccountCard } from '../../../features/registration/components/account-card';
import { ResetPasswordForm } from '../../../features/registration/forms/reset-password-form';
import { errorMessageOf } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { FORGOT_PASSWORD_PATH } from '../../route-paths';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { RESET_PASSWORD_PATH } from '../../route-paths';


function InvalidLink({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" title="This link cannot be used" data-testid="reset-result">
        {message}
      </Alert>
      <Button component={Link} to={FORGOT_PASSWORD_PATH} variant="light">
        Ask for a new link
      </Button>
    </Stack>
  );
}

/**
 * The mailed reset link lands here: a new password for the account, once, within the hour. An
 * invitation's link (`?invited=1`, `passwordLinkPath`) lands here too, for a first password.
 */
export function ResetPasswordRoute() {
  const invited = useSearchParams()[0].get('invited') === '1';
  const title = invited ? 'Choose your password' : 'Reset password';
  usePageTitle(title);
  const { token = '' } = useParams();
  const check = useResetToken(token);
  const owner = useResetTokenUser(token, check.data?.isValid === true);
  const reset = useResetPassword();
  const [doneMessage, setDoneMessage] = useState<string | null>(null);

  let body;
  if (doneMessage) {
    body = (
      <Stack gap="md">
        <Alert color="teal" variant="light" title={invited ? 'Password set' : 'Password changed'} role="status" data-testid="reset-result">
          {invited ? REGISTRATION_MESSAGES.passwordChosen : doneMessage}
        </Alert>
        <Group gap="md">
          <Button component={Link} to={LOGIN_PATHS[check.data?.userType ?? 'applicant']}>
            Sign in
          </Button>
          <Anchor component={Link} to={LOGIN_PATHS.admin} size="sm">
            Staff sign in
          </Anchor>
        </Group>
      </Stack>
    );
  } else if (check.isPending || (check.data?.isValid && owner.isPending)) {
    body = (
      <Center py="lg">
        <Loader aria-label="Checking the link" />
      </Center>
    );
  } else if (check.error) {
    body = <InvalidLink message={errorMessageOf(check.error)} />;
  } else if (!check.data?.isValid || !owner.data) {
    body = <InvalidLink message={REGISTRATION_MESSAGES.linkInvalid} />;
  } else {
    const userId = owner.data.id;
    body = (
      <Stack gap="md">
        {check.data.maskedEmail && (
          <Text size="sm">
            {invited ? (
              <>
                Welcome. Choose the password you will sign in with, as <strong>{check.data.maskedEmail}</strong>.
              </>
            ) : (
              <>
                Choose a new password for <strong>{check.data.maskedEmail}</strong>. Other sessions of this account will be signed out.
              </>
            )}
          </Text>
        )}
        <ResetPasswordForm
          first={invited}
          onSubmit={async (password) => {
            const answer = await reset.mutateAsync({ userId, request: { token, email: '', password } });
            setDoneMessage(answer.message || REGISTRATION_MESSAGES.passwordChanged);
          }}
        />
      </Stack>
    );
  }

  return (
    <AccountCard eyebrow="Account" title={title}>
      {body}
    </AccountCard>
  );
}
