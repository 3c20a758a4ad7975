import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AccountCardProps {
  eyebrow: string;
  title: string;
  summary?: ReactNode;
  children: ReactNode;
}

/** The public account pages (register, activate, reset): a short title and one card, centred. */
export function AccountCard({ eyebrow, title, summary, children }: AccountCardProps) {
  return (
    <Stack gap="lg" maw={560} mx="auto">
      <Stack gap={6}>
        <Text tt="uppercase" fw={700} size="sm" c="indigo.8" style={{ letterSpacing: '0.06em' }}>
          {eyebrow}
        </Text>
        <Title order={1}>{title}</Title>
        {summary && (
          <Text size="lg" c="gray.7">
            {summary}
          </Text>
        )}
      </Stack>
      <Paper withBorder shadow="sm" p="xl" radius="lg">
        {children}
      </Paper>
    </Stack>
  );
}
