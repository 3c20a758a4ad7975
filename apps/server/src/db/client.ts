import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** One type for both drivers: everything above the repositories is written against PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Set for a server database: migrations take their own connection to hold the lock. */
  connectionString?: string;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The embedded default: PGlite in a folder (or in memory with no folder, or from a dump for tests). */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async close() {
      await client.close();
    },
  };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection that the server drops (restart, failover, a dropped test database) must
  // not crash the process: the pool replaces it at the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    connectionString,
    async close() {
      await pool.end();
    },
  };
}

// An arbitrary fixed key so that only one instance migrates at a time on a shared server.
const MIGRATION_LOCK_KEY = 7_406_221;

/** Applies the generated SQL migrations; on a server, under an advisory lock. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    // The drizzle object is the PGlite one underneath; the cast is undone here on purpose.
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  // A session lock belongs to one connection, so the whole migration runs on a single client.
  const client = new pg.Client({ connectionString: handle.connectionString });
  await client.connect();
  try {
    const db = drizzlePg(client);
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.end();
  }
}
