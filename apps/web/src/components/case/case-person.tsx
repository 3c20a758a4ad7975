import { Alert, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CASE_OUTCOME_LABELS, type CaseEntry, type CaseOutcome } from '@certs/shared/case/case.contract';
import { useDateFormatter } from '../../lib/dates';

/** What the person reads of their appeal or complaint (issue 43): the outcome with reasons, and the updates shared with them. */

/** The outcome with its reasons, and anything the feature adds below them (an appeal's changes). */
export function CasePersonOutcome({ outcome, reasons, testId, children }: { outcome: CaseOutcome; reasons: string | null; testId: string; children?: ReactNode }) {
  return (
    <Alert color={outcome === 'dismissed' ? 'gray' : 'teal'} variant="light" title={`Outcome: ${CASE_OUTCOME_LABELS[outcome]}`} data-testid={testId}>
      <Stack gap="xs">
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {reasons}
        </Text>
        {children}
      </Stack>
    </Alert>
  );
}

/** The entries shared with the person, with when; staff's names stay with staff. */
export function CasePersonUpdates({ entries }: { entries: readonly CaseEntry[] }) {
  const dates = useDateFormatter();
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={3} size="h4" mb="md">
        Updates
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No updates yet. We write to you when there is news.
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2}>
          {entries.map((entry) => (
            <Timeline.Item key={entry.id} title={dates.dateTime(entry.createdOn)}>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {entry.text}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Paper>
  );
}
