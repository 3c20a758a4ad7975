import { Alert, Box, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { DateDisplay } from '../../../components/ui/date-display';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessageOf } from '../../../lib/api-client';
import { useMyContactMessages } from '../api/find-my-contact-messages';

/**
 * "Your messages" on the applicant's Contact us page (issue 45 item 17): what they wrote, to which
 * body, and each reply staff sent (also mailed to them), newest message first.
 */
export function MyContactMessages() {
  const messages = useMyContactMessages();
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="my-contact-messages-heading">
      <Title order={2} size="h4" id="my-contact-messages-heading" mb="sm">
        Your messages
      </Title>
      {messages.isPending ? (
        <Loader size="sm" aria-label="Loading your messages" />
      ) : messages.error ? (
        <Alert color="red" variant="light" title="Could not load your messages">
          {errorMessageOf(messages.error)}
        </Alert>
      ) : messages.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          You have not written to us yet.
        </Text>
      ) : (
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Your messages">
          {messages.data.map((sent) => (
            <Box component="li" key={sent.id} data-testid="my-contact-message">
              <Stack gap={6}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm" c="dimmed">
                    To {sent.accountName}, <DateDisplay value={sent.createdOn} withTime />
                  </Text>
                  {sent.replies.length > 0 ? (
                    <StatusBadge color="green" label="Answered" />
                  ) : sent.handledOn ? (
                    <StatusBadge color="green" label="Handled" />
                  ) : (
                    <StatusBadge color="yellow" label="Waiting for a reply" />
                  )}
                </Group>
                <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{sent.message}</Text>
                {sent.replies.map((reply) => (
                  <Paper key={reply.id} withBorder p="sm" ml={{ base: 'sm', sm: 'lg' }} bg="indigo.0" data-testid="my-contact-reply">
                    <Text size="xs" c="dimmed">
                      Reply from {sent.accountName}, <DateDisplay value={reply.createdOn} withTime />
                    </Text>
                    <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{reply.body}</Text>
                  </Paper>
                ))}
              </Stack>
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
