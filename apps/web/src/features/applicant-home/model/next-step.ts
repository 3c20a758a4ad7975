import type { ApplicationStatus, ApplicationTypePath } from '@certs/shared/application/application-status';
import type { AwardRow } from '@certs/shared/award/award.contract';
import type { MyExamModule, MyExaminations } from '@certs/shared/exam-schedule/exam-schedule.contract';
import type { Payment } from '@certs/shared/payment/payment.contract';
import { sittingEndsAt } from '@certs/shared/exam-schedule/sitting-time';

/** A payment link still open (or failed, to try again) and not past its date. */
function isPaymentOpen(payment: Pick<Payment, 'status' | 'expiresOn'>, now: number): boolean {
  return (payment.status === 'Requested' || payment.status === 'Pending' || payment.status === 'Failed') && new Date(payment.expiresOn).getTime() > now;
}

/** A payment link the applicant can still use; an invoice issued to their employer, which pays it (issue 42), is never theirs to pay. */
export function isPaymentDue(payment: Pick<Payment, 'status' | 'expiresOn' | 'paidByCompany'>, now: number): boolean {
  return !payment.paidByCompany && isPaymentOpen(payment, now);
}

/** An exam not yet over (the end of its sitting is still ahead). */
export function isUpcomingExam(module: Pick<MyExamModule, 'scheduledAt' | 'durationMinutes'>, now: number): boolean {
  return sittingEndsAt(module).getTime() > now;
}

export interface NextStepInput {
  type: ApplicationTypePath;
  status: ApplicationStatus;
  payments: readonly Payment[];
  examinations: MyExaminations | null;
  awards: readonly AwardRow[];
  now: number;
}

/**
 * What the application waits for, in the applicant's words. `kind` says who acts: the applicant
 * (pay, sit, finish the draft), or staff (nothing to do but wait), or nobody (done).
 */
export type NextStep =
  | { kind: 'finishDraft'; text: string }
  | { kind: 'pay'; text: string; payment: Payment }
  | { kind: 'sitExam'; text: string; exam: MyExamModule }
  | { kind: 'wait'; text: string }
  | { kind: 'awarded'; text: string; award: AwardRow | null }
  | { kind: 'result'; text: string };

const HAS_MODULE_EXAMS: readonly ApplicationTypePath[] = ['qualificationapplication', 'aicipapplication'];

/** What an invoice's payment leads to. A revalidation's fee is paid after staff approved it: the payment itself extends the qualification. */
function afterPayment(type: ApplicationTypePath, status: ApplicationStatus, byCompany: boolean): string {
  if (status === 'Applied for Revalidation') return 'Once it is paid, your revalidation takes effect: the qualification is valid for 2 more years.';
  if (HAS_MODULE_EXAMS.includes(type)) return byCompany ? 'Once it is paid, staff schedule your examinations.' : 'Once it is paid, staff schedule your examinations and mail you the dates.';
  return 'Once it is paid, staff complete your application.';
}

/** The one next step of an application: a payment due comes first, then an exam ahead, then the status. */
export function nextStepOf({ type, status, payments, examinations, awards, now }: NextStepInput): NextStep {
  if (status === 'Application Started') {
    return { kind: 'finishDraft', text: 'Your application is a draft. Finish it and submit it; staff see it only once it is submitted.' };
  }
  const due = [...payments].filter((payment) => isPaymentDue(payment, now)).sort((a, b) => a.expiresOn.localeCompare(b.expiresOn))[0];
  if (due) {
    return { kind: 'pay', text: `Waiting for your payment of invoice ${due.invoiceNumber}. ${afterPayment(type, status, false)}`, payment: due };
  }
  const companyPays = payments.find((payment) => payment.paidByCompany && isPaymentOpen(payment, now));
  if (companyPays) {
    return { kind: 'wait', text: `Invoice ${companyPays.invoiceNumber} was issued to ${companyPays.paidByCompany}, which pays it: there is nothing for you to pay. ${afterPayment(type, status, true)}` };
  }
  const upcoming = (examinations?.modules ?? []).filter((module) => isUpcomingExam(module, now)).sort((a, b) => a.scheduledAt.localeCompare(b.scheduledAt))[0];
  if (upcoming && (status === 'Examinations Stage' || status === 'Applied for re-sit')) {
    return { kind: 'sitExam', text: `Your next examination: ${upcoming.moduleCode} ${upcoming.moduleTitle}.`, exam: upcoming };
  }
  const award = awards[0] ?? null;
  switch (status) {
    case 'Application Submitted':
      return { kind: 'wait', text: 'Submitted. Staff will assign an assessor; we will mail you if they need more information.' };
    case 'Being Assessed':
      return { kind: 'wait', text: 'An assessor is reviewing your application. We will mail you the outcome, or a request for more information.' };
    case 'Assessment Completed':
      return { kind: 'wait', text: 'Your application was accepted. Staff are preparing your invoice; we will mail it to you with a link to pay.' };
    case 'Examinations Stage':
    case 'Applied for re-sit': {
      if ((examinations?.beingRescheduled.length ?? 0) > 0) return { kind: 'wait', text: 'An examination is being rescheduled. We will mail you the new date and time.' };
      if ((examinations?.modules.length ?? 0) > 0) return { kind: 'wait', text: 'Your examinations are over. Staff are marking them; we will mail you the result.' };
      if (!HAS_MODULE_EXAMS.includes(type)) return { kind: 'wait', text: 'Payment received. Staff are deciding the result; we will mail it to you.' };
      return { kind: 'wait', text: 'Payment received. Staff are scheduling your examinations; we will mail you the dates, times and places.' };
    }
    case 'Awarded':
      return {
        kind: 'awarded',
        text: award ? `Awarded. Your certificate ${award.certificateNumber} is ready to download below.` : 'Awarded. Your certificate will be ready to download here shortly.',
        award,
      };
    case 'Awarded OnHold':
      return { kind: 'awarded', text: 'Your award is on hold: the certificate is not valid while it is. Staff will mail you when it changes.', award };
    case 'Failed':
      return { kind: 'result', text: 'The result is recorded: not awarded. Where the program allows it, you can ask for a review or a re-sit below.' };
    case 'Applied for review':
      return { kind: 'wait', text: 'You asked for a review of the result. Staff will mail you their decision.' };
    case 'Applied for Renewal':
      return { kind: 'wait', text: 'You applied to renew the certification. Staff will mail you their decision.' };
    case 'Applied for Revalidation':
      return { kind: 'wait', text: 'You applied for revalidation. Staff will mail you their decision.' };
    case 'Award Cancelled':
      return { kind: 'result', text: 'The award was cancelled: the certificate is no longer valid.' };
    case 'Award Withdrawn':
      return { kind: 'result', text: 'The award was withdrawn (or has expired): the certificate is no longer valid.' };
  }
}

/** Statuses whose application is finished: results and awards show them, not "in progress". */
export const FINISHED_STATUSES: readonly ApplicationStatus[] = ['Awarded', 'Awarded OnHold', 'Failed', 'Award Cancelled', 'Award Withdrawn'];
