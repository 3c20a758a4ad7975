import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { errorMessageOf } from '../../../lib/api-client';

/** One report's frame: heading, what it counts, its filters and export, the loading or error state. */
export function ReportSection({ id, title, description, filters, action, query, children }: {
  id: string;
  title: string;
  description: string;
  filters?: ReactNode;
  action?: ReactNode;
  query: { isFetching: boolean; error: unknown; data: unknown };
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={`${id}-heading`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={2} size="h3" id={`${id}-heading`}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
          <Group gap="sm">
            {query.isFetching && <Loader size="sm" aria-label="Loading" />}
            {action}
          </Group>
        </Group>
        {filters}
        {query.error ? <Alert color="red">{errorMessageOf(query.error)}</Alert> : query.data ? children : null}
      </Stack>
    </Paper>
  );
}
