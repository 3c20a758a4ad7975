import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/**
 * Holds `count` of the database's connections, each in an open transaction, until the returned
 * function is called (it then waits for them to end): other work then finds the pool busy.
 */
export async function holdConnections(db: Database, count: number): Promise<() => Promise<void>> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const started: Promise<void>[] = [];
  const holders = Array.from({ length: count }, () => {
    let begun: () => void = () => undefined;
    started.push(new Promise<void>((resolve) => (begun = resolve)));
    return db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      begun();
      await released;
    });
  });
  await Promise.all(started);
  return async () => {
    release();
    await Promise.all(holders);
  };
}
