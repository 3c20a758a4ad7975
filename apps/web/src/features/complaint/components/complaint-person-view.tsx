import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { COMPLAINT_ABOUT_LABELS, type ComplaintPersonView } from '@certs/shared/complaint/complaint.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { ComplaintStatusBadge } from './complaint-status-badge';
import { CaseFact as Fact } from '../../../components/case/case-panel';
import { CasePersonOutcome, CasePersonUpdates } from '../../../components/case/case-person';

/**
 * What the complainant reads of their complaint: what they gave, its status and dates, the
 * updates staff shared with them and the outcome with reasons.
 */
export function ComplaintPersonPanel({ complaint }: { complaint: ComplaintPersonView }) {
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
      {complaint.outcome && <CasePersonOutcome outcome={complaint.outcome} reasons={complaint.outcomeReasons} testId="complaint-outcome" />}
      <CasePersonUpdates entries={complaint.entries} />
    </Stack>
  );
}
