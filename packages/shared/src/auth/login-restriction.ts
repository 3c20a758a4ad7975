import { z } from 'zod';
import type { UserType } from './roles';

/** The remote login-restriction file of spec sections 6 and 7. */
export const LoginRestrictionConfig = z.object({
  applyFrom: z.string(),
  applyTo: z.string(),
  allowedApplicants: z.array(z.string()).default([]),
  allowedAdmins: z.array(z.string()).default([]),
  userMessageOnLogin: z.string().default('Login is restricted at this time.'),
});
export type LoginRestrictionConfig = z.infer<typeof LoginRestrictionConfig>;

/** Hosts on which the check is skipped (spec section 6: localhost and the test host). */
export function isRestrictionSkippedOnHost(hostname: string, testHost?: string): boolean {
  const host = hostname.toLowerCase().replace(/:\d+$/, '');
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]' || (!!testHost && host === testHost.toLowerCase());
}

/**
 * Whether a sign-in must be refused. Outside the window, or for someone on the allow list
 * ('*' meaning everyone), login goes ahead. An unreadable window never blocks.
 */
export function isLoginBlocked(
  config: LoginRestrictionConfig | null | undefined,
  identifier: string,
  userType: UserType,
  now: Date = new Date(),
): boolean {
  if (!config) return false;
  const from = Date.parse(config.applyFrom);
  const to = Date.parse(config.applyTo);
  if (Number.isNaN(from) || Number.isNaN(to)) return false;
  const at = now.getTime();
  if (at < from || at > to) return false;
  const allowed = userType === 'admin' ? config.allowedAdmins : config.allowedApplicants;
  const email = identifier.trim().toLowerCase();
  return !allowed.some((entry) => entry.trim() === '*' || entry.trim().toLowerCase() === email);
}
