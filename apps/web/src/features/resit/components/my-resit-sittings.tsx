import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import type { ResitModule } from '@certs/shared/resit/resit.contract';
import { errorMessageOf } from '../../../lib/api-client';
import { useMyOpenResits } from '../api/resit';
import { ResitWhenWhere } from './resit-when-where';

/**
 * The candidate's re-sits still to be sat, on their Examinations page (issue 45 item 3): each sent
 * re-sit's date, time, duration and place, whether it is sat online (started from the list below)
 * or at a venue or test centre. Nothing shows while there is none.
 */
export function MyResitSittings() {
  const queries = useMyOpenResits();
  const error = queries.find((query) => query.error)?.error;
  const sittings: ResitModule[] = queries
    .flatMap((query) => query.data?.rows ?? [])
    .filter((resit) => resit.stage === 'Resit Examination' && !!resit.scheduleSentOn && !!resit.scheduledAt)
    .sort((a, b) => (a.scheduledAt ?? '').localeCompare(b.scheduledAt ?? ''));
  if (error) {
    return (
      <Alert color="red" variant="light" title="Your re-sits could not be loaded">
        {errorMessageOf(error)}
      </Alert>
    );
  }
  if (sittings.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="my-resits-heading" data-testid="my-resit-sittings">
      <Title order={2} size="h4" id="my-resits-heading" mb="sm">
        Your re-sits
      </Title>
      <Stack gap="md">
        {sittings.map((resit) => (
          <Stack key={resit.id} gap={4} data-testid="my-resit-sitting">
            <Text fw={600}>
              Re-sit {resit.attempt} of {resit.moduleCode} {resit.moduleTitle}
            </Text>
            <Text size="xs" c="dimmed">
              {resit.programCode} · {resit.applicationNumber}
            </Text>
            <ResitWhenWhere resit={resit} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
