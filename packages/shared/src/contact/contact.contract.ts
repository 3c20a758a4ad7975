import { z } from 'zod';
import { pagingShape, pagedResponse } from '../common/paging';

export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email',
  phoneRequired: 'Phone Number is required',
  messageRequired: 'Message is required',
  thanks: 'Thank you. Your message has been sent to our staff.',
} as const;

/** The contact form (spec sections 3 and 5): all four fields required. */
export const ContactMessageRequest = z.strictObject({
  name: z.string().trim().min(1, CONTACT_MESSAGES.nameRequired).max(128),
  email: z.string().trim().min(1, CONTACT_MESSAGES.emailRequired).pipe(z.email(CONTACT_MESSAGES.invalidEmail)),
  phoneNumber: z.string().trim().min(1, CONTACT_MESSAGES.phoneRequired).max(32),
  message: z.string().trim().min(1, CONTACT_MESSAGES.messageRequired).max(4000, 'Message must be at most 4000 characters'),
});
export type ContactMessageRequest = z.input<typeof ContactMessageRequest>;

export const ContactMessage = z.object({ id: z.string(), name: z.string(), email: z.string(), phoneNumber: z.string(), message: z.string(), createdOn: z.string(), fromApplicantId: z.string().nullable() });
export const ContactMessagePage = pagedResponse(ContactMessage);
export const ContactMessageQuery = z.strictObject({ ...pagingShape, search: z.string().optional() });
