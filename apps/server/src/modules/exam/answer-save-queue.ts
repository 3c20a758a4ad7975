import { DatabaseBusyError, isDatabaseBusy } from '../../db/errors';
import { answerSaveQueueWaiting, answerSaveStatementSaves, answerLaneStatementsAtOnce } from '../../platform/metrics/metrics';
import type { AnswerLaneLimit } from './answer-lane-limit';

/** How the queue reaches the database: one save in its own statement, or several in one. */
export interface AnswerSaveLane<Save, Outcome> {
  one(save: Save): Promise<Outcome>;
  /** The outcomes in the order of the saves. */
  many(saves: readonly Save[]): Promise<Outcome[]>;
}

export interface AnswerSaveQueueOptions {
  /** Statements at once: the connections the saves run on, so that none waits inside the pool. */
  connections: number;
  /** At most this many saves in one statement. */
  largestBatch: number;
  /** A save waiting longer than this for a connection is refused as busy (503, Retry-After); 0: no limit. */
  waitLimitMs: number;
  /** Fewer statements at once than `connections` while the database is crowded (answer-lane-limit.ts); all of them when not given. */
  limit?: Pick<AnswerLaneLimit, 'limit' | 'observe'>;
}

interface Waiting<Save, Outcome> {
  save: Save;
  sittingId: string;
  since: number;
  resolve(outcome: Outcome): void;
  reject(error: unknown): void;
}

/**
 * Natural batching of candidates' answer saves (issue 22). A save goes to PostgreSQL at once, alone
 * and in the statement it has always used, whenever one of the lane's connections is free. Only
 * when all are busy do saves wait here, and the next free connection takes everything waiting in
 * one statement. No save ever waits for a batch to fill, and under load PostgreSQL does one
 * statement for several saves (measured: about 240 µs of PostgreSQL's CPU for a save alone, 90 µs
 * each in fours, 60 µs in eights).
 *
 * A sitting is in at most one statement at a time, so that one statement never updates a row twice
 * and two statements never wait on each other's rows. When a batch's statement fails, its saves are
 * tried again one at a time: a save that cannot be stored fails alone.
 */
export class AnswerSaveQueue<Save, Outcome> {
  private readonly waiting: Waiting<Save, Outcome>[] = [];
  private readonly sittingsInFlight = new Set<string>();
  private statementsInFlight = 0;
  private expiryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly lane: AnswerSaveLane<Save, Outcome>,
    private readonly sittingOf: (save: Save) => string,
    private readonly options: AnswerSaveQueueOptions,
  ) {}

  apply(save: Save): Promise<Outcome> {
    return new Promise<Outcome>((resolve, reject) => {
      this.waiting.push({ save, sittingId: this.sittingOf(save), since: Date.now(), resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    const atOnce = Math.min(this.options.connections, this.options.limit?.limit ?? this.options.connections);
    answerLaneStatementsAtOnce.set(atOnce);
    while (this.statementsInFlight < atOnce) {
      const batch = this.takeBatch();
      if (batch.length === 0) break;
      this.statementsInFlight += 1;
      for (const entry of batch) this.sittingsInFlight.add(entry.sittingId);
      void this.run(batch).finally(() => {
        this.statementsInFlight -= 1;
        for (const entry of batch) this.sittingsInFlight.delete(entry.sittingId);
        this.pump();
      });
    }
    this.watchExpiry();
    answerSaveQueueWaiting.set(this.waiting.length);
  }

  /** The waiting saves in order of arrival, one per sitting, skipping sittings already in a statement. */
  private takeBatch(): Waiting<Save, Outcome>[] {
    const batch: Waiting<Save, Outcome>[] = [];
    const sittings = new Set<string>();
    for (let index = 0; index < this.waiting.length && batch.length < this.options.largestBatch; ) {
      const entry = this.waiting[index]!;
      if (this.sittingsInFlight.has(entry.sittingId) || sittings.has(entry.sittingId)) {
        index += 1;
        continue;
      }
      this.waiting.splice(index, 1);
      batch.push(entry);
      sittings.add(entry.sittingId);
    }
    return batch;
  }

  private async run(batch: Waiting<Save, Outcome>[]): Promise<void> {
    answerSaveStatementSaves.observe(batch.length);
    const startedAt = performance.now();
    // The lane's limit learns from statements that reached the database and came back.
    const observe = () => this.options.limit?.observe(batch.length, performance.now() - startedAt, this.waiting.length > 0);
    if (batch.length === 1) return settle(batch[0]!, () => this.lane.one(batch[0]!.save), observe);
    let outcomes: Outcome[];
    try {
      outcomes = await this.lane.many(batch.map((entry) => entry.save));
      observe();
    } catch (error) {
      // No connection in time: alone, each would wait the same way.
      if (isDatabaseBusy(error)) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      for (const entry of batch) await settle(entry, () => this.lane.one(entry.save));
      return;
    }
    batch.forEach((entry, index) => entry.resolve(outcomes[index]!));
  }

  /** Refuses saves that waited past the limit, as the pool refuses a request it has no connection for. */
  private watchExpiry(): void {
    const { waitLimitMs } = this.options;
    if (waitLimitMs <= 0 || this.expiryTimer || this.waiting.length === 0) return;
    const oldest = this.waiting[0]!.since; // kept in order of arrival
    this.expiryTimer = setTimeout(
      () => {
        this.expiryTimer = undefined;
        const now = Date.now();
        for (let index = this.waiting.length - 1; index >= 0; index -= 1) {
          const entry = this.waiting[index]!;
          if (now - entry.since < waitLimitMs) continue;
          this.waiting.splice(index, 1);
          entry.reject(new DatabaseBusyError(waitLimitMs));
        }
        this.watchExpiry();
      },
      Math.max(0, oldest + waitLimitMs - Date.now()),
    );
    this.expiryTimer.unref();
  }
}

async function settle<Save, Outcome>(entry: Waiting<Save, Outcome>, work: () => Promise<Outcome>, done?: () => void): Promise<void> {
  try {
    const outcome = await work();
    done?.();
    entry.resolve(outcome);
  } catch (error) {
    entry.reject(error);
  }
}
