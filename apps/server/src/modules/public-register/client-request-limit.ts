import { AppError } from '../../platform/app-error';
import { clientAddressKey, type RateLimitStore } from '../registration/mail-request-limit';

export interface ClientLimit {
  /** The `rate_limit_events` kind the requests are counted under. */
  kind: string;
  max: number;
  windowMinutes: number;
  message: string;
}

/**
 * The public register and verification answer anyone, so each client address gets a budget:
 * enough for a person paging through results or an employer checking a crew's certificates, not
 * for a script walking the register. Counted in PostgreSQL (`rate_limit_events`, as the mail
 * limits of issue 15 are), so the budget holds across instances.
 */
export const PUBLIC_REGISTER_LIMITS = {
  search: { kind: 'register_client', max: 30, windowMinutes: 10 },
  verify: { kind: 'verify_client', max: 60, windowMinutes: 10 },
} as const;

/** The mail limits count over an hour; old rows are deleted only past the longest window of any kind. */
const PRUNE_AFTER_MINUTES = 24 * 60;

export class ClientRequestLimit {
  constructor(
    private readonly store: RateLimitStore,
    private readonly limit: ClientLimit,
  ) {}

  /** Records the request before counting (a parallel burst counts itself); a refused one's row is taken back. */
  async admit(clientAddress: string): Promise<void> {
    const counted = { kind: this.limit.kind, key: clientAddressKey(clientAddress), windowMinutes: this.limit.windowMinutes };
    const ids = await this.store.recordRateLimitEvents([counted]);
    const [recent = 0] = await this.store.countRecentRateLimitEvents([counted]);
    if (recent > this.limit.max) {
      await this.store.deleteRateLimitEvents(ids);
      throw new AppError('TOO_MANY_REQUESTS', this.limit.message);
    }
    await this.store.pruneRateLimitEvents(Math.max(PRUNE_AFTER_MINUTES, this.limit.windowMinutes));
  }
}
