import { z } from 'zod';
import { APPLICATION_STATUSES } from '../application/application-status';
import { formatDay } from '../common/dates';
import { pagedResponse, pagingShape } from '../common/paging';
import { overrideField } from '../impartiality/assignment-check.contract';

/**
 * Renewals of a certification (issue 17, decision 023): the holder's renewal form
 * (`certificationrenewalapplication` save and submit), staff's queue per program (spec section 7:
 * page size 10, page 1, ordered by applicationNumber descending) and `renewal/action`.
 */

/** Renewal application types by path word; an AICIP renewal also takes the program's renewal modules. */
export const RENEWAL_TYPES = {
  certificationrenewalapplication: { programType: 2, applicationTypePath: 'certificationapplication', label: 'Certification', hasModules: false },
  aiciprenewalapplication: { programType: 4, applicationTypePath: 'aicipapplication', label: 'AICIP', hasModules: true },
} as const;
export type RenewalTypePath = keyof typeof RENEWAL_TYPES;
export const RENEWAL_TYPE_PATHS = Object.keys(RENEWAL_TYPES) as RenewalTypePath[];

/** The renewal type of a program type (2 Certification, 4 AICIP), or null. */
export function renewalTypeOfProgram(programType: number): RenewalTypePath | null {
  return RENEWAL_TYPE_PATHS.find((typePath) => RENEWAL_TYPES[typePath].programType === programType) ?? null;
}

export const RENEWAL_STATUSES = ['draft', 'submitted', 'renewed', 'refused'] as const;
export type RenewalStatus = (typeof RENEWAL_STATUSES)[number];
export const RENEWAL_STATUS_LABELS: Record<RenewalStatus, string> = { draft: 'Draft', submitted: 'Submitted', renewed: 'Renewed', refused: 'Refused' };
/** Mantine colours whose light variants pass WCAG AA in the theme. */
export const RENEWAL_STATUS_COLORS: Record<RenewalStatus, string> = { draft: 'gray', submitted: 'blue', renewed: 'green', refused: 'red' };

export const RENEWAL_MESSAGES = {
  notFound: 'Renewal not found',
  programNotFound: 'Program not found',
  awardNotFound: 'Award not found',
  awardNotCurrent: 'Only a current award can be renewed',
  notRenewable: 'This award does not expire and cannot be renewed',
  // The days are given as YYYY-MM-DD and said as people read dates (DD-MMM-YYYY).
  outsideWindow: (opensOn: string, expiresOn: string) => `Renewal opens on ${formatDay(opensOn)} and closes on ${formatDay(expiresOn)}`,
  alreadyOpen: 'A renewal of this award is already submitted',
  answerRequired: 'Answer is required',
  answerMax: 'Answer must be at most 4000 characters',
  answersIncomplete: 'Answer every renewal requirement before submitting',
  unknownRequirement: 'Not a requirement of this program',
  unknownDevelopment: 'Not an entry of your Professional development list',
  notSubmitted: (status: string) => `This renewal is ${status.toLowerCase()}; only a submitted renewal can be decided`,
  reasonRequired: 'Refusal reason is required',
  reasonMax: 'Reason must be at most 1000 characters',
  requiredCpdHours: 'Required CPD Hours must be a whole number from 0 to 1000',
  noLateRenewal: (expiresOn: string) => `This award expired on ${formatDay(expiresOn)} and the program does not take late renewals: please make a new application`,
  graceOver: (lastDay: string) => `The grace period for a late renewal ended on ${formatDay(lastDay)}: please make a new application`,
  invoiceNotPaid: (invoiceNumber: string) => `The renewal invoice ${invoiceNumber} is not paid yet`,
  modulesNotInvoiced: 'The renewal modules have not been invoiced yet',
  modulesNotPassed: (codes: readonly string[]) => `Every required renewal module must be passed before renewing; not passed: ${codes.join(', ')}`,
  noModules: 'Only an AICIP renewal has renewal modules',
  modulesInvoiced: 'The renewal modules have been invoiced; the choice can no longer change',
  unknownModule: 'Not a renewal module of this program',
  notPaidForSchedule: 'The renewal modules can be scheduled once the invoice is paid',
  onlineNotOffered: 'A renewal module is sat in person: choose Pen & Paper, Practical, Oral or Practical & Oral',
  notSentForResults: (code: string) => `The schedule of ${code} has not been sent to the holder`,
  decided: 'This renewal has been decided',
  graceDays: 'Grace Period must be a whole number of days from 1 to 365',
  lateFee: 'Late Fee must be a valid number',
} as const;

export const RenewalAnswerRequest = z.strictObject({
  requirementId: z.uuid({ error: RENEWAL_MESSAGES.unknownRequirement }),
  answerText: z.string().trim().max(4000, RENEWAL_MESSAGES.answerMax).default(''),
});

/** `POST {type}/save`: the draft of the holder's renewal of one award (created or updated). */
export const RenewalSaveRequest = z.strictObject({
  awardId: z.uuid({ error: RENEWAL_MESSAGES.awardNotFound }),
  answers: z.array(RenewalAnswerRequest).max(100).default([]),
  developmentIds: z.array(z.uuid({ error: RENEWAL_MESSAGES.unknownDevelopment })).max(500).default([]),
});
export type RenewalSaveRequest = z.input<typeof RenewalSaveRequest>;

export const RENEWAL_ACTIONS = ['renew', 'refuse'] as const;
export type RenewalAction = (typeof RENEWAL_ACTIONS)[number];

/** `POST {type}/renewal/action`: renew, or refuse with a reason. */
export const RenewalActionRequest = z
  .strictObject({
    renewalId: z.uuid({ error: RENEWAL_MESSAGES.notFound }),
    action: z.enum(RENEWAL_ACTIONS),
    reason: z.string().trim().max(1000, RENEWAL_MESSAGES.reasonMax).default(''),
    /** A manager's override of an impartiality refusal of the decider, with the reason (issue 43). */
    override: overrideField,
  })
  .superRefine((value, ctx) => {
    if (value.action === 'refuse' && value.reason.length === 0) ctx.addIssue({ code: 'custom', path: ['reason'], message: RENEWAL_MESSAGES.reasonRequired });
  });
export type RenewalActionRequest = z.input<typeof RenewalActionRequest>;

export const RenewalDevelopmentEntry = z.object({
  id: z.string(),
  provider: z.string(),
  numOfHours: z.number(),
  personalDevelopmentType: z.string(),
  startDate: z.string(),
  /** Whether its start date falls within the award's period (only those count). */
  inPeriod: z.boolean(),
  selected: z.boolean(),
});
export type RenewalDevelopmentEntry = z.infer<typeof RenewalDevelopmentEntry>;

export const RenewalRequirement = z.object({ id: z.string(), code: z.string(), description: z.string(), answerText: z.string() });

/** The renewal's invoice (modules and late fee), with the holder's pay link while it is unpaid. */
export const RenewalInvoice = z.object({
  id: z.string(),
  invoiceNumberText: z.string(),
  totalCents: z.number().int(),
  /** The issuing account's currency (AUD or NZD). */
  currency: z.string(),
  status: z.enum(['Issued', 'Paid', 'Void']),
  /** The pay page of the newest open payment link (`/student/payments/{trackerId}`), while unpaid. */
  payPath: z.string().nullable(),
});
export type RenewalInvoice = z.infer<typeof RenewalInvoice>;

/** One of an AICIP renewal's modules: its fee, its schedule and its result. */
export const RenewalModule = z.object({
  id: z.string(),
  programModuleId: z.string(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  examinationType: z.string(),
  isRequired: z.boolean(),
  feeCents: z.number().int(),
  feeBasis: z.enum(['member', 'nonMember']),
  examKind: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  /** The time as entered, in its zone (YYYY-MM-DDTHH:mm), for the form. */
  scheduledLocal: z.string().nullable(),
  scheduleTimeZone: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  venueId: z.string().nullable(),
  testingAgencyId: z.string().nullable(),
  examinerId: z.string().nullable(),
  invigilatorId: z.string().nullable(),
  scheduleNote: z.string(),
  scheduleSentOn: z.string().nullable(),
  result: z.enum(['Pass', 'Fail', 'Absent']).nullable(),
  resultPercentage: z.number().nullable(),
  resultNotes: z.string(),
});
export type RenewalModule = z.infer<typeof RenewalModule>;

/** One renewal as the holder's form and staff's page show it. */
export const Renewal = z.object({
  id: z.string().nullable(),
  typePath: z.enum(RENEWAL_TYPE_PATHS as [RenewalTypePath, ...RenewalTypePath[]]),
  status: z.enum(RENEWAL_STATUSES).nullable(),
  awardId: z.string(),
  applicationId: z.string(),
  applicationNumber: z.string(),
  applicationStatus: z.enum(APPLICATION_STATUSES),
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  holderName: z.string(),
  certificateNumber: z.string(),
  awardStatus: z.string(),
  /** The award's period: CPD entries that started within it count. */
  periodStart: z.string(),
  expiresOn: z.string().nullable(),
  /** The first day the holder may apply (6 months before expiry). */
  windowOpensOn: z.string().nullable(),
  /** Whether the holder may save and submit now; otherwise `blockedReason` says why. */
  canApply: z.boolean(),
  blockedReason: z.string().nullable(),
  requiredCpdHours: z.number(),
  cpdHours: z.number(),
  requirements: z.array(RenewalRequirement),
  development: z.array(RenewalDevelopmentEntry),
  submittedOn: z.string().nullable(),
  previousExpiresOn: z.string().nullable(),
  newExpiresOn: z.string().nullable(),
  decisionReason: z.string().nullable(),
  decidedOn: z.string().nullable(),
  /** Applied after the expiry day, within the program's grace period; the late fee is on its invoice. */
  isLate: z.boolean(),
  lateFeeCents: z.number().int().nullable(),
  /** The program's body's currency (AUD, NZD): the late fee and module fees are in it. */
  currency: z.string(),
  /** The last day of the grace period after expiry, or null when the program takes no late renewals. */
  graceEndsOn: z.string().nullable(),
  hasModules: z.boolean(),
  invoice: RenewalInvoice.nullable(),
  modules: z.array(RenewalModule),
  previousCertificateNumber: z.string().nullable(),
  newCertificateNumber: z.string().nullable(),
  /** Staff only: whether the renewal may be renewed now, or why not (unpaid invoice, modules not passed). */
  renewBlockedReason: z.string().nullable(),
});
export type Renewal = z.infer<typeof Renewal>;

export const RENEWAL_ORDER_BY = ['applicationNumber', 'submittedOn', 'expiresOn'] as const;

/** Staff's renewal queue of one program (spec section 7's defaults). */
export const RenewalQueueQuery = z.strictObject({
  ...pagingShape,
  programId: z.uuid({ error: 'Program not found' }),
  status: z.enum(RENEWAL_STATUSES).optional(),
  searchTerm: z.string().max(200).optional(),
  orderBy: z.enum(RENEWAL_ORDER_BY).default('applicationNumber'),
  ascending: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type RenewalQueueQuery = z.input<typeof RenewalQueueQuery>;

export const RenewalQueueRow = z.object({
  id: z.string(),
  applicationNumber: z.string(),
  holderName: z.string(),
  memberNumber: z.string(),
  certificateNumber: z.string(),
  expiresOn: z.string().nullable(),
  cpdHours: z.number().nullable(),
  requiredCpdHours: z.number().nullable(),
  submittedOn: z.string().nullable(),
  status: z.enum(RENEWAL_STATUSES),
});
export type RenewalQueueRow = z.infer<typeof RenewalQueueRow>;
export const RenewalQueuePage = pagedResponse(RenewalQueueRow);
export type RenewalQueuePage = z.infer<typeof RenewalQueuePage>;
