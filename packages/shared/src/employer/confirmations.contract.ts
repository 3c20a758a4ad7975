import { z } from 'zod';
import { WPQ_VALIDITY_OPTION_CODES } from '../wpq/wpq-record.contract';
import { RevalidationSubmitRequest, WpqConfirmation } from '../wpq/wpq-validity.contract';

/**
 * The six-monthly confirmations of ISO 9606-1 9.2 in the company's portal (issue 42): the company's
 * coordinator confirms that its welders kept welding within their range, several at once, each
 * recorded as the mailed link records one; and sends the production welds' test reports of a
 * revalidation under 9.3 b).
 */
export const CONFIRMATION_STATEMENT = 'The welders kept welding within their range of qualification in the last six months';

/** The portal's page of confirmations (the digest's link). */
export const EMPLOYER_CONFIRMATIONS_PAGE_PATH = '/employer/confirmations';

/** Most welders confirmed in one step. */
export const MAX_CONFIRMATIONS_AT_ONCE = 200;

/** How far ahead the list looks for a confirmation falling due, unless asked otherwise. */
export const CONFIRMATIONS_WITHIN_DAYS = 60;

export const EMPLOYER_CONFIRMATION_MESSAGES = {
  recordsRequired: 'Choose at least one welder',
  tooMany: `Choose at most ${MAX_CONFIRMATIONS_AT_ONCE} welders at a time`,
  signerNameRequired: 'Signer name is required',
  signerPositionRequired: 'Signer position is required',
  max: (label: string, n: number) => `${label} must be at most ${n} characters`,
  statementRequired: 'Tick the statement to confirm',
  /** One of the records is not a qualification of the company's approved employees: the whole request is refused. */
  notFound: 'Welder qualification not found',
  /** A record that cannot be confirmed now, named, with the reason. */
  notConfirmable: (welder: string, certificateNumber: string, reason: string) => `${welder} (${certificateNumber}) cannot be confirmed: ${reason}`,
  reportsPdf: 'Each test report must be a PDF file you uploaded',
} as const;
const M = EMPLOYER_CONFIRMATION_MESSAGES;

export const EmployerConfirmationsQuery = z.strictObject({
  withinDays: z.coerce.number().int().min(0).max(3650).default(CONFIRMATIONS_WITHIN_DAYS),
});
export type EmployerConfirmationsQuery = z.input<typeof EmployerConfirmationsQuery>;

/** One welder qualification of the company's people whose confirmation falls due (or is open). */
export const EmployerConfirmationRow = z.object({
  wpqRecordId: z.string(),
  applicantId: z.string(),
  welderName: z.string(),
  certificateNumber: z.string(),
  /** The ISO 9606-1 designation(s) of the test piece. */
  designations: z.array(z.string()),
  programTitle: z.string(),
  /** The awarding body that issued it. */
  awardingBodyName: z.string(),
  option: z.enum(WPQ_VALIDITY_OPTION_CODES),
  /** The latest confirmation made (by the company, a link or the examiner); null before the first. */
  lastConfirmedOn: z.string().nullable(),
  /** The day the next confirmation falls due (the period's last day). */
  nextDueOn: z.string(),
  /** Whether the period is open: the coordinator may confirm it now. */
  confirmable: z.boolean(),
  validUntil: z.string().nullable(),
});
export type EmployerConfirmationRow = z.infer<typeof EmployerConfirmationRow>;

/** A 9.3 b) qualification whose revalidation can be asked for now: the two production welds must be from the window. */
export const EmployerRevalidationRow = z.object({
  wpqRecordId: z.string(),
  welderName: z.string(),
  certificateNumber: z.string(),
  designations: z.array(z.string()),
  validUntil: z.string(),
  window: z.object({ from: z.string(), to: z.string() }),
});
export type EmployerRevalidationRow = z.infer<typeof EmployerRevalidationRow>;

export const EmployerConfirmationList = z.object({
  rows: z.array(EmployerConfirmationRow),
  /** 9.3 b): qualifications whose revalidation window is open and none asked for yet. */
  revalidations: z.array(EmployerRevalidationRow),
  withinDays: z.number().int(),
  statement: z.string(),
});
export type EmployerConfirmationList = z.infer<typeof EmployerConfirmationList>;

const signerField = (label: string, required: string) => z.string({ error: required }).trim().min(1, required).max(128, M.max(label, 128));

/** The coordinator's confirmation of the welders chosen, with the signer and the statement ticked. */
export const ConfirmWeldersRequest = z.strictObject({
  recordIds: z.array(z.uuid({ error: M.notFound }), { error: M.recordsRequired }).min(1, M.recordsRequired).max(MAX_CONFIRMATIONS_AT_ONCE, M.tooMany),
  signerName: signerField('Signer name', M.signerNameRequired),
  signerPosition: signerField('Signer position', M.signerPositionRequired),
  statementAccepted: z.boolean({ error: M.statementRequired }).refine((accepted) => accepted, M.statementRequired),
});
export type ConfirmWeldersRequest = z.input<typeof ConfirmWeldersRequest>;

export const ConfirmedWelder = z.object({
  wpqRecordId: z.string(),
  welderName: z.string(),
  certificateNumber: z.string(),
  confirmation: WpqConfirmation,
});
export type ConfirmedWelder = z.infer<typeof ConfirmedWelder>;

export const ConfirmWeldersResult = z.object({ confirmed: z.array(ConfirmedWelder) });
export type ConfirmWeldersResult = z.infer<typeof ConfirmWeldersResult>;

/** 9.3 b): the coordinator sends the two production welds with their test reports (PDF files the coordinator uploaded). */
export const RevalidationEvidenceRequest = RevalidationSubmitRequest;
export type RevalidationEvidenceRequest = z.input<typeof RevalidationEvidenceRequest>;
