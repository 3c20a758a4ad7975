import { Alert, Anchor, List, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { APPEAL_CHANGE_LABELS, APPEAL_SUBJECT_LABELS, type Appeal, type AppealStaffView } from '@certs/shared/appeal/appeal.contract';
import { OPEN_CASE_STATUSES } from '@certs/shared/case/case.contract';
import { CaseCannotDecide, CaseFact as Fact, CasePanel } from '../../../components/case/case-panel';
import { DateDisplay } from '../../../components/ui/date-display';
import { AppealDecisionForm, AppealNoteForm, AppealStatusForm, AssignHandlerForm, TakeAppealButton } from '../forms/appeal-staff-forms';

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
  const { staff } = appeal;
  const isOpen = OPEN_CASE_STATUSES.includes(appeal.status);
  return (
    <CasePanel
      kind="appeal"
      status={appeal.status}
      ageDays={appeal.ageDays}
      overdue={appeal.overdue}
      decided={appeal}
      summary={
        <>
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
        </>
      }
      handlerName={appeal.handlerName}
      handlerControls={
        <>
          {staff.cannotTakeBecause && isOpen && (
            <Alert color="gray" variant="light" data-testid="appeal-cannot-take">
              {staff.cannotTakeBecause}
            </Alert>
          )}
          {staff.canTakeIt && <TakeAppealButton appeal={appeal} userId={userId} />}
          {staff.canAssign && <AssignHandlerForm key={appeal.handlerId ?? 'none'} appeal={appeal} />}
          {isOpen && staff.canRecord && <AppealStatusForm appeal={appeal} />}
        </>
      }
      entries={appeal.entries}
      sharedLabel="Shared with the person"
      noteForm={staff.canRecord && <AppealNoteForm appealId={appeal.id} />}
      undecided={
        staff.canDecide ? (
          <AppealDecisionForm appeal={appeal} staff={staff} />
        ) : (
          <CaseCannotDecide because={staff.cannotDecideBecause ?? (isOpen ? '' : 'Closed without a decision.')} testId="appeal-cannot-decide" />
        )
      }
      changesTitle="What changed"
      changesEmptyText="Nothing yet."
      changes={appeal.changes.map((change) => (
        <>
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
        </>
      ))}
    />
  );
}
