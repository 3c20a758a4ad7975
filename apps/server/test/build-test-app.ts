import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Storage } from '../src/platform/storage/storage';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { readEnv, type Env } from '../src/config/env';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/db/client';
import { serverUrlFor, uniqueDatabaseName, withAdminClient } from './test-database';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** Whether the suite runs on a PostgreSQL server (npm run test:api) rather than the embedded PGlite. */
export function isOnPostgresServer(): boolean {
  return inject('postgresBaseUrl') !== '';
}

/**
 * A fresh database for one test file: a copy of the migrated template, dropped on close. `pools`
 * sizes a server's connections (4, answer saves sharing them, unless given); PGlite has one.
 */
export async function openTestDatabase(pools: { size: number; answerSize: number; idleTimeoutMs?: number; waitLimitMs?: number } = { size: 4, answerSize: 0 }): Promise<DatabaseHandle> {
  const serverUrl = inject('postgresBaseUrl');
  if (serverUrl) {
    const name = uniqueDatabaseName();
    await withAdminClient(serverUrl, (client) => client.query(`create database ${name} template ${inject('postgresTemplate')}`));
    const handle = await openPostgres(serverUrlFor(serverUrl, name), { poolSize: pools.size, answerPoolSize: pools.answerSize, idleTimeoutMs: pools.idleTimeoutMs, waitLimitMs: pools.waitLimitMs });
    return {
      ...handle,
      async close() {
        await handle.close();
        await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      },
    };
  }
  const dump = readFileSync(inject('pgliteTemplatePath'));
  return openPglite({ loadDataDir: new Blob([dump]) });
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The real app on a real database, driven with app.inject. */
export async function buildTestApp(
  envOverrides: Partial<Record<keyof Env, string>> = {},
  database?: DatabaseHandle,
  webDistDir?: string,
  storage?: Storage,
): Promise<TestApp> {
  const db = database ?? (await openTestDatabase());
  const env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', LOGIN_RESTRICTION_CACHE_SECONDS: '0', ...envOverrides });
  const app = await buildApp({ env, database: db, jwtSecret: TEST_JWT_SECRET, logger: false, webDistDir, dataDir: mkdtempSync(path.join(tmpdir(), 'certs-data-')), storage });
  await app.ready();
  return {
    app,
    database: db,
    async close() {
      await app.close();
      if (!database) await db.close();
    },
  };
}
