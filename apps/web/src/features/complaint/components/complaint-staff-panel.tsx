import { Anchor, SimpleGrid, Stack, Text } from '@mantine/core';
import { OPEN_CASE_STATUSES } from '@certs/shared/case/case.contract';
import { COMPLAINANT_KIND_LABELS, COMPLAINT_ABOUT_LABELS, type ComplaintDetails, type ComplaintFilters } from '@certs/shared/complaint/complaint.contract';
import { CaseCannotDecide, CaseFact as Fact, CasePanel, CaseSection } from '../../../components/case/case-panel';
import { DateDisplay } from '../../../components/ui/date-display';
import { useDateFormatter } from '../../../lib/dates';
import { ComplaintChangeForm, ComplaintDecisionForm, ComplaintHandlerForm, ComplaintNoteForm, ComplaintStatusForm, ComplaintSubjectForm } from '../forms/complaint-staff-forms';

/**
 * One complaint for staff (issue 43): who sent it and what they said, what it is about as staff
 * established it, the handler, the investigation's record (with what was shared), the outcome
 * and the actions taken because of it.
 */
export function ComplaintStaffPanel({ complaint, filters }: { complaint: ComplaintDetails; filters: ComplaintFilters | undefined }) {
  const dates = useDateFormatter();
  const isOpen = OPEN_CASE_STATUSES.includes(complaint.status);
  return (
    <CasePanel
      kind="complaint"
      status={complaint.status}
      ageDays={complaint.ageDays}
      overdue={complaint.overdue}
      decided={complaint}
      summary={
        <>
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
        </>
      }
      before={
        <CaseSection title="Subject">
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
        </CaseSection>
      }
      handlerName={complaint.handler?.name ?? null}
      handlerControls={
        isOpen && (
          <>
            <ComplaintHandlerForm key={complaint.handler?.id ?? 'none'} complaint={complaint} />
            <ComplaintStatusForm complaint={complaint} />
          </>
        )
      }
      entries={complaint.entries}
      sharedLabel="Shared with the complainant"
      noteForm={<ComplaintNoteForm complaintId={complaint.id} />}
      undecided={complaint.cannotDecideBecause ? <CaseCannotDecide because={complaint.cannotDecideBecause} /> : <ComplaintDecisionForm complaintId={complaint.id} />}
      changesTitle="Actions taken"
      changesEmptyText="None recorded."
      changes={complaint.changes.map((change) => (
        <>
          {change.description}
          {change.certificateNumber && (
            <Text span size="sm" c="dimmed">
              {' '}
              (certificate {change.certificateNumber}
              {change.historyAction ? `: ${change.historyAction} on ${dates.date(change.historyOn)}` : ''})
            </Text>
          )}
        </>
      ))}
      changesForm={<ComplaintChangeForm complaintId={complaint.id} />}
    />
  );
}
