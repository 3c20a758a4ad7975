import { Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { LOGIN_PATHS } from '@certs/shared/auth/roles';
import { isOfferedTimeZone } from '@certs/shared/common/dates';
import { useRegisterApplicant } from '../../../features/registration/api/register-applicant';
import { useResendActivation } from '../../../features/registration/api/resend-activation';
import { AccountCard } from '../../../features/registration/components/account-card';
import { MailSentNotice } from '../../../features/registration/components/mail-sent-notice';
import { EmailForm } from '../../../features/registration/forms/email-form';
import { RegisterForm } from '../../../features/registration/forms/register-form';
import { toRegisterRequest, type RegisterFormValues } from '../../../features/registration/forms/register-form.values';
import { usePageTitle } from '../../../lib/page-title';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { REGISTER_PATH } from '../../route-paths';


function browserTimeZone() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isOfferedTimeZone(zone) ? zone : undefined;
}

/** Applicant registration (spec section 2, register): the account is active once the mailed link is opened. */
export function RegisterRoute() {
  usePageTitle('Register');
  const register = useRegisterApplicant();
  const resend = useResendActivation();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [resentMessage, setResentMessage] = useState<string | null>(null);
  const [email, setEmail] = useState('');

  const handleSubmit = async (values: RegisterFormValues) => {
    const answer = await register.mutateAsync(toRegisterRequest(values, browserTimeZone()));
    setEmail(values.email.trim());
    setSentMessage(answer.message);
  };

  return (
    <AccountCard eyebrow="Applicants" title="Register" summary="Create an account to apply for qualifications and certifications.">
      {sentMessage ? (
        <Stack gap="md">
          <MailSentNotice title="Check your mail" message={sentMessage} />
          <Text size="sm">The link in the mail works once and for 24 hours. Nothing arrived? Look in your spam folder, or ask for a new link.</Text>
          {resentMessage ? (
            <MailSentNotice title="New link sent" message={resentMessage} />
          ) : (
            <EmailForm
              label="Ask for a new activation link"
              submitLabel="Send a new link"
              initialEmail={email}
              onSubmit={async (address) => {
                const answer = await resend.mutateAsync({ email: address });
                setResentMessage(answer.message);
              }}
            />
          )}
          <Anchor component={Link} to={LOGIN_PATHS.applicant} fw={600}>
            Go to sign in
          </Anchor>
        </Stack>
      ) : (
        <Stack gap="lg">
          <RegisterForm onSubmit={handleSubmit} />
          <Text size="sm" ta="center">
            Already registered?{' '}
            <Anchor component={Link} to={LOGIN_PATHS.applicant} underline="always">
              Sign in
            </Anchor>
          </Text>
        </Stack>
      )}
    </AccountCard>
  );
}
