import { z } from 'zod';
import { APPLICATION_TYPE_PATHS } from '../application/application-status';
import { pagedResponse, pagingShape } from '../common/paging';
import { AWARD_ACTION_PATHS, AWARD_STATUSES, AWARD_TYPES, type AwardAction } from './award-status';

export const AWARD_MESSAGES = {
  notFound: 'Award not found',
  holderNotFound: 'Applicant not found',
  /** Spec section 5: a reason is required for Cancel, Hold and Release respectively (and Withdraw). */
  reasonRequired: (action: AwardAction) => `${action[0]!.toUpperCase()}${action.slice(1)} reason is required`,
  reasonTooLong: 'Reason must be at most 1000 characters',
  notAllowed: (status: string, action: AwardAction) => `An award that is ${status} cannot be ${ACTION_PAST[action]}`,
  certificateNotReady: 'The certificate is being prepared; try again in a moment',
  /** A second award of one application (two result submissions at once): the database's unique index refused it. */
  alreadyAwarded: 'This application has already been awarded',
  /** Two series whose patterns give the same number, awarding at the same moment: the second is refused and may retry. */
  numberTaken: 'Another award took this certificate number at the same moment; please try again',
  /** The award date staff enter with the result Awarded (spec: "a valid awardedOn date"); its day is the awarding body's. */
  awardedOnInvalid: 'Award date must be a valid date',
  awardedOnFuture: 'Award date cannot be in the future',
  awardedOnBeforeSubmitted: (submittedDay: string) => `Award date cannot be before the application was submitted (${submittedDay})`,
} as const;

/** How each action reads in a sentence ("cannot be put on hold"). */
export const ACTION_PAST: Record<AwardAction, string> = { hold: 'put on hold', release: 'released', cancel: 'cancelled', withdraw: 'withdrawn' };

export const AwardActionParams = z.strictObject({
  type: z.enum(APPLICATION_TYPE_PATHS as [string, ...string[]]),
  id: z.string(),
  action: z.enum(AWARD_ACTION_PATHS as [AwardAction, ...AwardAction[]]),
});

/** The body of an award action; the message names the action, so the schema is built per action. */
export function awardActionRequest(action: AwardAction) {
  return z.strictObject({
    reason: z
      .string({ error: AWARD_MESSAGES.reasonRequired(action) })
      .trim()
      .min(1, AWARD_MESSAGES.reasonRequired(action))
      .max(1000, AWARD_MESSAGES.reasonTooLong),
  });
}
/** The route's schema: any action's body (the per-action message is applied by the service). */
export const AwardActionRequest = z.strictObject({ reason: z.string().max(1000, AWARD_MESSAGES.reasonTooLong).optional() });

export const AwardHistoryEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  fromStatus: z.enum(AWARD_STATUSES).nullable(),
  toStatus: z.enum(AWARD_STATUSES),
  reason: z.string().nullable(),
  createdOn: z.string(),
  /** Staff's name; null for the system (expiry) and in the holder's own view. */
  createdByName: z.string().nullable(),
});

/** One award row, as every list shows it (spec section 2: Name, {product} ID, Program Code, Program Title, Award Date). */
export const AwardRow = z.object({
  id: z.string(),
  /** The holder's name. */
  name: z.string(),
  /** {product} ID: the holder's member number, or a dash when they have none. */
  holderNumber: z.string(),
  applicantId: z.string(),
  applicationId: z.string(),
  applicationNumber: z.string(),
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  programType: z.number().int(),
  awardType: z.enum(AWARD_TYPES),
  certificateNumber: z.string(),
  awardDate: z.string(),
  expiresOn: z.string().nullable(),
  status: z.enum(AWARD_STATUSES),
  /** Why staff put it on hold, cancelled or withdrew it (the holder is mailed it too); null while current. */
  statusReason: z.string().nullable(),
});
export type AwardRow = z.infer<typeof AwardRow>;
export const AwardPage = pagedResponse(AwardRow);
export type AwardPage = z.infer<typeof AwardPage>;

export const Award = AwardRow.extend({
  /** Whether a certificate PDF for the award as it is now is ready to download. */
  certificateReady: z.boolean(),
  history: z.array(AwardHistoryEntry),
});
export type Award = z.infer<typeof Award>;

/** The applicant's own awards (`GET api/applicant/awards`) and staff's awards of an applicant. */
export const AwardListQuery = z.strictObject({ ...pagingShape });

/** Staff's Awards screen (`GET api/award/pagination`, and `api/award/export` as CSV). */
export const StaffAwardListQuery = z.strictObject({
  ...pagingShape,
  /** Name, {product} ID, certificate number or application number; sent only when non-blank. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(AWARD_STATUSES).optional(),
  programId: z.uuid().optional(),
});
export type StaffAwardListQuery = z.infer<typeof StaffAwardListQuery>;
