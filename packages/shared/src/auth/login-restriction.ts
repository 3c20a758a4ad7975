import dayjs from 'dayjs';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../common/dates';
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
/** A time with an offset is read as it says; one without is Sydney time, on the server and in every browser alike. */
export function parseWindowTime(text: string): number {
  const trimmed = text.trim();
  if (/(z|[+-]\d{2}:?\d{2})$/i.test(trimmed)) return Date.parse(trimmed);
  const zoned = dayjs.tz(trimmed, DEFAULT_TIME_ZONE);
  return zoned.isValid() ? zoned.valueOf() : Number.NaN;
}

export function isLoginBlocked(
  config: LoginRestrictionConfig | null | undefined,
  identifier: string,
  userType: UserType,
  now: Date = new Date(),
): boolean {
  if (!config) return false;
  const from = parseWindowTime(config.applyFrom);
  const to = parseWindowTime(config.applyTo);
  if (Number.isNaN(from) || Number.isNaN(to)) return false;
  const at = now.getTime();
  if (at < from || at > to) return false;
  const allowed = userType === 'admin' ? config.allowedAdmins : config.allowedApplicants;
  const email = identifier.trim().toLowerCase();
  return !allowed.some((entry) => entry.trim() === '*' || entry.trim().toLowerCase() === email);
}
