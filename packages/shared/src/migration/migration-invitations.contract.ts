import { z } from 'zod';

/**
 * Invitations to the people a legacy import created (issue 41): they are not mailed by the
 * import; staff preview the mail and send it in batches, each person a link to choose their
 * password (which also activates the account) and sign in to their imported awards.
 */
export const INVITATION_PATHS = {
  one: (importId: string) => `/api/migration/${importId}/invitations`,
} as const;

/** The batch sizes the screen offers; a request may ask for any size up to the largest. */
export const INVITATION_BATCH_SIZES = [100, 500, 1000] as const;
export const MAX_INVITATION_BATCH = 1000;
/** How many of the next people the preview names. */
export const INVITATION_SAMPLE_SIZE = 10;

export const INVITATION_MESSAGES = {
  dryRun: 'A dry run created nobody, so there is nobody to invite',
  undone: 'This import has been undone, so there is nobody to invite',
  notFinished: 'People can be invited once the import has finished',
  nobodyToInvite: 'Everyone this import created has been invited or has signed in already',
  nobodyExpired: 'Nobody invited by this import has a link that expired without signing in',
  batchSize: `Choose a batch of 1 to ${MAX_INVITATION_BATCH} people`,
} as const;

export const InvitationPerson = z.object({ firstName: z.string(), lastName: z.string(), email: z.string() });
export type InvitationPerson = z.infer<typeof InvitationPerson>;

/** The mail as it is sent, for the first person of the next batch; the personal link is written as a placeholder. */
export const InvitationMailPreview = z.object({ fromName: z.string(), subject: z.string(), text: z.string() });
export type InvitationMailPreview = z.infer<typeof InvitationMailPreview>;

/**
 * Where the import's people stand. Each person is in one group: `activated` have chosen a
 * password (from an invitation or otherwise); `invited` hold a link still live; `expired` were
 * invited but their link ran out (they can be invited again); `waiting` have not been invited.
 */
export const InvitationPreview = z.object({
  importId: z.string(),
  people: z.number().int(),
  waiting: z.number().int(),
  invited: z.number().int(),
  expired: z.number().int(),
  activated: z.number().int(),
  /** The first people of the next batch (not yet invited), in the file's order. */
  next: z.array(InvitationPerson),
  mail: InvitationMailPreview.nullable(),
  linkDays: z.number().int(),
  lastInvitedOn: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const InvitationBatchRequest = z.strictObject({
  batchSize: z.number({ error: INVITATION_MESSAGES.batchSize }).int(INVITATION_MESSAGES.batchSize).min(1, INVITATION_MESSAGES.batchSize).max(MAX_INVITATION_BATCH, INVITATION_MESSAGES.batchSize),
  /** Invite again the people whose link expired before they used it, instead of the next not yet invited. */
  reinviteExpired: z.boolean().default(false),
});
export type InvitationBatchRequest = z.input<typeof InvitationBatchRequest>;

/** How many this batch mailed, and where the import's people stand after it. */
export const InvitationBatchResult = z.object({ sent: z.number().int(), preview: InvitationPreview });
export type InvitationBatchResult = z.infer<typeof InvitationBatchResult>;
