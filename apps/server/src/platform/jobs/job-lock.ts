import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';

/**
 * Advisory lock keys of periodic jobs that one instance at a time runs on a shared server. The
 * 7_406_2xx range is the project's (221: migrations, 222: the demo seed).
 */
export const JOB_LOCK_KEYS = {
  uploadSweep: 7_406_231,
  /** Welder qualification confirmations: reminders and ends (decision 026). */
  wpqValidity: 7_406_240,
  recordingRetention: 7_406_232,
} as const;

export type AloneResult<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs `work` unless another instance is running the same job: on a PostgreSQL server, under a
 * transaction-level advisory lock taken with `pg_try_advisory_xact_lock` (an instance that does not
 * get it skips this pass rather than waiting, and the lock goes with the transaction, even when the
 * process dies). Jobs whose work is not rows to claim with `FOR UPDATE SKIP LOCKED` (storage, for
 * one) use it. The embedded PGlite belongs to one process, so there it simply runs; a transaction
 * there would hold the only connection for the whole pass.
 */
export async function runAlone<T>(database: Pick<DatabaseHandle, 'db' | 'kind'>, key: number, work: () => Promise<T>): Promise<AloneResult<T>> {
  if (database.kind === 'pglite') return { ran: true, result: await work() };
  return database.db.transaction(async (tx) => {
    const answer = await tx.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`);
    const [row] = (answer as unknown as { rows: { locked: boolean }[] }).rows;
    if (!row?.locked) return { ran: false } as const;
    return { ran: true, result: await work() } as const;
  });
}
