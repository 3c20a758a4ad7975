import { z } from 'zod';
import { USER_TYPES } from '../auth/roles';
import { NewPassword } from '../auth/password-rule';
import { pagedResponse, pagingShape } from '../common/paging';
import { PaymentVerifiedRequest } from '../payment/payment.contract';

/**
 * Admin-only support actions (spec section 6; posts under `api/108/`, section 7): for super users
 * and account administrators, each logged with who, when and why.
 */
export const SUPPORT_PATH = '/api/108';

export const SUPPORT_MESSAGES = {
  reasonRequired: 'A reason is required',
  reasonMax: 'Reason must be at most 1000 characters',
  searchTooShort: 'Type at least 2 characters to search',
  userNotFound: 'User not found',
  notYourself: 'You cannot change your own account here',
  superUserOnly: 'Only a super user may change a super user',
  alreadyActivated: 'This account is activated already',
  notAnApplicant: 'Only applicant accounts are activated by a link',
  notAicip: 'Only AICIP applications are paid through support',
  applicationNotFound: 'Application not found',
  changeLinkInvalid: 'This password change has expired. Sign in with your temporary password again.',
  activated: 'The account is active again.',
  deactivated: 'The account is inactive and every session of it has ended.',
  activationSent: 'A new activation link was mailed.',
  temporaryPasswordSet: 'Give this temporary password to the user; they must choose a new one when they sign in.',
  passwordChanged: 'Your password has been changed. Sign in with the new one.',
} as const;

export const SUPPORT_ACTIONS = ['activate', 'deactivate', 'temporaryPassword', 'activationLink', 'aicipPayment'] as const;
export type SupportAction = (typeof SUPPORT_ACTIONS)[number];
export const SUPPORT_ACTION_LABELS: Record<SupportAction, string> = {
  activate: 'Marked active',
  deactivate: 'Marked inactive',
  temporaryPassword: 'Temporary password set',
  activationLink: 'Activation link sent',
  aicipPayment: 'AICIP payment recorded',
};

export const SupportReason = z
  .string({ error: SUPPORT_MESSAGES.reasonRequired })
  .trim()
  .min(1, SUPPORT_MESSAGES.reasonRequired)
  .max(1000, SUPPORT_MESSAGES.reasonMax);

export const FIND_USER_FIELDS = ['all', 'email', 'name', 'number'] as const;

/** `GET api/108/finduser`: staff and applicants by email, name or number (member or application number). */
export const FindUserQuery = z.strictObject({
  ...pagingShape,
  searchTerm: z.string({ error: SUPPORT_MESSAGES.searchTooShort }).trim().min(2, SUPPORT_MESSAGES.searchTooShort).max(200),
  searchBy: z.enum(FIND_USER_FIELDS).default('all'),
});
export type FindUserQuery = z.input<typeof FindUserQuery>;

export const FoundUser = z.object({
  userId: z.string(),
  userType: z.enum(USER_TYPES),
  role: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  active: z.boolean(),
  isActivated: z.boolean(),
  applicantId: z.string().nullable(),
  memberNumber: z.string(),
  hasTemporaryPassword: z.boolean(),
});
export type FoundUser = z.infer<typeof FoundUser>;
export const FoundUserPage = pagedResponse(FoundUser);

export const SetActiveRequest = z.strictObject({ active: z.boolean(), reason: SupportReason });
export type SetActiveRequest = z.input<typeof SetActiveRequest>;
export const ReasonRequest = z.strictObject({ reason: SupportReason });
export type ReasonRequest = z.input<typeof ReasonRequest>;

export const SupportActionResponse = z.object({ message: z.string(), user: FoundUser });
export const TemporaryPasswordResponse = SupportActionResponse.extend({ temporaryPassword: z.string() });
export type TemporaryPasswordResponse = z.infer<typeof TemporaryPasswordResponse>;

/** `POST api/108/aicippayment`: an offline payment of an AICIP application's open invoice, by the payments module's rules. */
export const AicipPaymentRequest = PaymentVerifiedRequest.extend({ applicationId: z.uuid({ error: SUPPORT_MESSAGES.applicationNotFound }), reason: SupportReason });
export type AicipPaymentRequest = z.input<typeof AicipPaymentRequest>;

/**
 * `GET api/108/aicipapplications`: the AICIP applications waiting for a payment (Examinations
 * Stage, payment requested, their latest invoice issued and unpaid), found by application or
 * invoice number, applicant name, email or member number.
 */
export const AicipAwaitingPaymentQuery = z.strictObject({ ...pagingShape, searchTerm: z.string().max(200).optional() });
export type AicipAwaitingPaymentQuery = z.input<typeof AicipAwaitingPaymentQuery>;

/** An AICIP application with its latest invoice, as the support screen shows it before and after a payment. */
export const AicipPaymentApplication = z.object({
  applicationId: z.string(),
  applicationNumber: z.string(),
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  applicantName: z.string(),
  email: z.string(),
  memberNumber: z.string(),
  status: z.string(),
  workflowStage: z.string().nullable(),
  /** The stage as staff read it ("Payment requested", "Payment completed"). */
  stageLabel: z.string(),
  /** Whether a payment can be recorded now (the payments module's rule: payment requested, invoice issued). */
  isAwaitingPayment: z.boolean(),
  invoice: z
    .object({
      id: z.string(),
      invoiceNumber: z.string(),
      totalCents: z.number().int(),
      currency: z.string(),
      status: z.enum(['Issued', 'Paid', 'Void']),
      issuedOn: z.string(),
      paidOn: z.string().nullable(),
    })
    .nullable(),
});
export type AicipPaymentApplication = z.infer<typeof AicipPaymentApplication>;
export const AicipPaymentApplicationPage = pagedResponse(AicipPaymentApplication);
export type AicipPaymentApplicationPage = z.infer<typeof AicipPaymentApplicationPage>;

export const SupportLogQuery = z.strictObject({ ...pagingShape, searchTerm: z.string().max(200).optional(), action: z.enum(SUPPORT_ACTIONS).optional() });
export type SupportLogQuery = z.input<typeof SupportLogQuery>;
export const SupportLogRow = z.object({
  id: z.string(),
  action: z.enum(SUPPORT_ACTIONS),
  actorName: z.string(),
  targetName: z.string().nullable(),
  targetEmail: z.string().nullable(),
  applicationId: z.string().nullable(),
  reason: z.string(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdOn: z.string(),
});
export type SupportLogRow = z.infer<typeof SupportLogRow>;
export const SupportLogPage = pagedResponse(SupportLogRow);

/** The sign-in's forced change after a temporary password (`POST unauth/temporarypassword/change`). */
export const ChangeTemporaryPasswordRequest = z.strictObject({ changeToken: z.string().min(1, SUPPORT_MESSAGES.changeLinkInvalid).max(200), password: NewPassword });
export type ChangeTemporaryPasswordRequest = z.input<typeof ChangeTemporaryPasswordRequest>;
