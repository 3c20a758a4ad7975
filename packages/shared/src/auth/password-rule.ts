import { z } from 'zod';

/**
 * The one password rule of the platform (issue 21 item 9): applicants and staff alike, wherever a
 * password is chosen (registration, reset, the change after a temporary password, staff users
 * created or given a new password). The spec names no rule; this one is the union of the two that
 * were: at least 10 characters, a letter and a number, and not the account's email (nor its part
 * before the @). Every breach answers the same message, which states the whole rule.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_MESSAGES = {
  rule: 'Password must be at least 10 characters, with a letter and a number, and not your email',
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
} as const;

/** What a form says under a new-password field. */
export const PASSWORD_HINT = 'At least 10 characters, with a letter and a number, and not your email.';

/** A new password under the rule; whether it is the email is checked where the email is known. */
export const NewPassword = z
  .string({ error: PASSWORD_MESSAGES.rule })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.rule)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong)
  .regex(/\p{L}/u, PASSWORD_MESSAGES.rule)
  .regex(/\p{N}/u, PASSWORD_MESSAGES.rule);

/** Whether the password is the email, or its part before the @ (case and surrounding spaces aside). */
export function isPasswordTheEmail(password: string, email: string): boolean {
  const address = email.trim().toLowerCase();
  const typed = password.trim().toLowerCase();
  return !!address && (typed === address || typed === address.split('@')[0]);
}

/** For a request with an email and a password: the rule's message at the password when it is the email. */
export function refinePasswordNotEmail(value: { email: string; password?: string | undefined }, ctx: z.RefinementCtx): void {
  if (value.password && isPasswordTheEmail(value.password, value.email)) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: PASSWORD_MESSAGES.rule });
  }
}
