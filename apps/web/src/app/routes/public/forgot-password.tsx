import { Anchor, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LOGIN_PATHS, type UserType } from '@certs/shared/auth/roles';
import { useRequestPasswordReset } from '../../../features/registration/api/request-password-reset';
import { AccountCard } from '../../../features/registration/components/account-card';
import { MailSentNotice } from '../../../features/registration/components/mail-sent-notice';
import { EmailForm } from '../../../features/registration/forms/email-form';
import { usePageTitle } from '../../../lib/page-title';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { FORGOT_PASSWORD_PATH } from '../../route-paths';


/** Asks for a password reset link (spec section 2, forgot-password); the answer never says whether the email exists. */
export function ForgotPasswordRoute() {
  usePageTitle('Forgot password');
  const [searchParams] = useSearchParams();
  const [userType, setUserType] = useState<UserType>(() => { const asked = searchParams.get('type'); return asked === 'admin' || asked === 'employer' ? asked : 'applicant'; });
  const requestReset = useRequestPasswordReset();
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  return (
    <AccountCard eyebrow="Account" title="Forgot password" summary="We will mail you a link to choose a new password. It works once, for one hour.">
      <Stack gap="lg">
        {sentMessage ? (
          <MailSentNotice title="Check your mail" message={sentMessage} />
        ) : (
          <EmailForm
            label="Ask for a password reset link"
            submitLabel="Send reset link"
            onSubmit={async (email) => {
              const answer = await requestReset.mutateAsync({ email, userType });
              setSentMessage(answer.message);
            }}
          >
            <Radio.Group label="I sign in as" value={userType} onChange={(value) => setUserType(value === 'admin' || value === 'employer' ? value : 'applicant')}>
              <Stack gap="xs" mt="xs">
                <Radio value="applicant" label="An applicant" />
                <Radio value="admin" label="Awarding body staff" />
                <Radio value="employer" label="A company's user (employer portal)" />
              </Stack>
            </Radio.Group>
          </EmailForm>
        )}
        <Text size="sm" ta="center">
          Remembered it?{' '}
          <Anchor component={Link} to={LOGIN_PATHS[userType]} underline="always">
            Sign in
          </Anchor>
        </Text>
      </Stack>
    </AccountCard>
  );
}
