import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { SERVER_BUSY } from '@certs/shared/common/api-error';
import { buildTestApp, isOnPostgresServer, openTestDatabase, type TestApp } from '../../test/build-test-app';
import { createUser } from '../../test/factories/user.factory';
import { holdConnections } from '../../test/hold-connections';
import { signIn } from '../../test/sign-in';
import { createPublishedTest, EVERY_TYPE, examClient } from '../modules/exam/exam-test-fixtures';
import { isDatabaseBusy, isUniqueViolation } from './errors';

/**
 * Issue 22: at 5,000 candidates the launch minute queued thousands of requests for the main pool,
 * up to 25 s each, until the server's listen queue overflowed. A request now waits at most
 * DATABASE_POOL_WAIT_MS for a connection and is otherwise answered 503 with Retry-After.
 */
const onServer = isOnPostgresServer();
const WAIT_LIMIT_MS = 300;

/** A TCP server that accepts connections and never says a word: a PostgreSQL that cannot answer in time. */
async function silentServer(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://nobody@127.0.0.1:${port}/nothing`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('isDatabaseBusy', () => {
  it("recognises node-postgres' own errors when no connection comes in time, bare or wrapped by drizzle, and nothing else", async () => {
    const silent = await silentServer();
    const pool = new pg.Pool({ connectionString: silent.url, max: 1, connectionTimeoutMillis: WAIT_LIMIT_MS });
    try {
      const opening = await pool.connect().catch((error: unknown) => error);
      expect(isDatabaseBusy(opening)).toBe(true);
      const query = await drizzle(pool)
        .execute(sql`select 1`)
        .catch((error: unknown) => error);
      expect(isDatabaseBusy(query)).toBe(true);
    } finally {
      await pool.end();
      await silent.close();
    }
    expect(isDatabaseBusy(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseBusy(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(false);
    expect(isUniqueViolation(new Error('wrapped', { cause: Object.assign(new Error('duplicate'), { code: '23505' }) }))).toBe(true);
    expect(isDatabaseBusy(null)).toBe(false);
  });
});

describe('a launch while every connection of the instance is held by other work', () => {
  let t: TestApp;
  let api: ReturnType<typeof examClient>;
  let jwt: string;
  let testId: string;

  beforeAll(async () => {
    // Two connections, answer saves sharing them, and a short wait limit.
    t = await buildTestApp({}, await openTestDatabase({ size: 2, answerSize: 0, waitLimitMs: WAIT_LIMIT_MS }));
    api = examClient(t.app);
    const candidate = await createUser(t.database.db, { role: ROLES.Applicant, firstName: 'Busy' });
    jwt = (await signIn(t.app, candidate)).jwt;
    testId = (await createPublishedTest(t.database.db, { testType: 'trial', questions: EVERY_TYPE, overallTime: 30, minimumTime: 0 })).id;
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  async function sittingsOfTheTest(): Promise<number> {
    const result = await t.database.db.execute(sql`select count(*)::int as n from exam_instances where exam_definition_id = ${testId}`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  it(
    onServer
      ? 'on a PostgreSQL server, is turned away with 503 and Retry-After within the wait limit, creates nothing, and succeeds once a connection is free'
      : 'on the embedded default (one connection, no pool), waits for the connection and is answered',
    async () => {
      if (!onServer) {
        const release = await holdConnections(t.database.db, 1);
        const launching = api.post('/api/launchexam/inittrial', { testId }, jwt);
        await release();
        expect((await launching).statusCode).toBe(200);
        expect(await sittingsOfTheTest()).toBe(1);
        return;
      }
      const release = await holdConnections(t.database.db, 2);
      let busy;
      try {
        // Answered while both connections are still held: it was turned away, not queued.
        busy = await api.post('/api/launchexam/inittrial', { testId }, jwt);
      } finally {
        await release();
      }
      expect(busy.statusCode, busy.body).toBe(503);
      expect(busy.headers['retry-after']).toBe(String(SERVER_BUSY.retryAfterSeconds));
      expect(busy.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: SERVER_BUSY.message });
      expect(await sittingsOfTheTest()).toBe(0);

      const launched = await api.post('/api/launchexam/inittrial', { testId }, jwt);
      expect(launched.statusCode, launched.body).toBe(200);
      expect(await sittingsOfTheTest()).toBe(1);
    },
  );
});
