import type { AwardRow } from '@certs/shared/award/award.contract';
import type { MyExamModule, MyExaminations } from '@certs/shared/exam-schedule/exam-schedule.contract';
import type { ResitModule } from '@certs/shared/resit/resit.contract';
import type { Payment } from '@certs/shared/payment/payment.contract';

/** Test data of the next-steps tests: an open payment link, an online exam and an award, around a fixed now. */
export const NOW = Date.parse('2026-11-26T00:00:00.000Z');
export const DAY = 86_400_000;

export const pendingPayment: Payment = {
  id: 'payment-1',
  trackerId: 'tracker-1',
  invoiceId: 'invoice-1',
  invoiceNumber: 'INV-000042',
  applicationId: 'app-1',
  applicationNumber: 'Q-2026-00042',
  gateway: 'test',
  amountCents: 119_700,
  currency: 'AUD',
  status: 'Pending',
  displayedStatus: 'Pending',
  transactionStatus: null,
  gatewayReference: null,
  offlineReference: null,
  failureReason: null,
  expiresOn: new Date(NOW + 7 * DAY).toISOString(),
  paidOn: null,
  createdOn: new Date(NOW - DAY).toISOString(),
  lastCheckedOn: null,
  paymentUrl: '/student/payments/tracker-1',
};

export const onlineExam: MyExamModule = {
  id: 'module-1',
  moduleCode: 'IWI-M1',
  moduleTitle: 'Welding processes',
  examKind: 'Online',
  scheduledAt: new Date(NOW + 3 * DAY).toISOString(),
  durationMinutes: 90,
  venue: null,
  testCentre: null,
  sitPath: '/student/examinations',
  whatToBring: 'Photo identification',
  note: '',
};

export const schedule = (modules: MyExamModule[], result: MyExaminations['result'] = null): MyExaminations => ({ modules, beingRescheduled: [], result });

export const award: AwardRow = {
  id: 'award-1',
  name: 'Ari Applicant',
  holderNumber: 'M-1001',
  applicantId: 'applicant-1',
  applicationId: 'app-1',
  applicationNumber: 'Q-2026-00042',
  programId: 'program-1',
  programCode: 'Q-WELD-INSP',
  programTitle: 'Welding Inspector',
  programType: 1,
  awardType: 'Awarded',
  certificateNumber: 'QWI-2026-0001',
  awardDate: '2026-11-20T00:00:00.000Z',
  expiresOn: '2031-11-20T00:00:00.000Z',
  status: 'current',
  statusReason: null,
};


/** A re-sit of IWI-M1 sent to the candidate: a Pen & Paper sitting at a venue, two days from now. */
export const sentResit: ResitModule = {
  id: 'resit-1',
  applicationId: 'app-1',
  applicationNumber: 'Q-2026-00042',
  applicationStatus: 'Applied for re-sit',
  programId: 'program-1',
  programCode: 'Q-WELD-INSP',
  programTitle: 'Welding Inspector',
  applicantName: 'Ari Applicant',
  applicationModuleId: 'module-1',
  moduleCode: 'IWI-M1',
  moduleTitle: 'Welding processes',
  attempt: 1,
  stage: 'Resit Examination',
  feeCents: 27500,
  currency: 'AUD',
  feeBasis: 'nonMember',
  invoiceId: 'invoice-2',
  invoiceStatus: 'Paid',
  invoiceTotalCents: 27500,
  paymentTrackerId: null,
  examKind: 'Pen & Paper',
  whatToBring: null,
  scheduledAt: new Date(NOW + 2 * DAY).toISOString(),
  scheduleTimeZone: 'Australia/Sydney',
  scheduledLocal: null,
  durationMinutes: 120,
  venue: { id: 'venue-1', name: 'Wollongong Testing Hall' },
  testCentre: null,
  examiner: null,
  invigilator: null,
  examDefinition: null,
  scheduleNote: '',
  scheduleSentOn: new Date(NOW - DAY).toISOString(),
  examInstanceId: null,
  result: null,
  resultPercentage: null,
  resultNotes: '',
  resultSource: null,
  assessmentSubmittedOn: null,
  resultSubmittedOn: null,
  createdOn: new Date(NOW - 5 * DAY).toISOString(),
};
