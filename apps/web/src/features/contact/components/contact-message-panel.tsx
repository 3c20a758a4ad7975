import { Alert, Button, Group, Loader, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useState } from 'react';
import { ContactReplyRequest } from '@certs/shared/contact/contact.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf } from '../../../lib/api-client';
import { useContactMessage, useMarkContactMessageHandled, useReplyToContactMessage } from '../api/contact-message-details';

/** One Contact Us message: what was said, the replies, a reply form (mailed from the platform) and handled or not. */
export function ContactMessagePanel({ id }: { id: string }) {
  const details = useContactMessage(id);
  const reply = useReplyToContactMessage(id);
  const handled = useMarkContactMessageHandled(id);
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  if (details.isPending) return <Loader size="sm" aria-label="Loading the message" />;
  if (details.error) return <Alert color="red">{errorMessageOf(details.error)}</Alert>;
  const message = details.data;

  const send = () => {
    const parsed = ContactReplyRequest.safeParse({ body });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFieldError(null);
    reply.mutate({ body, markHandled: true }, { onSuccess: () => setBody('') });
  };

  return (
    <Stack gap="md" data-testid="contact-message">
      <Group justify="space-between">
        <Text fw={600}>
          {message.name} · {message.email} · {message.phoneNumber}
        </Text>
        {message.handledOn ? <StatusBadge color="green" label="Handled" /> : <StatusBadge color="yellow" label="Waiting" />}
      </Group>
      <Text size="sm" c="dimmed">
        Received <DateDisplay value={message.createdOn} withTime />
      </Text>
      <Paper withBorder p="sm">
        <Text style={{ whiteSpace: 'pre-line' }}>{message.message}</Text>
      </Paper>
      <Title order={2} size="h5">
        Replies
      </Title>
      {message.replies.length === 0 && <Text c="dimmed">No reply yet.</Text>}
      {message.replies.map((sent) => (
        <Paper key={sent.id} withBorder p="sm" data-testid="contact-reply">
          <Text size="xs" c="dimmed">
            {sent.repliedBy ?? 'Staff'} · <DateDisplay value={sent.createdOn} withTime />
          </Text>
          <Text style={{ whiteSpace: 'pre-line' }}>{sent.body}</Text>
        </Paper>
      ))}
      <Textarea label="Reply by email" description={`Sent to ${message.email} and kept with this message`} minRows={4} autosize value={body} error={fieldError} onChange={(event) => setBody(event.currentTarget.value)} />
      {reply.error && <Alert color="red">{errorMessageOf(reply.error)}</Alert>}
      <Group>
        <Button onClick={send} loading={reply.isPending}>
          Send reply
        </Button>
        <Button variant="default" loading={handled.isPending} onClick={() => handled.mutate({ isHandled: !message.handledOn })}>
          {message.handledOn ? 'Mark as waiting' : 'Mark handled'}
        </Button>
      </Group>
    </Stack>
  );
}
