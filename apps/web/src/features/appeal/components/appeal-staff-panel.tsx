import { Alert, Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { APPEAL_CHANGE_LABELS, APPEAL_SUBJECT_LABELS, type Appeal, type AppealStaffView } from '@certs/shared/appeal/appeal.contract';
import { CASE_OUTCOME_LABELS, OPEN_CASE_STATUSES, type CaseEntryKind } from '@certs/shared/case/case.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { useDateFormatter } from '../../../lib/dates';
import { AppealDecisionForm, AppealNoteForm, AppealStatusForm, AssignHandlerForm, TakeAppealButton } from '../forms/appeal-staff-forms';
import { AppealAge } from './appeal-register-table';
import { AppealStatusBadge } from './appeal-status-badge';
import { Fact } from './appeal-facts';

const ENTRY_KIND_LABELS: Record<CaseEntryKind, string> = { note: 'Note', status: 'Status', handler: 'Handler', outcome: 'Outcome', mail: 'Mail' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export interface AppealStaffPanelProps {
  appeal: Appeal & { staff: AppealStaffView };
  userId: string;
  /** The staff's page of the appeal's application (where its history shows the change), when there is one. */
  applicationHref: string | null;
  onOpenFile: (resourceKey: string) => void;
}

/**
 * One appeal for staff (issue 43): who appealed what and why, the handler (nobody who took part in
 * the application), the investigation's record (with what was shared), the outcome with reasons
 * and the change it made, linked to the application whose history records it.
 */
export function AppealStaffPanel({ appeal, userId, applicationHref, onOpenFile }: AppealStaffPanelProps) {
  const dates = useDateFormatter();
  const { staff } = appeal;
  const isOpen = OPEN_CASE_STATUSES.includes(appeal.status);
  return (
    <Stack gap="lg" data-testid="appeal-staff-panel">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <AppealStatusBadge status={appeal.status} />
            {appeal.outcome && <Badge variant="light">{CASE_OUTCOME_LABELS[appeal.outcome]}</Badge>}
            <AppealAge ageDays={appeal.ageDays} overdue={appeal.overdue} />
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Fact label="Person">
              {appeal.appellantName}
              <br />
              <Anchor href={`mailto:${staff.appellantEmail}`} size="sm">
                {staff.appellantEmail}
              </Anchor>
            </Fact>
            <Fact label="Against">{APPEAL_SUBJECT_LABELS[appeal.subject]}</Fact>
            <Fact label="Program">
              {appeal.programCode} {appeal.programTitle}
            </Fact>
            <Fact label="Application">
              {applicationHref && appeal.applicationNumber ? (
                <Anchor component={Link} to={applicationHref} size="sm">
                  {appeal.applicationNumber}
                </Anchor>
              ) : (
                (appeal.applicationNumber ?? '-')
              )}
            </Fact>
            {appeal.certificateNumber && <Fact label="Certificate">{appeal.certificateNumber}</Fact>}
            <Fact label="Received">
              <DateDisplay value={appeal.receivedOn} withTime />
            </Fact>
            <Fact label="Acknowledged">
              <DateDisplay value={appeal.acknowledgedOn} /> (due <DateDisplay value={appeal.acknowledgeBy} />)
            </Fact>
            <Fact label="Decision due by">
              <DateDisplay value={appeal.decideBy} />
            </Fact>
          </SimpleGrid>
          <Fact label="Grounds">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {appeal.grounds}
            </Text>
          </Fact>
          {appeal.files.length > 0 && (
            <Fact label="Files">
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

      <Section title="Handler">
        <Stack gap="md">
          <Text size="sm" data-testid="appeal-handler">
            {appeal.handlerName ?? 'Not assigned'}
          </Text>
          {staff.cannotTakeBecause && isOpen && (
            <Alert color="gray" variant="light" data-testid="appeal-cannot-take">
              {staff.cannotTakeBecause}
            </Alert>
          )}
          {staff.canTakeIt && <TakeAppealButton appeal={appeal} userId={userId} />}
          {staff.canAssign && <AssignHandlerForm key={appeal.handlerId ?? 'none'} appeal={appeal} />}
          {isOpen && staff.canRecord && <AppealStatusForm appeal={appeal} />}
        </Stack>
      </Section>

      <Section title="Investigation">
        <Stack gap="md">
          {appeal.entries.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing recorded yet.
            </Text>
          ) : (
            <Timeline bulletSize={14} lineWidth={2} data-testid="appeal-entries">
              {appeal.entries.map((entry) => (
                <Timeline.Item
                  key={entry.id}
                  title={
                    <Group gap="xs">
                      <Text size="sm" fw={600}>
                        {ENTRY_KIND_LABELS[entry.kind]}
                      </Text>
                      {entry.sharedWithPerson && (
                        <Badge size="sm" variant="dot" color="teal" tt="none">
                          Shared with the person
                        </Badge>
                      )}
                    </Group>
                  }
                >
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {entry.text}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {dates.dateTime(entry.createdOn)}
                    {entry.actorName ? `, ${entry.actorName}` : ''}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
          {staff.canRecord && <AppealNoteForm appealId={appeal.id} />}
        </Stack>
      </Section>

      <Section title="Outcome">
        {appeal.outcome ? (
          <Stack gap="xs" data-testid="appeal-outcome">
            <Text size="sm" fw={600}>
              {CASE_OUTCOME_LABELS[appeal.outcome]}, decided <DateDisplay value={appeal.decidedOn} /> by {appeal.decidedBy ?? '-'}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {appeal.outcomeReasons}
            </Text>
          </Stack>
        ) : staff.canDecide ? (
          <AppealDecisionForm appeal={appeal} staff={staff} />
        ) : (
          <Alert color="gray" variant="light" data-testid="appeal-cannot-decide">
            {staff.cannotDecideBecause ?? (isOpen ? '' : 'Closed without a decision.')}
          </Alert>
        )}
      </Section>

      <Section title="What changed">
        {appeal.changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing yet.
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ paddingLeft: 18, margin: 0 }} data-testid="appeal-changes">
            {appeal.changes.map((change, index) => (
              <Text key={index} component="li" size="sm">
                <Text span fw={600}>
                  {APPEAL_CHANGE_LABELS[change.kind]}:
                </Text>{' '}
                {change.description}
                {change.historyId && applicationHref && (
                  <>
                    {' '}
                    <Anchor component={Link} to={applicationHref} size="sm">
                      (recorded in the {change.kind === 'award_reinstated' ? "award's" : "application's"} history)
                    </Anchor>
                  </>
                )}
              </Text>
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}
