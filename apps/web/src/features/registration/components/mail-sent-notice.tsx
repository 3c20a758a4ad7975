import { Alert, Text } from '@mantine/core';

/** What to do next once a link has been mailed; the same whether or not the address is known. */
export function MailSentNotice({ title, message }: { title: string; message: string }) {
  return (
    <Alert color="teal" variant="light" title={title} role="status" data-testid="mail-sent-notice">
      <Text size="sm">{message}</Text>
    </Alert>
  );
}
