import { Alert, Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CASE_OUTCOME_LABELS, OPEN_CASE_STATUSES, type CaseEntryKind } from '@certs/shared/case/case.contract';
import { COMPLAINANT_KIND_LABELS, COMPLAINT_ABOUT_LABELS, type ComplaintDetails, type ComplaintFilters } from '@certs/shared/complaint/complaint.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { useDateFormatter } from '../../../lib/dates';
import { ComplaintChangeForm, ComplaintDecisionForm, ComplaintHandlerForm, ComplaintNoteForm, ComplaintStatusForm, ComplaintSubjectForm } from '../forms/complaint-staff-forms';
import { ComplaintStatusBadge } from './complaint-status-badge';

const ENTRY_KIND_LABELS: Record<CaseEntryKind, string> = { note: 'Note', status: 'Status', handler: 'Handler', outcome: 'Outcome', mail: 'Mail' };

function Fact({ label, children }: { label: string; children: ReactNode }) {
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

/**
 * One complaint for staff (issue 43): who sent it and what they said, what it is about as staff
 * established it, the handler, the investigation's record (with what was shared), the outcome
 * and the actions taken because of it.
 */
export function ComplaintStaffPanel({ complaint, filters }: { complaint: ComplaintDetails; filters: ComplaintFilters | undefined }) {
  const dates = useDateFormatter();
  const isOpen = OPEN_CASE_STATUSES.includes(complaint.status);
  return (
    <Stack gap="lg" data-testid="complaint-staff-panel">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <ComplaintStatusBadge status={complaint.status} />
            {complaint.outcome && <Badge variant="light">{CASE_OUTCOME_LABELS[complaint.outcome]}</Badge>}
            {complaint.overdue && (
              <Badge color="red" variant="filled" data-testid="complaint-overdue">
                Overdue
              </Badge>
            )}
            <Text size="sm" c="dimmed">
              {complaint.ageDays} {complaint.ageDays === 1 ? 'day' : 'days'} since received
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Fact label="From">
              {complaint.complainantName} ({COMPLAINANT_KIND_LABELS[complaint.complainantKind]}
              {complaint.complainantCompany ? `, ${complaint.complainantCompany}` : ''})
              <br />
              <Anchor href={`mailto:${complaint.complainantEmail}`} size="sm">
                {complaint.complainantEmail}
              </Anchor>
            </Fact>
            <Fact label="Program">{complaint.program ? `${complaint.program.programCode} ${complaint.program.programTitle}` : '-'}</Fact>
            <Fact label="About">
              {COMPLAINT_ABOUT_LABELS[complaint.about]}
              {complaint.aboutText ? `: ${complaint.aboutText}` : ''}
            </Fact>
            <Fact label="Received">
              <DateDisplay value={complaint.receivedOn} withTime />
            </Fact>
            <Fact label="Acknowledged">
              <DateDisplay value={complaint.acknowledgedOn} /> (due <DateDisplay value={complaint.acknowledgeBy} />)
            </Fact>
            <Fact label="Decision due by">
              <DateDisplay value={complaint.decideBy} />
            </Fact>
          </SimpleGrid>
          <Fact label="The complaint">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {complaint.details}
            </Text>
          </Fact>
        </Stack>
      </Paper>

      <Section title="Subject">
        <Stack gap="md">
          <Text size="sm" data-testid="complaint-subject">
            {[complaint.subject.userName && `Person: ${complaint.subject.userName}`, complaint.subject.certificateNumber && `Certificate: ${complaint.subject.certificateNumber}`, complaint.subject.venueTitle && `Venue: ${complaint.subject.venueTitle}`]
              .filter(Boolean)
              .join(' · ') || 'Not linked to a person, certificate or venue yet.'}
          </Text>
          <Text size="xs" c="dimmed">
            The complainant never sees what staff link the complaint to: only their own words.
          </Text>
          <ComplaintSubjectForm key={`${complaint.subject.userId}-${complaint.subject.venueId}-${complaint.subject.certificateNumber}`} complaint={complaint} filters={filters} />
        </Stack>
      </Section>

      <Section title="Handler">
        <Stack gap="md">
          <Text size="sm" data-testid="complaint-handler">
            {complaint.handler ? complaint.handler.name : 'Not assigned'}
          </Text>
          {isOpen && <ComplaintHandlerForm key={complaint.handler?.id ?? 'none'} complaint={complaint} />}
          {isOpen && <ComplaintStatusForm complaint={complaint} />}
        </Stack>
      </Section>

      <Section title="Investigation">
        <Stack gap="md">
          {complaint.entries.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing recorded yet.
            </Text>
          ) : (
            <Timeline bulletSize={14} lineWidth={2} data-testid="complaint-entries">
              {complaint.entries.map((entry) => (
                <Timeline.Item
                  key={entry.id}
                  title={
                    <Group gap="xs">
                      <Text size="sm" fw={600}>
                        {ENTRY_KIND_LABELS[entry.kind]}
                      </Text>
                      {entry.sharedWithPerson && (
                        <Badge size="sm" variant="dot" color="teal" tt="none">
                          Shared with the complainant
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
          <ComplaintNoteForm complaintId={complaint.id} />
        </Stack>
      </Section>

      <Section title="Outcome">
        {complaint.outcome ? (
          <Stack gap="xs" data-testid="complaint-outcome">
            <Text size="sm" fw={600}>
              {CASE_OUTCOME_LABELS[complaint.outcome]}, decided <DateDisplay value={complaint.decidedOn} /> by {complaint.decidedBy ?? '-'}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {complaint.outcomeReasons}
            </Text>
          </Stack>
        ) : complaint.cannotDecideBecause ? (
          <Alert color="gray" variant="light">
            {complaint.cannotDecideBecause}
          </Alert>
        ) : (
          <ComplaintDecisionForm complaintId={complaint.id} />
        )}
      </Section>

      <Section title="Actions taken">
        <Stack gap="md">
          {complaint.changes.length === 0 ? (
            <Text size="sm" c="dimmed">
              None recorded.
            </Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ paddingLeft: 18, margin: 0 }}>
              {complaint.changes.map((change, index) => (
                <Text key={index} component="li" size="sm">
                  {change.description}
                  {change.certificateNumber && (
                    <Text span size="sm" c="dimmed">
                      {' '}
                      (certificate {change.certificateNumber}
                      {change.historyAction ? `: ${change.historyAction} on ${dates.date(change.historyOn)}` : ''})
                    </Text>
                  )}
                </Text>
              ))}
            </Stack>
          )}
          <ComplaintChangeForm complaintId={complaint.id} />
        </Stack>
      </Section>
    </Stack>
  );
}
