import { Alert, Anchor, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { applicationTypeOfProgram, type ApplicationStatus } from '@certs/shared/application/application-status';
import type { ApplicationPage } from '@certs/shared/application/application.contract';
import type { MyExamModule } from '@certs/shared/exam-schedule/exam-schedule.contract';
import type { Payment } from '@certs/shared/payment/payment.contract';
import { awardStatusOfApplication } from '@certs/shared/award/award-status';
import { OverallResultBadge } from '../../../components/ui/application-status';
import { DateDisplay } from '../../../components/ui/date-display';
import { ProgramCode } from '../../../components/ui/program-code';
import { errorMessageOf } from '../../../lib/api-client';
import { useAllMyApplications, useAllMyAwards } from '../api/find-my-applications';
import { useNextStepData, type ApplicationRef } from '../api/next-step-data';
import { FINISHED_STATUSES, isPaymentDue, nextStepOf, upcomingSittingsOf } from '../model/next-step';
import { ExamWhenWhere, NextStepDetails, PayAction } from './next-step-details';

type ApplicationRow = ApplicationPage['rows'][number];

interface ApplicantNextStepsProps {
  /** The applicant's page of one application. */
  applicationHref: (row: ApplicationRow) => string;
  /** An application's status, as the application feature shows it. */
  statusBadge: (status: ApplicationStatus) => ReactNode;
  /** The "Your awards" summary, placed as the last part. */
  awards: ReactNode;
}

function Section({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId: string }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={id} data-testid={testId}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * The applicant's home (issue 21 item 7): applications in progress with what each waits for,
 * invoices to pay, exams coming up, results, and awards with their expiry.
 */
export function ApplicantNextSteps({ applicationHref, statusBadge, awards }: ApplicantNextStepsProps) {
  const applications = useAllMyApplications();
  const rows = applications.data?.rows ?? [];
  const refs: (ApplicationRef & { row: ApplicationRow })[] = rows.flatMap((row) => {
    const type = applicationTypeOfProgram(row.programType);
    return type ? [{ id: row.id, type, status: row.status, row }] : [];
  });
  const data = useNextStepData(refs);
  const myAwards = useAllMyAwards();
  // The moment the page opened: what is due is judged against it, not re-read on every render.
  const [now] = useState(() => Date.now());

  if (applications.isPending) return <Loader aria-label="Loading your next steps" />;
  if (applications.error) {
    return (
      <Alert color="red" variant="light" title="Your applications could not be loaded">
        {errorMessageOf(applications.error)}
      </Alert>
    );
  }

  const entries = refs.map((ref, index) => ({ ...ref, data: data[index]! }));
  const inProgress = entries.filter((entry) => !FINISHED_STATUSES.includes(entry.status));
  const toPay: { payment: Payment; row: ApplicationRow }[] = entries.flatMap((entry) =>
    entry.data.payments.filter((payment) => isPaymentDue(payment, now)).map((payment) => ({ payment, row: entry.row })),
  );
  const exams: { exam: MyExamModule; isResit: boolean; row: ApplicationRow }[] = entries
    .flatMap((entry) => upcomingSittingsOf(entry.data.examinations, entry.data.resits, now).map((sitting) => ({ ...sitting, row: entry.row })))
    .sort((a, b) => a.exam.scheduledAt.localeCompare(b.exam.scheduledAt));
  // What each award is now (on hold, expired): the application's own status where its award is not listed.
  const awardStatusOf = (row: ApplicationRow) => myAwards.data?.rows.find((award) => award.applicationId === row.id)?.status ?? awardStatusOfApplication(row.status);
  const results = entries.flatMap((entry) => (entry.data.examinations?.result ? [{ result: entry.data.examinations.result, row: entry.row }] : []));
  const link = (row: ApplicationRow) => (
    <Anchor component={Link} to={applicationHref(row)} fw={600}>
      {row.applicationNumber}
    </Anchor>
  );

  return (
    <Stack gap="lg" data-testid="applicant-next-steps">
      <Section id="in-progress-heading" title="Applications in progress" testId="applications-in-progress">
        {inProgress.length === 0 ? (
          <Text size="sm" c="dimmed">
            No application in progress. Choose a program below to apply.
          </Text>
        ) : (
          <Stack gap="md">
            {inProgress.map((entry) => (
              <Stack key={entry.id} gap={4} data-testid={`in-progress-${entry.row.applicationNumber}`}>
                <Group gap="sm" wrap="wrap">
                  {link(entry.row)}
                  <Text size="sm">
                    <ProgramCode code={entry.row.programCode} /> {entry.row.programTitle}
                  </Text>
                  {statusBadge(entry.status)}
                </Group>
                {entry.data.error ? (
                  <Text size="sm" c="red.8">
                    {errorMessageOf(entry.data.error)}
                  </Text>
                ) : entry.data.isPending ? (
                  <Loader size="xs" aria-label={`Loading what ${entry.row.applicationNumber} waits for`} />
                ) : (
                  <NextStepDetails
                    withAction={false}
                    step={nextStepOf({
                      type: entry.type,
                      status: entry.status,
                      payments: entry.data.payments,
                      examinations: entry.data.examinations,
                      resits: entry.data.resits,
                      // Finished applications (with their awards) are not listed here.
                      awards: [],
                      now,
                    })}
                  />
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </Section>

      {toPay.length > 0 && (
        <Section id="to-pay-heading" title="Invoices to pay" testId="invoices-to-pay">
          <Stack gap="sm">
            {toPay.map(({ payment, row }) => (
              <Stack key={payment.id} gap={4}>
                <Text size="sm">For {link(row)}</Text>
                <PayAction payment={payment} />
              </Stack>
            ))}
          </Stack>
        </Section>
      )}

      {exams.length > 0 && (
        <Section id="exams-heading" title="Exams coming up" testId="exams-coming-up">
          <Stack gap="md">
            {exams.map(({ exam, isResit, row }) => (
              <Stack key={exam.id} gap={2}>
                <Group gap="xs" wrap="wrap">
                  <Text size="sm" fw={600}>
                    {isResit ? 'Re-sit: ' : ''}
                    {exam.moduleCode} · {exam.moduleTitle}
                  </Text>
                  <Badge variant="light" radius="sm" tt="none">
                    {exam.examKind}
                  </Badge>
                  <Text size="sm">for {link(row)}</Text>
                </Group>
                <ExamWhenWhere exam={exam} />
              </Stack>
            ))}
          </Stack>
        </Section>
      )}

      {results.length > 0 && (
        <Section id="results-heading" title="Results" testId="results">
          <Stack gap="xs">
            {results.map(({ result, row }) => (
              <Group key={row.id} gap="xs" wrap="wrap">
                {link(row)}
                <OverallResultBadge overallResult={result.overallResult} awardStatus={awardStatusOf(row)} />
                <Text size="sm" c="dimmed">
                  recorded <DateDisplay value={result.resultRecordedOn} />
                </Text>
              </Group>
            ))}
          </Stack>
        </Section>
      )}

      {awards}
    </Stack>
  );
}
