import { LRUCache } from 'lru-cache';
import type { ChannelListener } from '../../db/client';
import type { SessionUserChanges } from '../../platform/auth/authenticate';
import type { SessionUserRow } from './auth.repository';

/** The channel of migration 0009's triggers: a user id, or '*' for everyone. */
export const SESSION_USER_CHANNEL = 'session_user_changed';
const EVERYONE = '*';
/** About the users active on one instance at a busy time (an exam day of thousands). */
const USERS_KEPT = 20_000;
/**
 * A bound on staleness should a notification be missed without the listening connection being
 * known lost (its heartbeat notices a silent one within 25 s). It was 30 s: each user's row was then
 * read again every 30 s, two thirds of the main pool's work with 5,000 candidates in a sitting, and
 * each answer save waited in that pool's queue for it (docs/performance.md, 2 Dec 2026).
 */
const KEPT_FOR_MS = 5 * 60_000;

/**
 * The rows every api/ request checks (active, session version, role, menu, applicant), remembered
 * per instance. Reading the row on each request was the largest share of an exam day's queries
 * (docs/performance.md). Correctness rests on PostgreSQL's notifications (migration 0009): a
 * change to a user is forgotten on every instance as it commits, and nothing is remembered while
 * this instance is not listening (before the first LISTEN and after a lost connection).
 */
export class SessionUserCache implements ChannelListener, SessionUserChanges {
  private readonly rows = new LRUCache<string, SessionUserRow>({ max: USERS_KEPT, ttl: KEPT_FOR_MS });
  private isListening = false;
  /**
   * Moves on with every change heard: a row read before a change must not be kept after it (the
   * read may have started before the change committed and finished after it was announced).
   */
  private generation = 0;

  constructor(private readonly load: (userId: string) => Promise<SessionUserRow | undefined>) {}

  async find(userId: string): Promise<SessionUserRow | undefined> {
    if (this.isListening) {
      const known = this.rows.get(userId);
      if (known) return known;
    }
    const generation = this.generation;
    const row = await this.load(userId);
    if (row && this.isListening && generation === this.generation) this.rows.set(userId, row);
    return row;
  }

  forget(userId: string): void {
    this.generation += 1;
    if (userId === EVERYONE) this.rows.clear();
    else this.rows.delete(userId);
  }

  onNotification(payload: string): void {
    this.forget(payload);
  }

  onListening(): void {
    this.forget(EVERYONE);
    this.isListening = true;
  }

  onLost(): void {
    this.isListening = false;
    this.forget(EVERYONE);
  }
}
