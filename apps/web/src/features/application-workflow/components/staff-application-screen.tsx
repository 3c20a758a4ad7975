import { Alert, Badge, Button, Collapse, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { ASSESSMENT_OUTCOME_LABELS, STAGE_MESSAGES, type StaffApplicationDetails } from '@certs/shared/application/application-stage.contract';
import { stageLabelOf } from '@certs/shared/application/application-labels';
import { APPLICATION_TYPES, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { ApplicationStatusBadge } from '../../../components/ui/application-status';
import { DateDisplay } from '../../../components/ui/date-display';
import { useProgramAssessors } from '../api/find-program-assessors';
import { useAssignAssessor, useSaveAssessment, useSaveAssessorReview, useSubmitAssessment, useSubmitAssessorReview } from '../api/stage-moves';
import { AssessmentForm } from '../forms/assessment-form';
import { AssessorReviewForm } from '../forms/assessor-review-form';
import { AssignAssessorForm } from '../forms/assign-assessor-form';
import { AnswersList } from './answers-list';
import { ApplicantSummary } from './applicant-summary';
import { FileNotesPanel } from './file-notes-panel';
import { HistoryTable } from './history-table';

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const headingId = `${testId}-heading`;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Title order={2} size="h4" id={headingId} mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const done = (title: string, message: string) => notifications.show({ color: 'green', title, message });

interface StaffApplicationScreenProps {
  type: ApplicationTypePath;
  details: StaffApplicationDetails;
  onOpenAttachment: (resourceKey: string) => void;
  /** The exam schedule and results sections (features/exam-schedule), composed by the route. */
  examScheduleStage?: ReactNode;
  /** The payments section (features/payment), composed by the route. */
  paymentStage?: ReactNode;
  /** The pre-exam section: modules and the tax invoice (features/pre-exam), composed by the route. */
  preExamStage?: ReactNode;
}

/** The staff's application page: the stage to act on first, then the applicant, answers, history and file notes. */
export function StaffApplicationScreen({ type, details, onOpenAttachment, examScheduleStage, paymentStage, preExamStage }: StaffApplicationScreenProps) {
  const { application, permissions, assessor, assessorReview, assessment } = details;
  const id = application.id;
  const status = application.status;
  const isBeingAssessed = status === 'Being Assessed';
  const [isHandingOver, handover] = useDisclosure(false);
  const assessors = useProgramAssessors(application.programId, permissions.canManage && (status === 'Application Submitted' || isBeingAssessed));
  const assign = useAssignAssessor(type, id);
  const saveReview = useSaveAssessorReview(type, id);
  const submitReview = useSubmitAssessorReview(type, id);
  const saveAssessment = useSaveAssessment(type, id);
  const submitAssessment = useSubmitAssessment(type, id);
  const isReviewSubmitted = !!assessorReview?.submittedOn;

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1}>Application {application.applicationNumber}</Title>
        <Group gap="sm" wrap="wrap">
          <ApplicationStatusBadge status={status} />
          {details.workflowStage && (
            <Badge variant="outline" color="gray.7" radius="sm" tt="none">
              {stageLabelOf(details.workflowStage)}
            </Badge>
          )}
          <Badge variant="light" radius="sm" tt="none">
            {APPLICATION_TYPES[type].label}
          </Badge>
          <Text size="sm" c="dimmed">
            {application.programCode} · {application.programTitle}
          </Text>
          <Text size="sm" c="dimmed">
            Submitted <DateDisplay value={application.submittedOn} withTime />
          </Text>
        </Group>
      </Stack>

      {application.informationRequest && (
        <Alert color="yellow" variant="light" title="Back with the applicant for more information" data-testid="information-request">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {application.informationRequest.message}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            Asked <DateDisplay value={application.informationRequest.requestedOn} withTime />
          </Text>
        </Alert>
      )}

      <Section title="Assessor" testId="assessor-stage">
        <Stack gap="md">
          {assessor ? (
            <Text size="sm">
              Assessor (round {details.assessmentRound}): <strong>{assessor.name}</strong> ({assessor.email})
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              No assessor assigned yet.
            </Text>
          )}
          {status === 'Application Submitted' && permissions.canManage && (
            <AssignAssessorForm
              assessors={assessors.data ?? []}
              currentAssessorId={null}
              assessmentRound={details.assessmentRound}
              submitLabel="Assign assessor"
              onSubmit={async (request) => {
                await assign.mutateAsync(request);
                done('Assessor assigned', 'The application is being assessed; the applicant and the assessor have been mailed.');
              }}
            />
          )}
          {status === 'Application Submitted' && !permissions.canManage && (
            <Text size="sm" c="dimmed">
              An administrator or the program manager assigns the assessor.
            </Text>
          )}
          {isBeingAssessed && permissions.canManage && (
            <Stack gap="xs">
              <Group>
                <Button variant="subtle" size="compact-sm" onClick={handover.toggle} aria-expanded={isHandingOver}>
                  Hand over to another assessor
                </Button>
              </Group>
              <Collapse in={isHandingOver}>
                <AssignAssessorForm
                  assessors={assessors.data ?? []}
                  currentAssessorId={assessor?.id ?? null}
                  assessmentRound={details.assessmentRound}
                  submitLabel="Hand over"
                  onSubmit={async (request) => {
                    await assign.mutateAsync(request);
                    handover.close();
                    done('Handed over', 'A new assessment round has started with the new assessor.');
                  }}
                />
              </Collapse>
            </Stack>
          )}
          {details.assessorInstruction && (isBeingAssessed || permissions.canReview) && (
            <Alert color="blue" variant="light" title="Assessor instruction" data-testid="assessor-instruction">
              {details.assessorInstruction}
            </Alert>
          )}
          {permissions.canReview ? (
            <AssessorReviewForm
              key={`${details.assessmentRound}`}
              review={assessorReview}
              onSave={async (request) => {
                await saveReview.mutateAsync(request);
                done('Review saved', 'You can come back and submit it later.');
              }}
              onSubmit={async (request) => {
                await submitReview.mutateAsync(request);
                done('Review submitted', 'The assessment can now be decided.');
              }}
            />
          ) : (
            assessorReview && (
              <Paper withBorder radius="sm" p="md" data-testid="assessor-review">
                <Text size="sm" fw={600}>
                  {isReviewSubmitted ? 'Review submitted' : 'Review in progress'} by {reviewAuthorText(assessorReview)}
                  {assessorReview.recommendation && `: ${ASSESSMENT_OUTCOME_LABELS[assessorReview.recommendation]}`}
                </Text>
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }}>
                  {assessorReview.review || '-'}
                </Text>
                <Text size="xs" c="dimmed" mt={4}>
                  {isReviewSubmitted ? 'Submitted' : 'Saved'} <DateDisplay value={assessorReview.submittedOn ?? assessorReview.modifiedOn} withTime />
                </Text>
              </Paper>
            )
          )}
          {isBeingAssessed && !assessorReview && !permissions.canReview && (
            <Text size="sm" c="dimmed">
              Waiting for the assessor&apos;s review.
            </Text>
          )}
        </Stack>
      </Section>

      {(isBeingAssessed || assessment?.submittedOn) && (
        <Section title="Assessment" testId="assessment-stage">
          {isBeingAssessed && permissions.canManage ? (
            <AssessmentForm
              key={`${details.assessmentRound}`}
              criteria={details.criteria}
              assessment={assessment}
              submitBlockedBy={isReviewSubmitted ? null : STAGE_MESSAGES.reviewNotSubmitted}
              onSave={async (request) => {
                await saveAssessment.mutateAsync(request);
                done('Assessment saved', 'Nothing has been sent to the applicant yet.');
              }}
              onSubmit={async (request) => {
                const after = await submitAssessment.mutateAsync(request);
                done('Assessment submitted', `The application is now ${after.application.status}.`);
              }}
            />
          ) : assessment ? (
            <Stack gap="xs" data-testid="assessment-summary">
              <Text size="sm" fw={600}>
                {assessment.outcome ? ASSESSMENT_OUTCOME_LABELS[assessment.outcome] : 'Not decided yet'}
                {assessment.submittedBy && ` (${assessment.submittedBy}, `}
                {assessment.submittedOn && <DateDisplay value={assessment.submittedOn} withTime />}
                {assessment.submittedBy && ')'}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {assessment.assessmentReport || '-'}
              </Text>
              {assessment.messageToApplicant && (
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
                  To the applicant: {assessment.messageToApplicant}
                </Text>
              )}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              The program manager or an administrator decides the assessment.
            </Text>
          )}
        </Section>
      )}

      {preExamStage}
      {paymentStage}
      {examScheduleStage}

      <Section title="Applicant" testId="applicant-stage">
        <ApplicantSummary applicant={details.applicant} />
      </Section>

      <Section title="Answers and evidence" testId="answers-stage">
        <AnswersList answers={application.answers} declarationAccepted={application.declarationAccepted} onOpenAttachment={onOpenAttachment} />
      </Section>

      <Section title="History" testId="history-stage">
        <HistoryTable entries={details.history} />
      </Section>

      <Section title="File notes" testId="file-notes-stage">
        <FileNotesPanel type={type} applicationId={id} />
      </Section>
    </Stack>
  );
}

/** Names who actually wrote the review: an administrator may submit it for the assessor (issue 45 item 8). */
export function reviewAuthorText(review: { assessorName: string; savedByName: string }): string {
  return review.savedByName === review.assessorName ? review.assessorName : `${review.savedByName} for ${review.assessorName}`;
}
