import { Paper, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../lib/page-title';

interface NotAvailableProps {
  title: string;
  message: string;
}

/** An honest placeholder for a screen that is on the way. */
export function NotAvailable({ title, message }: NotAvailableProps) {
  usePageTitle(title);
  return (
    <Stack gap="lg">
      <Title order={1}>{title}</Title>
      <Paper withBorder radius="md" p="xl">
        <Text>{message}</Text>
      </Paper>
    </Stack>
  );
}
