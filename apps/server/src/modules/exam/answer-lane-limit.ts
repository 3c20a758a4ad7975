/**
 * How many answer-save statements the lane runs at once (issue 46): learnt from the database's own
 * answers instead of fixed at the lane's connections.
 *
 * Saves batch only when they wait (answer-save-queue.ts), and they wait only when every statement
 * slot is taken. A lane of ten connections to a two-core PostgreSQL never filled under 64 clients:
 * the database ran ten small statements at once, each paying a statement's fixed costs (start-up,
 * commit, WAL flush) while queueing for the same two cores (7 Dec: 0.64 of the bare upsert's rate
 * with a lane of 10, 1.07 with 2). A database with more cores wants more statements at once.
 *
 * The rule is TCP Vegas's, applied to statements. A statement's time is scaled to one save's (a
 * batch takes longer with each save it carries) and compared with the quickest seen lately. Once
 * for every `limit` statements that ended while saves were waiting:
 * - above twice the quickest, the database is queueing statements among themselves: one fewer at
 *   once, so that the waiting saves go in larger batches;
 * - below one and a half times, the database has room: one more.
 * With no save waiting the limit does not matter and does not move, so an exam day that never
 * fills the lane behaves as before.
 */
export interface AnswerLaneLimitOptions {
  /** The lane's connections: the most statements at once. */
  most: number;
  /** The fewest: two, so that one slow statement never holds every save. */
  least: number;
  /** Milliseconds, monotonic; `performance.now` unless a test drives it. */
  now?: () => number;
}

/** A save more in a statement adds this much of a lone save's time (PostgreSQL's CPU: 240 µs alone, 90 µs each in fours, 60 in eights). */
const EACH_FURTHER_SAVE = 0.15;
/** The quickest time seen counts for less as it ages, 0.5 % a second, so that a database that got slower for good is accepted within minutes. */
const QUICKEST_AGEING_PER_SECOND = 0.005;
const CROWDED = 2;
const ROOMY = 1.5;

export class AnswerLaneLimit {
  private current: number;
  private quickest = Number.POSITIVE_INFINITY;
  private quickestAt = 0;
  private roundTotal = 0;
  private roundStatements = 0;
  private readonly now: () => number;

  constructor(private readonly options: AnswerLaneLimitOptions) {
    if (options.least < 1 || options.most < options.least) throw new Error(`an answer lane of ${options.least}-${options.most} statements`);
    this.current = options.most;
    this.now = options.now ?? (() => performance.now());
  }

  /** Statements the lane may run at once now. */
  get limit(): number {
    return this.current;
  }

  /** A statement of `saves` saves took `ms`; `savesWaiting`: whether saves were waiting for a slot when it ended. */
  observe(saves: number, ms: number, savesWaiting: boolean): void {
    const perSave = ms / (1 + EACH_FURTHER_SAVE * (saves - 1));
    const at = this.now();
    if (perSave <= this.quickestNow(at)) {
      this.quickest = perSave;
      this.quickestAt = at;
    }
    if (!savesWaiting) return;
    this.roundTotal += perSave;
    this.roundStatements += 1;
    if (this.roundStatements < this.current) return;
    const crowding = this.roundTotal / this.roundStatements / this.quickestNow(at);
    this.roundTotal = 0;
    this.roundStatements = 0;
    if (crowding > CROWDED) this.current = Math.max(this.options.least, this.current - 1);
    else if (crowding < ROOMY) this.current = Math.min(this.options.most, this.current + 1);
  }

  private quickestNow(at: number): number {
    return this.quickest * (1 + (QUICKEST_AGEING_PER_SECOND * (at - this.quickestAt)) / 1000);
  }
}
