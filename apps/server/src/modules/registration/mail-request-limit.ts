import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { AppError } from '../../platform/app-error';

/**
 * How many mails the unauthenticated routes (registration, resend activation, forgot password)
 * may cause; issue 15 item 7. Each accepted request queues exactly one mail, so:
 * - per target email: 5 an hour across the three routes, enough for a typo, a second try and a
 *   reset, while a mail bomb aimed at one inbox gets five;
 * - per client address: 20 in 10 minutes across the three routes, enough for a class registering
 *   from one office network, not for a script walking a list of emails.
 * Counted in PostgreSQL (`rate_limit_events`), so they hold across instances.
 * MAIL_REQUEST_LIMIT_PER_EMAIL and MAIL_REQUEST_LIMIT_PER_ADDRESS override the counts (config/env.ts).
 */
export const MAIL_REQUEST_LIMITS = {
  perEmail: { max: 5, windowMinutes: 60 },
  perAddress: { max: 20, windowMinutes: 10 },
} as const;

/** What a refused request reads; the same whether or not an account uses the email. */
export const MAIL_REQUEST_LIMIT_MESSAGES = {
  perEmail: 'Too many messages have been sent to this email address recently. Please wait an hour and try again.',
  perAddress: 'Too many requests from your network. Please wait a few minutes and try again.',
} as const;

/** The kinds of `rate_limit_events` rows this module writes. */
export const RATE_LIMIT_KINDS = {
  mailTo: 'mail_to',
  mailClient: 'mail_client',
  /** A request for an email with no matching account, written where a real one writes a link. */
  unmatchedEmail: 'unmatched_email',
} as const;

export interface RateLimitStore {
  recordRateLimitEvents(events: { kind: string; key: string }[]): Promise<number[]>;
  countRecentRateLimitEvents(counts: { kind: string; key: string; windowMinutes: number }[]): Promise<number[]>;
  deleteRateLimitEvents(ids: number[]): Promise<void>;
  pruneRateLimitEvents(olderThanMinutes: number): Promise<void>;
}

/** An email as counted: its hash, so that the table keeps no list of addresses people typed. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/** IPv6 clients are counted per /64 (one subscriber's network gets a whole /64 to rotate through). */
export function clientAddressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = Math.max(0, 8 - headGroups.length - tailGroups.length);
  const groups = address.includes('::') ? [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups] : headGroups;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** Counts each mail request per target email and per client address, and refuses it over either limit. */
export class MailRequestLimit {
  private readonly perEmail: { max: number; windowMinutes: number };
  private readonly perAddress: { max: number; windowMinutes: number };

  constructor(
    private readonly store: RateLimitStore,
    overrides: { perEmail?: number; perAddress?: number } = {},
  ) {
    this.perEmail = { ...MAIL_REQUEST_LIMITS.perEmail, max: overrides.perEmail ?? MAIL_REQUEST_LIMITS.perEmail.max };
    this.perAddress = { ...MAIL_REQUEST_LIMITS.perAddress, max: overrides.perAddress ?? MAIL_REQUEST_LIMITS.perAddress.max };
  }

  /**
   * Records the request before counting, so that a burst of parallel requests counts itself (as
   * the sign-in limit does); a refused request's rows are deleted again, so only accepted requests
   * (each one mail) fill the window. Runs before the email is looked up: a refusal reads and
   * takes the same whether or not an account uses the email.
   */
  async admit(email: string, clientAddress: string): Promise<void> {
    const emailCount = { kind: RATE_LIMIT_KINDS.mailTo, key: emailKey(email), windowMinutes: this.perEmail.windowMinutes };
    const addressCount = { kind: RATE_LIMIT_KINDS.mailClient, key: clientAddressKey(clientAddress), windowMinutes: this.perAddress.windowMinutes };
    const ids = await this.store.recordRateLimitEvents([emailCount, addressCount]);
    const [byEmail = 0, byAddress = 0] = await this.store.countRecentRateLimitEvents([emailCount, addressCount]);
    if (byAddress > this.perAddress.max || byEmail > this.perEmail.max) {
      await this.store.deleteRateLimitEvents(ids);
      throw new AppError('TOO_MANY_REQUESTS', byAddress > this.perAddress.max ? MAIL_REQUEST_LIMIT_MESSAGES.perAddress : MAIL_REQUEST_LIMIT_MESSAGES.perEmail);
    }
    // Old rows serve no window any more; deleting them here keeps the table small without a job.
    await this.store.pruneRateLimitEvents(Math.max(this.perEmail.windowMinutes, this.perAddress.windowMinutes));
  }
}
