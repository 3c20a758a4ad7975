import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type DatabaseHandle } from '../../db/client';
import { runAlone } from './job-lock';

const KEY = 7_406_299;

interface Instances {
  name: string;
  /** Two instances of the app on one database: two handles (pools) of their own. */
  open(): Promise<[DatabaseHandle, DatabaseHandle]>;
}

const backends: Instances[] = [
  {
    name: 'PostgreSQL',
    open: async () => [await openPostgres(process.env.TEST_DATABASE_URL!, { poolSize: 2 }), await openPostgres(process.env.TEST_DATABASE_URL!, { poolSize: 2 })],
  },
];

// The lock needs no schema, so it runs on the server named for the API suite (CI: `npm run test:api`).
for (const backend of process.env.TEST_DATABASE_URL ? backends : []) {
  describe(`runAlone on ${backend.name}`, () => {
    let first: DatabaseHandle;
    let second: DatabaseHandle;
    beforeAll(async () => {
      [first, second] = await backend.open();
    });
    afterAll(async () => {
      await first?.close();
      await second?.close();
    });

    it('lets one instance run a pass while another skips it, and the next pass runs once the first ends', async () => {
      let release: () => void = () => undefined;
      let started: () => void = () => undefined;
      const isStarted = new Promise<void>((resolve) => (started = resolve));
      const firstPass = runAlone(first, KEY, async () => {
        started();
        await new Promise<void>((resolve) => (release = resolve));
        return 'first';
      });
      await isStarted;
      let secondRan = false;
      expect(
        await runAlone(second, KEY, async () => {
          secondRan = true;
        }),
      ).toEqual({ ran: false });
      expect(secondRan).toBe(false);
      release();
      expect(await firstPass).toEqual({ ran: true, result: 'first' });
      expect(await runAlone(second, KEY, async () => 'second')).toEqual({ ran: true, result: 'second' });
    });

    it('lets the lock go when a pass fails', async () => {
      await expect(runAlone(first, KEY, async () => Promise.reject(new Error('storage down')))).rejects.toThrow('storage down');
      expect(await runAlone(second, KEY, async () => 'after a failure')).toEqual({ ran: true, result: 'after a failure' });
    });

    it('locks per job: another key runs alongside', async () => {
      let release: () => void = () => undefined;
      let started: () => void = () => undefined;
      const isStarted = new Promise<void>((resolve) => (started = resolve));
      const pass = runAlone(first, KEY, async () => {
        started();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await isStarted;
      expect(await runAlone(second, KEY + 1, async () => 'other job')).toEqual({ ran: true, result: 'other job' });
      release();
      await pass;
    });
  });
}

describe('runAlone on the embedded PGlite', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openPglite();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('runs the work at once (one process owns the database) and leaves the database free meanwhile', async () => {
    const result = await runAlone(handle, KEY, async () => {
      // No transaction holds the only connection during the pass.
      await handle.db.execute('select 1');
      return 'ran';
    });
    expect(result).toEqual({ ran: true, result: 'ran' });
  });
});
