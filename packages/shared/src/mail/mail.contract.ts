import { z } from 'zod';
import { pagingShape, pagedResponse } from '../common/paging';

/** kept: stored only (no SMTP configured); queued: waiting to be sent; sent; failed: gave up after retries. */
export const MAIL_STATUSES = ['kept', 'queued', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const Mail = z.object({
  id: z.string(),
  toEmail: z.string(),
  subject: z.string(),
  text: z.string(),
  links: z.array(z.object({ label: z.string(), url: z.string() })),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdOn: z.string(),
  sentOn: z.string().nullable(),
  /** The awarding body that sent it (decision 033); null for the platform's own mails. */
  fromName: z.string().nullable(),
});
export type Mail = z.infer<typeof Mail>;

/** The applicant's inbox (spec section 7: applicantinbox/email/pagination). */
export const InboxMail = Mail.pick({ id: true, subject: true, text: true, links: true, createdOn: true, fromName: true });
export const InboxPage = pagedResponse(InboxMail);
export type InboxPage = z.infer<typeof InboxPage>;
export const MailPage = pagedResponse(Mail);
export type MailPage = z.infer<typeof MailPage>;
export const MailListQuery = z.strictObject({ ...pagingShape, search: z.string().optional(), status: z.enum(MAIL_STATUSES).optional() });
export const InboxQuery = z.strictObject({ ...pagingShape });
