import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SYSTEM_CHECK_PATH, type MyExamModule } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { formatAmount, type Payment } from '@certs/shared/payment/payment.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import type { NextStep } from '../model/next-step';

/** The applicant's pay page of a payment link (the payment feature's `/student/payments/{trackerId}`). */
const payPagePath = (trackerId: string) => `/student/payments/${encodeURIComponent(trackerId)}`;

/** Where an exam is sat: online in the applicant area, at a test centre, or at a venue. */
export function ExamPlace({ exam }: { exam: MyExamModule }) {
  if (exam.sitPath) {
    return (
      <>
        Online:{' '}
        <Anchor component={Link} to={exam.sitPath}>
          sit it in Examinations
        </Anchor>
        {exam.venue && ` (or at ${exam.venue})`}.{' '}
        <Anchor component={Link} to={SYSTEM_CHECK_PATH}>
          Run the system check
        </Anchor>{' '}
        and try a practice exam there beforehand to check your computer and connection.
      </>
    );
  }
  if (exam.testCentre) return <>Test centre: {`${exam.testCentre.name}, ${exam.testCentre.address}`}</>;
  return <>Venue: {exam.venue ?? 'to be confirmed'}</>;
}

/** The payment's amount and last day, with Pay as the main action. */
export function PayAction({ payment }: { payment: Payment }) {
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <Button component={Link} to={payPagePath(payment.trackerId)}>
        Pay invoice {payment.invoiceNumber}
      </Button>
      <Text size="sm">
        {formatAmount(payment.amountCents, payment.currency)} {payment.currency}, pay by <DateDisplay value={payment.expiresOn} withTime />
        {payment.status === 'Failed' && '. The last attempt did not go through: try again.'}
      </Text>
    </Group>
  );
}

/** One exam's date and time (in the applicant's zone), length and place. */
export function ExamWhenWhere({ exam }: { exam: MyExamModule }) {
  return (
    <Stack gap={2}>
      <Text size="sm">
        <DateDisplay value={exam.scheduledAt} withTime /> · {exam.durationMinutes} minutes
      </Text>
      <Text size="sm">
        <ExamPlace exam={exam} />
      </Text>
      {exam.whatToBring && (
        <Text size="sm" c="dimmed">
          What to bring: {exam.whatToBring}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The text of a next step and what the applicant can do about it. `withAction` false keeps to the
 * text, where the payment or exam is listed in a section of its own (the home page).
 */
export function NextStepDetails({ step, withAction = true }: { step: NextStep; withAction?: boolean }) {
  return (
    <Stack gap="xs" data-testid="next-step" data-kind={step.kind}>
      <Text size="sm">{step.text}</Text>
      {withAction && step.kind === 'pay' && <PayAction payment={step.payment} />}
      {withAction && step.kind === 'sitExam' && <ExamWhenWhere exam={step.exam} />}
      {step.kind === 'awarded' && step.award?.expiresOn && (
        <Text size="sm">
          Certificate {step.award.certificateNumber} expires <DateDisplay value={step.award.expiresOn} />.
        </Text>
      )}
    </Stack>
  );
}
