import { z } from 'zod';
import { pagingShape, pagedResponse } from '../common/paging';
import { PERSON_MESSAGES, requiredEmail } from '../common/person-fields';

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: PERSON_MESSAGES.emailRequired,
  invalidEmail: PERSON_MESSAGES.invalidEmail,
  phoneRequired: 'Phone Number is required',
  messageRequired: 'Message is required',
  thanks: 'Thank you. Your message has been sent to our staff.',
  notFound: 'Message not found',
  unknownAccount: 'Choose the awarding body your message is for',
} as const;

/**
 * The contact form (spec sections 3 and 5): all four fields required. A signed-in applicant whose
 * profile has a phone need not type it again (issue 45 item 17): without `phoneNumber` the server
 * keeps the profile's with the message, and answers "Phone Number is required" when there is none.
 * `account` names the awarding body the message is for (its short name or id, issue 40), chosen on
 * the form when the platform has several; without it the message goes to the sender's own body
 * (staff), to the one body an applicant has applied to, or else to the first account.
 */
export const ContactMessageRequest = z.strictObject({
  name: z.string().trim().min(1, CONTACT_MESSAGES.nameRequired).max(128),
  email: requiredEmail(),
  phoneNumber: z.string().trim().max(32).optional(),
  message: z.string().trim().min(1, CONTACT_MESSAGES.messageRequired).max(4000, 'Message must be at most 4000 characters'),
  account: z.string().trim().max(64, CONTACT_MESSAGES.unknownAccount).optional(),
});
export type ContactMessageRequest = z.input<typeof ContactMessageRequest>;

export const ContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  message: z.string(),
  createdOn: z.string(),
  fromApplicantId: z.string().nullable(),
  /** When staff marked it handled (issue 20); null while it waits. */
  handledOn: z.string().nullable(),
});
export const ContactMessagePage = pagedResponse(ContactMessage);
export const ContactMessageQuery = z.strictObject({ ...pagingShape, search: z.string().optional(), handled: z.enum(['true', 'false']).optional() });

/** Staff's reply, mailed from the platform and kept with the message (issue 20). */
export const ContactReplyRequest = z.strictObject({
  body: z.string({ error: 'Reply is required' }).trim().min(1, 'Reply is required').max(4000, 'Reply must be at most 4000 characters'),
  /** Mark the message handled with the reply. */
  markHandled: z.boolean().default(true),
});
export type ContactReplyRequest = z.input<typeof ContactReplyRequest>;
export const ContactHandledRequest = z.strictObject({ isHandled: z.boolean() });
export const ContactReply = z.object({ id: z.string(), body: z.string(), repliedBy: z.string().nullable(), createdOn: z.string() });
export const ContactMessageDetails = ContactMessage.extend({ handledBy: z.string().nullable(), replies: z.array(ContactReply) });
export type ContactMessageDetails = z.infer<typeof ContactMessageDetails>;
export const CONTACT_REPLY_SUBJECT = 'Reply to your message';

/**
 * A message the caller sent, with the replies staff sent (issue 45 item 17): the applicant's own
 * Contact us page lists these. The replies name the awarding body, not the staff member.
 */
export const MyContactMessage = z.object({
  id: z.string(),
  message: z.string(),
  createdOn: z.string(),
  /** The awarding body it was sent to. */
  accountName: z.string(),
  handledOn: z.string().nullable(),
  replies: z.array(z.object({ id: z.string(), body: z.string(), createdOn: z.string() })),
});
export type MyContactMessage = z.infer<typeof MyContactMessage>;
export const MyContactMessageList = z.array(MyContactMessage);

/** The awarding bodies a message may be sent to, for the form's choice (shown when there are several). */
export const ContactAccount = z.object({ id: z.string(), name: z.string(), shortName: z.string() });
export const ContactAccountList = z.array(ContactAccount);
export type ContactAccount = z.infer<typeof ContactAccount>;
