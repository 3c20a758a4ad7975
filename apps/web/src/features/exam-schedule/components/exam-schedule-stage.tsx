import { Alert, Badge, Button, Center, Group, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import type { ApplicationStatus, ApplicationTypePath } from '@certs/shared/application/application-status';
import { WORKFLOW_STAGES, type WorkflowStage } from '@certs/shared/application/application-workflow';
import { formatDateTimeWithZone } from '@certs/shared/common/dates';
import { moduleTypeOf, type ExamSchedule, type ResultStageRequest } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { zoneLabel } from '@certs/shared/exam-schedule/exam-schedule-time';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DateDisplay } from '../../../components/ui/date-display';
import { errorMessageOf } from '../../../lib/api-client';
import { useRecordOverallResult, useSaveResults, useSaveSchedule, useSendSchedule } from '../api/exam-schedule-moves';
import { useExamSchedule } from '../api/find-exam-schedule';
import { OverallResultForm } from '../forms/overall-result-form';
import { ResultsForm } from '../forms/results-form';
import { ScheduleForm } from '../forms/schedule-form';
import { ScheduleSummary } from './schedule-summary';
import type { LaterAttempt } from '../model/module-sittings';

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

const stageIndex = (stage: WorkflowStage | null) => (stage ? WORKFLOW_STAGES.indexOf(stage) : -1);
const done = (title: string, message: string) => notifications.show({ color: 'green', title, message });

interface ExamScheduleStageProps {
  type: ApplicationTypePath;
  applicationId: string;
  status: ApplicationStatus;
  workflowStage: WorkflowStage | null;
  /** Reload the page around this one (stage, status, history) after a move. */
  onMoved?: () => unknown;
  onOpenAttachment: (resourceKey: string) => void;
  /** Re-sits with a recorded result (the resit feature reads them): the results list a re-sat module's latest sitting first (issue 45 item 5). */
  laterAttempts?: readonly LaterAttempt[];
}

/**
 * The staff's exam schedule and results sections of an application (issue 6): shown once the
 * payment is complete. Managers schedule, send, enter results and record the overall result; a
 * module's examiner enters that module's result; other staff read.
 */
export function ExamScheduleStage({ type, applicationId, status, workflowStage, onMoved, onOpenAttachment, laterAttempts }: ExamScheduleStageProps) {
  const hasModules = moduleTypeOf(type) !== null;
  const isOpen = stageIndex(workflowStage) >= stageIndex('Payment Stage Completed');
  const schedule = useExamSchedule(type, applicationId, isOpen);
  const save = useSaveSchedule(type, applicationId, onMoved);
  const send = useSendSchedule(type, applicationId, onMoved);
  const saveResults = useSaveResults(type, applicationId, onMoved);
  const record = useRecordOverallResult(type, applicationId, onMoved);
  const [isConfirmingSend, setIsConfirmingSend] = useState(false);

  if (!isOpen) return null;
  if (schedule.isPending) {
    return (
      <Section title="Exam schedule" testId="exam-schedule-stage">
        <Center py="md">
          <Loader size="sm" aria-label="Loading the exam schedule" />
        </Center>
      </Section>
    );
  }
  if (schedule.error || !schedule.data) {
    return (
      <Section title="Exam schedule" testId="exam-schedule-stage">
        <Alert color="red" variant="light" title="The exam schedule could not be loaded">
          {errorMessageOf(schedule.error)}
        </Alert>
      </Section>
    );
  }
  const data: ExamSchedule = schedule.data;
  const recordResult = async (request: ResultStageRequest) => {
    const after = await record.mutateAsync(request);
    done('Overall result recorded', `The application is now ${after.status}; the candidate has been mailed.`);
  };
  if (!hasModules) {
    // Certification: no modules to schedule; once paid, the result is decided on the assessment.
    return (
      <Section title="Result" testId="exam-results-stage">
        <OverallResult data={data} status={status} onRecord={recordResult} />
      </Section>
    );
  }
  const { permissions } = data;
  const zone = data.candidate.timeZone;
  const isSentStage = stageIndex(data.workflowStage) >= stageIndex('Exam Modules Sent');
  const formKey = data.modules.map((m) => `${m.id}:${m.scheduledAt}:${m.scheduleSentOn}:${m.result}`).join('|');

  return (
    <>
      <Section title="Exam schedule" testId="exam-schedule-stage">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {data.candidate.name} reads times in {zoneLabel(zone)} time. Enter each module&apos;s date and time in the zone chosen beside it.
          </Text>
          {data.modules.length === 0 && <Text size="sm">No modules were chosen for this candidate at the pre-exam stage.</Text>}
          {permissions.canSchedule && data.choices ? (
            <ScheduleForm
              key={formKey}
              modules={data.modules}
              choices={data.choices}
              candidateTimeZone={zone}
              onSave={async (request) => {
                const after = await save.mutateAsync(request);
                done('Schedule saved', after.permissions.canSend ? 'Send it to the candidate when it is ready.' : 'Saved. Complete every module to send it.');
              }}
            />
          ) : (
            data.modules.length > 0 && <ScheduleSummary modules={data.modules} candidateTimeZone={zone} />
          )}
          {permissions.canSend && (
            <Group>
              <Button onClick={() => setIsConfirmingSend(true)}>Send to candidate</Button>
              <Text size="sm" c="dimmed">
                {isSentStage ? 'A change has not been sent yet.' : 'Every module is scheduled.'}
              </Text>
            </Group>
          )}
        </Stack>
        <ConfirmDialog
          opened={isConfirmingSend}
          title="Send the exam schedule to the candidate?"
          confirmLabel="Send schedule"
          failureTitle="The schedule was not sent"
          onConfirm={async () => {
            await send.mutateAsync();
            done('Schedule sent', `${data.candidate.name} has been mailed the schedule.`);
          }}
          onClose={() => setIsConfirmingSend(false)}
        >
          <Text size="sm">
            {data.candidate.name} is mailed {isSentStage ? 'the changed schedule' : 'the schedule'} in {zoneLabel(zone)} time:
          </Text>
          <List size="sm" spacing={4}>
            {data.modules
              .filter((m) => !m.result)
              .map((m) => (
                <List.Item key={m.id}>
                  {m.moduleCode}: {m.examKind} on {formatDateTimeWithZone(m.scheduledAt, zone)}
                  {!m.scheduleSentOn && isSentStage ? ' (changed)' : ''}
                </List.Item>
              ))}
          </List>
        </ConfirmDialog>
      </Section>

      {isSentStage && (
        <Section title="Results" testId="exam-results-stage">
          <Stack gap="lg">
            <ResultsForm
              key={formKey}
              modules={data.modules}
              onOpenAttachment={onOpenAttachment}
              laterAttempts={laterAttempts}
              onSave={async (request) => {
                const after = await saveResults.mutateAsync(request);
                done('Results saved', after.workflowStage === 'Exam Modules Evaluation Completed' ? 'Every module has a result: the overall result can be recorded.' : 'Saved.');
              }}
            />
            <OverallResult data={data} status={status} onRecord={recordResult} />
          </Stack>
        </Section>
      )}
    </>
  );
}

/** The overall result: recorded (badge and date), the form for who may record it, or what it waits for. */
function OverallResult({ data, status, onRecord }: { data: ExamSchedule; status: ApplicationStatus; onRecord: (request: ResultStageRequest) => Promise<void> }) {
  const { permissions } = data;
  return (
    <Stack gap="xs" data-testid="overall-result">
      <Title order={3} size="h5">
        Overall result
      </Title>
      {data.overallResult ? (
        <Group gap="sm">
          <Badge color={data.overallResult === 'Awarded' ? 'green' : 'red'} variant="dot" radius="sm" tt="none" size="lg">
            {data.overallResult}
          </Badge>
          <Text size="sm" c="dimmed">
            Recorded <DateDisplay value={data.resultRecordedOn} withTime />
          </Text>
        </Group>
      ) : permissions.canRecordResult ? (
        <OverallResultForm modules={data.modules} awardDateRange={data.awardDateRange} onRecord={onRecord} />
      ) : (
        <Text size="sm" c="dimmed">
          {status === 'Examinations Stage' && !permissions.canRecordResult && data.modules.length > 0 && data.workflowStage !== 'Exam Modules Evaluation Completed'
            ? 'Recorded once every module has a result.'
            : 'An administrator or the program manager records the overall result.'}
        </Text>
      )}
    </Stack>
  );
}
