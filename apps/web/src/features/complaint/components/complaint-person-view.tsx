import { Alert, Group, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { CASE_OUTCOME_LABELS } from '@certs/shared/case/case.contract';
import { COMPLAINT_ABOUT_LABELS, type ComplaintPersonView } from '@certs/shared/complaint/complaint.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { useDateFormatter } from '../../../lib/dates';
import { ComplaintStatusBadge } from './complaint-status-badge';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * What the complainant reads of their complaint: what they gave, its status and dates, the
 * updates staff shared with them and the outcome with reasons.
 */
export function ComplaintPersonPanel({ complaint }: { complaint: ComplaintPersonView }) {
  const dates = useDateFormatter();
  return (
    <Stack gap="lg" data-testid="complaint-person-view">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h3">
              {complaint.reference}
            </Title>
            <ComplaintStatusBadge status={complaint.status} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Fact label="Awarding body">{complaint.bodyName}</Fact>
            <Fact label="Program">{complaint.program ? `${complaint.program.programCode} ${complaint.program.programTitle}` : '-'}</Fact>
            <Fact label="About">{COMPLAINT_ABOUT_LABELS[complaint.about]}</Fact>
            <Fact label="Received">
              <DateDisplay value={complaint.receivedOn} />
            </Fact>
            <Fact label="Decision due by">
              <DateDisplay value={complaint.decideBy} />
            </Fact>
            <Fact label="Decided">
              <DateDisplay value={complaint.decidedOn} />
            </Fact>
          </SimpleGrid>
          {complaint.aboutText && <Fact label="What it is about">{complaint.aboutText}</Fact>}
          <Fact label="Your complaint">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {complaint.details}
            </Text>
          </Fact>
        </Stack>
      </Paper>
      {complaint.outcome && (
        <Alert color={complaint.outcome === 'dismissed' ? 'gray' : 'teal'} variant="light" title={`Outcome: ${CASE_OUTCOME_LABELS[complaint.outcome]}`} data-testid="complaint-outcome">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {complaint.outcomeReasons}
          </Text>
        </Alert>
      )}
      <Paper withBorder radius="md" p="lg">
        <Title order={3} size="h4" mb="md">
          Updates
        </Title>
        {complaint.entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            No updates yet. We write to you when there is news.
          </Text>
        ) : (
          <Timeline bulletSize={14} lineWidth={2}>
            {complaint.entries.map((entry) => (
              <Timeline.Item key={entry.id} title={dates.dateTime(entry.createdOn)}>
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {entry.text}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Paper>
    </Stack>
  );
}
