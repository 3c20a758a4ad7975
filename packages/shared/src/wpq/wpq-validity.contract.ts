import { z } from 'zod';
import { pagedResponse, pagingShape } from '../common/paging';
import { WPQ_VALIDITY_OPTION_CODES } from './wpq-record.contract';

/**
 * Keeping a welder qualification valid (issue 18, decision 026): the validity now, the 6-monthly
 * confirmations (the employer's link or the examiner), revalidation under 9.3 b) and the log of
 * extension requests.
 */
export const WPQ_VALIDITY_MESSAGES = {
  notFound: 'Welder qualification not found',
  notAwarded: 'This welder qualification has no current award',
  linkInvalid: 'This confirmation link is not valid',
  linkUsed: 'This confirmation link has been used already',
  linkExpired: 'This confirmation link has expired; ask the awarding body for a new one',
  notDue: 'No confirmation is due for this qualification now',
  alreadyConfirmed: 'This confirmation has been made already',
  noLongerValid: 'This qualification is no longer valid',
  confirmedOnOutside: (from: string, to: string) => `Date must be after ${from} and not after ${to}`,
  confirmedOnFuture: 'Date must not be in the future',
  required: (label: string) => `${label} is required`,
  max: (label: string, n: number) => `${label} must be at most ${n} characters`,
  noEmployer: "The welder's employer is not set or has no contact email",
  revalidationNotOffered: 'This program does not offer revalidation',
  revalidationOptionB: 'Revalidation by production welds applies to option 9.3 b) only',
  twoWelds: 'Two production welds are required',
  weldWindow: (from: string, to: string) => `Each weld must be from the last 6 months of validity (${from} to ${to})`,
  revalidationOpen: 'A revalidation is already open for this qualification',
  revalidationNotOpen: 'This revalidation is not waiting for a decision',
  reasonRequired: 'A reason is required',
  reasonMax: 'The reason must be at most 1000 characters',
  /** Cancelling a request that was decided, lapsed or cancelled already (decision 044). */
  revalidationNotCancellable: 'This revalidation request is no longer open, so it cannot be cancelled',
  revalidationFeePaid: 'The revalidation fee has been paid, so the request cannot be cancelled',
} as const;
const M = WPQ_VALIDITY_MESSAGES;

export const WpqConfirmation = z.object({
  id: z.string(),
  sequence: z.number().int(),
  dueOn: z.string(),
  confirmedOn: z.string(),
  confirmedBy: z.enum(['employer', 'examiner']),
  confirmerName: z.string(),
  confirmerPosition: z.string(),
  companyName: z.string().nullable(),
  evidenceNote: z.string(),
  evidenceAttachmentIds: z.array(z.string()),
});
export type WpqConfirmation = z.infer<typeof WpqConfirmation>;

export const RevalidationWeld = z.strictObject({
  description: z.string({ error: M.required('Description') }).trim().min(1, M.required('Description')).max(200, M.max('Description', 200)),
  weldedOn: z.iso.date({ error: 'Welded on must be a date' }),
  testMethod: z.enum(['Radiography', 'Ultrasonic', 'Destructive'], { error: M.required('Test method') }),
  testReportAttachmentId: z.uuid({ error: M.required('Test report') }),
});
export type RevalidationWeld = z.infer<typeof RevalidationWeld>;

/** A weld as answered: its test report's file name and key, for whoever may open it (the submitter, the program's staff). */
export const RevalidationWeldView = RevalidationWeld.extend({ testReport: z.object({ name: z.string(), resourceKey: z.string() }).nullable() });
export type RevalidationWeldView = z.infer<typeof RevalidationWeldView>;

/** The revalidation fee as the welder would be invoiced it today: GST-inclusive, on their fee basis. */
export const RevalidationFee = z.object({ amountCents: z.number().int(), currency: z.string(), basis: z.enum(['member', 'nonMember']) });
export type RevalidationFee = z.infer<typeof RevalidationFee>;

/**
 * `submitted`: waiting for a decision. `invoiced`: approved, the fee's invoice issued; the
 * extension (`validUntilAfter`) takes effect when it is paid. `approved`: extended. `lapsed`: the
 * fee was still unpaid when the old validity ended, the invoice is void (decision 044).
 * `cancelled`: staff cancelled the open request with a reason (`decisionReason`), the invoice void.
 */
export const REVALIDATION_STATUSES = ['submitted', 'invoiced', 'approved', 'refused', 'lapsed', 'cancelled'] as const;
export const WpqRevalidation = z.object({
  id: z.string(),
  status: z.enum(REVALIDATION_STATUSES),
  submittedBy: z.enum(['welder', 'employer', 'staff']),
  welds: z.array(RevalidationWeldView),
  validUntilBefore: z.string(),
  validUntilAfter: z.string().nullable(),
  revalidatedOn: z.string().nullable(),
  invoiceId: z.string().nullable(),
  /** The fee's invoice (number, GST-inclusive total, status), when one was issued. */
  invoice: z.object({ number: z.string(), totalCents: z.number().int(), currency: z.string(), status: z.string() }).nullable(),
  decisionReason: z.string().nullable(),
  createdOn: z.string(),
});
export type WpqRevalidation = z.infer<typeof WpqRevalidation>;

/** `GET api/wpq/{id}/validity`: the shared `validityOn` rule on today's date, with what it counted. */
export const WpqValidity = z.object({
  wpqRecordId: z.string(),
  awardId: z.string().nullable(),
  certificateNumber: z.string().nullable(),
  today: z.string(),
  option: z.enum(WPQ_VALIDITY_OPTION_CODES),
  testDate: z.string(),
  isValid: z.boolean(),
  reason: z.string(),
  validUntil: z.string().nullable(),
  nextConfirmationDue: z.string().nullable(),
  endedOn: z.string().nullable(),
  confirmations: z.array(WpqConfirmation),
  revalidations: z.array(WpqRevalidation),
  /** When a revalidation (9.3 b) can be asked for today: the days its two production welds may be from (after `from`, up to `to`). */
  revalidationWindow: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** The fee approval invoices (before the welder asks), when the program offers revalidation under 9.3 b); null otherwise. */
  revalidationFee: RevalidationFee.nullable(),
  /** The program's confirmation message (and prolongation message when revalidation is offered). */
  messageConfirmation: z.string(),
  messageProlongation: z.string(),
});
export type WpqValidity = z.infer<typeof WpqValidity>;

const confirmationFields = {
  confirmerName: z.string({ error: M.required('Name') }).trim().min(1, M.required('Name')).max(128, M.max('Name', 128)),
  confirmerPosition: z.string({ error: M.required('Position') }).trim().min(1, M.required('Position')).max(128, M.max('Position', 128)),
  confirmedOn: z.iso.date({ error: 'Date must be a valid date' }),
  evidenceNote: z.string().trim().max(1000, M.max('Evidence', 1000)).default(''),
};

/** The welding coordinator's confirmation through the link (no account). */
export const LinkConfirmationRequest = z.strictObject(confirmationFields);
export type LinkConfirmationRequest = z.input<typeof LinkConfirmationRequest>;

/** The examiner confirms instead, from the staff screen, optionally with evidence files. */
export const ExaminerConfirmationRequest = z.strictObject({ ...confirmationFields, evidenceAttachmentIds: z.array(z.uuid()).max(10).default([]) });
export type ExaminerConfirmationRequest = z.input<typeof ExaminerConfirmationRequest>;

/**
 * What the link's page shows before confirming: the welder, the range in words and the period. Not
 * the program's confirmation message: it is written to the welder, and this page is the employer's.
 */
export const ConfirmationLinkView = z.object({
  welderName: z.string(),
  certificateNumber: z.string(),
  programTitle: z.string(),
  companyName: z.string(),
  designations: z.array(z.string()),
  sequence: z.number().int(),
  periodStart: z.string(),
  dueOn: z.string(),
});
export type ConfirmationLinkView = z.infer<typeof ConfirmationLinkView>;
export const ConfirmationDone = z.object({ confirmation: WpqConfirmation, messageConfirmation: z.string() });
export type ConfirmationDone = z.infer<typeof ConfirmationDone>;
/** `POST api/wpq/{id}/confirmation/link`: where the new link went, and the confirmation it is for. */
export const ConfirmationLinkSent = z.object({ sentTo: z.string(), dueOn: z.string() });
export type ConfirmationLinkSent = z.infer<typeof ConfirmationLinkSent>;

export const RevalidationSubmitRequest = z.strictObject({
  welds: z.array(RevalidationWeld, { error: M.twoWelds }).length(2, M.twoWelds),
});
export type RevalidationSubmitRequest = z.input<typeof RevalidationSubmitRequest>;

export const RevalidationDecisionRequest = z
  .strictObject({ decision: z.enum(['approve', 'refuse']), reason: z.string().trim().max(1000).default('') })
  .superRefine((value, ctx) => {
    if (value.decision === 'refuse' && !value.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: M.reasonRequired });
  });
export type RevalidationDecisionRequest = z.input<typeof RevalidationDecisionRequest>;

/** `POST api/wpq/{id}/revalidation/{revalidationId}/cancel`: staff cancel an open request (decision 044); the reason goes to the welder. */
export const RevalidationCancelRequest = z.strictObject({
  reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(1000, M.reasonMax),
});
export type RevalidationCancelRequest = z.input<typeof RevalidationCancelRequest>;

/** `POST api/applicant/search/wpqrenewal`: welders whose confirmation or revalidation falls due within the days given. */
/** How far ahead Programs -> Welders due looks unless asked otherwise (the dashboard's "confirmations due" counts the same). */
export const WPQ_DUE_WITHIN_DAYS = 60;
export const WpqRenewalSearchRequest = z.strictObject({
  ...pagingShape,
  currentPage: pagingShape.page.optional(),
  perPageCount: pagingShape.pageSize.optional(),
  programId: z.uuid().optional(),
  searchTerm: z.string().max(200).optional(),
  withinDays: z.coerce.number().int().min(0).max(3650).default(WPQ_DUE_WITHIN_DAYS),
});
export type WpqRenewalSearchRequest = z.input<typeof WpqRenewalSearchRequest>;
export const WPQ_DUE_LABELS = { confirmation: 'Confirmation', revalidation: 'Revalidation', retest: 'New test' } as const;
export const WpqRenewalRow = z.object({
  wpqRecordId: z.string(),
  awardId: z.string(),
  applicantId: z.string(),
  /** The welder qualification application and its program: where staff act on it. */
  applicationId: z.string(),
  programId: z.string(),
  welderName: z.string(),
  email: z.string(),
  certificateNumber: z.string(),
  programCode: z.string(),
  option: z.enum(WPQ_VALIDITY_OPTION_CODES),
  companyName: z.string().nullable(),
  nextConfirmationDue: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** What falls due first: a confirmation or the end of validity (revalidation or new test). */
  due: z.enum(['confirmation', 'revalidation', 'retest']),
  dueOn: z.string(),
  /**
   * The open revalidation request (9.3 b), if any: `submitted` waits for staff's decision,
   * `invoiced` for the fee's payment. The list shows it before what falls due (issue 45 item 6).
   */
  revalidationRequest: z.object({ status: z.enum(['submitted', 'invoiced']), submittedBy: z.enum(['welder', 'employer', 'staff']), submittedOn: z.string() }).nullable(),
});
export type WpqRenewalRow = z.infer<typeof WpqRenewalRow>;

/** How the Welders due list names an open revalidation request: what it waits for. */
export function revalidationRequestLabel(request: NonNullable<WpqRenewalRow['revalidationRequest']>): string {
  return request.status === 'submitted' ? 'Revalidation requested: waiting for a decision' : 'Revalidation approved: waiting for the fee to be paid';
}
export const WpqRenewalPage = pagedResponse(WpqRenewalRow);
export type WpqRenewalPage = z.infer<typeof WpqRenewalPage>;

/** `POST api/wpqextensionlogs/update/requestdetails`: staff add details to an extension request's log. */
export const ExtensionLogDetailsRequest = z.strictObject({
  wpqRecordId: z.uuid({ error: M.notFound }),
  revalidationId: z.uuid().nullable().default(null),
  requestDetails: z.string({ error: M.required('Details') }).trim().min(1, M.required('Details')).max(2000, M.max('Details', 2000)),
});
export type ExtensionLogDetailsRequest = z.input<typeof ExtensionLogDetailsRequest>;
export const ExtensionLogEntry = z.object({
  id: z.number().int(),
  revalidationId: z.string().nullable(),
  event: z.enum(['requested', 'invoiced', 'paid', 'approved', 'refused', 'lapsed', 'cancelled', 'details']),
  requestDetails: z.string(),
  createdOn: z.string(),
  createdBy: z.string().nullable(),
});
export type ExtensionLogEntry = z.infer<typeof ExtensionLogEntry>;
/** The log of one qualification, oldest first. */
export const ExtensionLog = z.array(ExtensionLogEntry);
