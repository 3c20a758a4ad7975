import { Anchor, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { APPEAL_SUBJECT_LABELS, type Appeal } from '@certs/shared/appeal/appeal.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { AppealStatusBadge } from './appeal-status-badge';
import { CaseFact as Fact } from '../../../components/case/case-panel';
import { CasePersonOutcome, CasePersonUpdates } from '../../../components/case/case-person';

/**
 * What the person reads of their appeal: what they gave, its status and dates, the updates staff
 * shared with them, and the outcome with reasons and what it changed.
 */
export function AppealPersonPanel({ appeal, onOpenFile }: { appeal: Appeal; onOpenFile: (resourceKey: string) => void }) {
  return (
    <Stack gap="lg" data-testid="appeal-person-view">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h3">
              {appeal.reference}
            </Title>
            <AppealStatusBadge status={appeal.status} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Fact label="Program">
              {appeal.programCode} {appeal.programTitle}
            </Fact>
            <Fact label="Application">{appeal.applicationNumber ?? '-'}</Fact>
            <Fact label="Against">{APPEAL_SUBJECT_LABELS[appeal.subject]}</Fact>
            <Fact label="Received">
              <DateDisplay value={appeal.receivedOn} />
            </Fact>
            <Fact label="Decision due by">
              <DateDisplay value={appeal.decideBy} />
            </Fact>
            <Fact label="Decided">
              <DateDisplay value={appeal.decidedOn} />
            </Fact>
          </SimpleGrid>
          <Fact label="Your grounds">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {appeal.grounds}
            </Text>
          </Fact>
          {appeal.files.length > 0 && (
            <Fact label="Your files">
              <List size="sm">
                {appeal.files.map((file) => (
                  <List.Item key={file.id}>
                    <Anchor component="button" type="button" size="sm" onClick={() => onOpenFile(file.resourceKey)}>
                      {file.name}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </Fact>
          )}
        </Stack>
      </Paper>
      {appeal.outcome && (
        <CasePersonOutcome outcome={appeal.outcome} reasons={appeal.outcomeReasons} testId="appeal-outcome">
          {appeal.changes.map((change, index) => (
            <Text key={index} size="sm" fw={600}>
              What changes: {change.description}
            </Text>
          ))}
        </CasePersonOutcome>
      )}
      <CasePersonUpdates entries={appeal.entries} />
    </Stack>
  );
}
