import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/build-test-app';
import type { DatabaseHandle } from './client';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('listening on a channel (whichever database the suite runs on)', () => {
  it('hears what is committed while it listens, not what is rolled back, and nothing once stopped', async () => {
    const heard: string[] = [];
    const states: string[] = [];
    const stop = await database.listen('listen_test', {
      onNotification: (payload) => heard.push(payload),
      onListening: () => states.push('listening'),
      onLost: () => states.push('lost'),
    });
    expect(states).toEqual(['listening']);
    await database.db.execute(sql`select pg_notify('listen_test', 'committed')`);
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('listen_test', 'rolled back')`);
        throw new Error('roll back');
      })
      .catch(() => {});
    await database.db.execute(sql`select pg_notify('other_channel', 'elsewhere')`);
    await expect.poll(() => heard, { timeout: 2000 }).toEqual(['committed']);
    await stop();
    expect(states).toEqual(['listening', 'lost']);
    await database.db.execute(sql`select pg_notify('listen_test', 'after stop')`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual(['committed']);
  });
});
