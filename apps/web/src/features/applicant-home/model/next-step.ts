import type { ApplicationStatus, ApplicationTypePath } from '@certs/shared/application/application-status';
import { formatDate } from '@certs/shared/common/dates';
import type { AwardRow } from '@certs/shared/award/award.contract';
import { SIT_EXAM_PATH, WHAT_TO_BRING, type MyExamModule, type MyExaminations } from '@certs/shared/exam-schedule/exam-schedule.contract';
import type { Payment } from '@certs/shared/payment/payment.contract';
import type { ResitModule } from '@certs/shared/resit/resit.contract';
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
  /** The application's re-sits (read while it is Applied for re-sit); none otherwise. */
  resits?: readonly ResitModule[];
  now: number;
}

/** A sitting still to come: a module's first sitting, or a re-sit's (issue 45 item 3). */
export interface UpcomingSitting {
  exam: MyExamModule;
  isResit: boolean;
}

/** A sent re-sit as the exam its applicant sits: its own date, duration and place. */
function sittingOfResit(resit: ResitModule): MyExamModule | null {
  if (!resit.scheduleSentOn || !resit.scheduledAt || !resit.examKind || resit.durationMinutes === null) return null;
  return {
    id: resit.id,
    moduleCode: resit.moduleCode,
    moduleTitle: resit.moduleTitle,
    examKind: resit.examKind,
    scheduledAt: resit.scheduledAt,
    durationMinutes: resit.durationMinutes,
    venue: resit.venue?.name ?? null,
    testCentre: resit.testCentre,
    sitPath: resit.examKind === 'Online' ? SIT_EXAM_PATH : null,
    whatToBring: resit.whatToBring ?? WHAT_TO_BRING[resit.examKind],
    note: resit.scheduleNote,
  };
}

/**
 * The sittings still ahead, soonest first. Once the overall result is recorded the first sittings
 * are over, however long their window was; a re-sit counts until it has been sat and assessed.
 */
export function upcomingSittingsOf(examinations: MyExaminations | null, resits: readonly ResitModule[], now: number): UpcomingSitting[] {
  const first = examinations?.result ? [] : (examinations?.modules ?? []).map((exam) => ({ exam, isResit: false }));
  const again = resits.flatMap((resit) => {
    const exam = resit.stage === 'Resit Examination' ? sittingOfResit(resit) : null;
    return exam ? [{ exam, isResit: true }] : [];
  });
  return [...first, ...again].filter(({ exam }) => isUpcomingExam(exam, now)).sort((a, b) => a.exam.scheduledAt.localeCompare(b.exam.scheduledAt));
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

/** The reason staff gave for the award's state, as a sentence to add; nothing when none was given. */
function reasonOf(award: AwardRow | null): string {
  return award?.statusReason ? ` Reason: ${award.statusReason.replace(/\.?\s*$/, '.')}` : '';
}

const HAS_MODULE_EXAMS: readonly ApplicationTypePath[] = ['qualificationapplication', 'aicipapplication'];

/** What an invoice's payment leads to. A revalidation's fee is paid after staff approved it: the payment itself extends the qualification. */
function afterPayment(type: ApplicationTypePath, status: ApplicationStatus, byCompany: boolean): string {
  if (status === 'Applied for Revalidation') return 'Once it is paid, your revalidation takes effect: the qualification is valid for 2 more years.';
  if (HAS_MODULE_EXAMS.includes(type)) return byCompany ? 'Once it is paid, staff schedule your examinations.' : 'Once it is paid, staff schedule your examinations and mail you the dates.';
  return 'Once it is paid, staff complete your application.';
}

/** The one next step of an application: a payment due comes first, then an exam ahead, then the status. */
export function nextStepOf({ type, status, payments, examinations, awards, resits = [], now }: NextStepInput): NextStep {
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
  const upcoming = upcomingSittingsOf(examinations, resits, now)[0];
  if (upcoming && (status === 'Examinations Stage' || status === 'Applied for re-sit')) {
    const { exam, isResit } = upcoming;
    return { kind: 'sitExam', text: `Your next examination: ${isResit ? 'the re-sit of ' : ''}${exam.moduleCode} ${exam.moduleTitle}.`, exam };
  }
  const award = awards[0] ?? null;
  switch (status) {
    case 'Application Submitted':
      return { kind: 'wait', text: 'Submitted. Staff will assign an assessor; we will mail you if they need more information.' };
    case 'Being Assessed':
      return { kind: 'wait', text: 'An assessor is reviewing your application. We will mail you the outcome, or a request for more information.' };
    case 'Assessment Completed':
      return { kind: 'wait', text: 'Your application was accepted. Staff are preparing your invoice; we will mail it to you with a link to pay.' };
    case 'Applied for re-sit': {
      const open = resits.find((resit) => resit.stage !== 'Resit Result');
      if (open?.stage === 'Resit Examination' || open?.stage === 'Resit Examination Assessment') {
        return { kind: 'wait', text: `Your re-sit of ${open.moduleCode} is over. Staff are recording the result; we will mail it to you.` };
      }
      if (open?.stage === 'Resit Payment Verified') return { kind: 'wait', text: `Your re-sit of ${open.moduleCode} is paid. Staff are scheduling it; we will mail you the date, time and place.` };
      return { kind: 'wait', text: 'You applied for a re-sit. Once its invoice is paid, staff schedule it and mail you the date, time and place.' };
    }
    case 'Examinations Stage': {
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
      return { kind: 'awarded', text: `Your award is on hold: the certificate is not valid while it is.${reasonOf(award)} Staff will mail you when it changes; ask them through Contact us what they need from you.`, award };
    case 'Failed':
      return { kind: 'result', text: 'The result is recorded: not awarded. Where the program allows it, you can ask for a review or a re-sit below.' };
    case 'Applied for review':
      return { kind: 'wait', text: 'You asked for a review of the result. Staff will mail you their decision.' };
    case 'Applied for Renewal':
      return { kind: 'wait', text: 'You applied to renew the certification. Staff will mail you their decision.' };
    case 'Applied for Revalidation':
      return { kind: 'wait', text: 'You applied for revalidation. Staff will mail you their decision.' };
    case 'Award Cancelled':
      return { kind: 'result', text: `The award was cancelled: the certificate is no longer valid.${reasonOf(award)}` };
    case 'Award Withdrawn':
      // An expiry withdraws the application too: the award's own state tells which it was.
      if (award?.status === 'expired') return { kind: 'result', text: `Your award expired${award.expiresOn ? ` on ${formatDate(`${award.expiresOn}T12:00:00Z`, 'day')}` : ''}: the certificate is no longer valid.` };
      return { kind: 'result', text: `The award was withdrawn: the certificate is no longer valid.${reasonOf(award)}` };
  }
}

/** Statuses whose application is finished: results and awards show them, not "in progress". */
export const FINISHED_STATUSES: readonly ApplicationStatus[] = ['Awarded', 'Awarded OnHold', 'Failed', 'Award Cancelled', 'Award Withdrawn'];
