import { Alert, Button, Grid, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { CONTACT_MESSAGES } from '@certs/shared/contact/contact.contract';
import { useApplicant } from '../../../features/applicant-profile/api/find-applicant';
import { useContactAccounts } from '../../../features/contact/api/find-contact-accounts';
import { MyContactMessages } from '../../../features/contact/components/my-contact-messages';
import { useSendContactMessage } from '../../../features/contact/api/send-contact-message';
import { ContactForm } from '../../../features/contact/forms/contact-form';
import { useRequiredSession } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
// Also exported here for the modules that import it from the page (its home is route-paths.ts).
export { STUDENT_CONTACT_PATH } from '../../route-paths';


/** Contact us (spec sections 3 and 5): a message to the awarding body's staff. */
export function StudentContactRoute() {
  usePageTitle('Contact us');
  const { user } = useRequiredSession();
  const send = useSendContactMessage();
  const accounts = useContactAccounts();
  // The profile's phone: the form does not ask a second time for what the profile holds.
  const profile = useApplicant(user.applicantId);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [formKey, setFormKey] = useState(0);

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Contact us</Title>
        <Text c="dimmed">Questions about a program, an application or your account: our staff answer within two working days.</Text>
      </Stack>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="md" p="lg">
          {sentMessage ? (
            <Stack gap="md">
              <Alert color="teal" variant="light" title="Message sent" role="status" data-testid="contact-sent">
                {sentMessage}
              </Alert>
              <Button
                variant="default"
                w="fit-content"
                onClick={() => {
                  setSentMessage(null);
                  setFormKey((key) => key + 1);
                }}
              >
                Send another message
              </Button>
            </Stack>
          ) : accounts.isPending || (!!user.applicantId && profile.isPending) ? (
            <Loader aria-label="Loading the form" />
          ) : (
            <ContactForm
              key={formKey}
              accounts={accounts.data}
              profilePhone={profile.data?.phone ?? ''}
              initialValues={{ name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, phoneNumber: '', message: '' }}
              onSubmit={async (request) => {
                const answer = await send.mutateAsync(request);
                setSentMessage(answer.message || CONTACT_MESSAGES.thanks);
              }}
            />
          )}
        </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="md" p="lg" bg="indigo.0">
          <Title order={2} size="h5" mb="xs">
            Before you write
          </Title>
          <Text size="sm">Your applications, documents and every mail we sent you are in the menu. Include your application number if your question is about one.</Text>
        </Paper>
        </Grid.Col>
      </Grid>
      <MyContactMessages />
    </Stack>
  );
}
