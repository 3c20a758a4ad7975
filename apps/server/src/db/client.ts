import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { AccountBoundPool, accountBoundPglite } from './account-boundary';
import { HEARTBEAT, watchConnection } from './connection-heartbeat';
import * as schema from './schema/index';
import { MIGRATIONS_DIR } from '../platform/server-paths';

export type Schema = typeof schema;
/** One type for both drivers: everything above the repositories is written against PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** Receives a channel's notifications (PostgreSQL LISTEN/NOTIFY) and knows whether it may have missed some. */
export interface ChannelListener {
  onNotification(payload: string): void;
  /** Listening (again): every notification from now on arrives. */
  onListening(): void;
  /** Not listening any more: notifications are missed until the next onListening. */
  onLost(): void;
}

export interface DatabaseHandle {
  db: Database;
  /**
   * Where candidates' answer saves run: on a server, connections of their own, so that an exam
   * day's submissions, launches and recording writes cannot queue ahead of them (issue 19: at the
   * submission peak of 2,000 candidates the saves waited 730 ms for a pooled connection). The same
   * as `db` on the embedded default (one connection) or when no lane is configured.
   */
  answerDb: Database;
  /**
   * How answer saves may use `answerDb` at once: its connections (the lane's own, or the main pool's
   * when it shares it; one on the embedded default), and how long a save may wait for one (0: no limit).
   */
  answerLane: AnswerLane;
  kind: 'pglite' | 'postgres';
  /** Set for a server database: migrations take their own connection to hold the lock. */
  connectionString?: string;
  /** A server's pools, for the metrics (none on the embedded default). */
  pools?: readonly { name: string; pool: pg.Pool }[];
  /** Listens on a channel until the returned function is called (on a server, reconnecting when the connection drops). */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}


export interface AnswerLane {
  connections: number;
  waitLimitMs: number;
  /** Whether the lane learns how many statements to run at once, fewer while the database is crowded (decision 045). */
  learns: boolean;
}

/** The embedded default: PGlite in a folder (or in memory with no folder, or from a dump for tests). */
export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<DatabaseHandle> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  const db = drizzlePglite(accountBoundPglite(client), { schema }) as unknown as Database;
  return {
    db,
    answerDb: db,
    answerLane: { connections: 1, waitLimitMs: 0, learns: false },
    kind: 'pglite',
    async listen(channel, listener) {
      // One connection: notifications of its own commits come back to it.
      const unlisten = await client.listen(channel, (payload) => listener.onNotification(payload));
      listener.onListening();
      return async () => {
        listener.onLost();
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      await client.close();
    },
  };
}

/**
 * An exam day's bursts come minutes apart (launches, then saves, then submissions): a connection
 * opened for one is kept for the next, where node-postgres' default (10 s idle) closed them and the
 * submission peak reconnected.
 */
const IDLE_CONNECTION_KEPT_MS = 5 * 60_000;

/** How each pool names itself to PostgreSQL (`pg_stat_activity.application_name`), for whoever watches the server. */
export const POOL_APPLICATION_NAMES = { main: 'certs', answerSaves: 'certs-answer-saves' } as const;

interface PoolOptions {
  applicationName: string;
  keptOpen: number;
  idleTimeoutMs: number;
  waitLimitMs: number;
}

/** `bindsAccounts`: the pool runs an account's staff statements under row-level security (db/account-boundary.ts). */
function openPool(connectionString: string, size: number, { applicationName, keptOpen, idleTimeoutMs, waitLimitMs }: PoolOptions, bindsAccounts = false): pg.Pool {
  const pool = new (bindsAccounts ? AccountBoundPool : pg.Pool)({
    connectionString,
    max: size,
    min: keptOpen,
    idleTimeoutMillis: idleTimeoutMs,
    // Bounds both the wait for a free connection and the opening of a new one (pg's option covers
    // both); past it the request is answered 503 with Retry-After (isDatabaseBusy) instead of queuing.
    connectionTimeoutMillis: waitLimitMs,
    application_name: applicationName,
  });
  // An idle connection that the server drops (restart, failover, a dropped test database) must
  // not crash the process: the pool replaces it at the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  return pool;
}

export interface PostgresPools {
  /** Connections for everything but answer saves. */
  poolSize?: number;
  /** 0: answer saves share the main pool. Otherwise that many connections of their own, opened now. */
  answerPoolSize?: number;
  idleTimeoutMs?: number;
  /**
   * How long a request may wait for a connection before it is turned away (503, `Retry-After`);
   * 0 (unset) waits however long it takes. The server sets it from DATABASE_POOL_WAIT_MS. Measured at 5,000 candidates on 2 cores (issue 22): unbounded,
   * the launch minute queued 2,375-4,723 requests for up to 25 s while browsers opened more and
   * more connections to the server, until its listen queue overflowed and they were reset.
   */
  waitLimitMs?: number;
  /** Whether the answer lane learns how many statements to run at once (decision 045); true unless told. */
  answerLaneLearns?: boolean;
}

/**
 * A PostgreSQL server: the main pool, and the answer saves' own connections when `answerPoolSize`
 * is above 0, opened now and kept open however long a sitting's quiet spell lasts.
 */
export async function openPostgres(connectionString: string, pools: PostgresPools = {}): Promise<DatabaseHandle> {
  const { poolSize = 10, answerPoolSize = 0, idleTimeoutMs = IDLE_CONNECTION_KEPT_MS, waitLimitMs = 0, answerLaneLearns = true } = pools;
  const pool = openPool(connectionString, poolSize, { applicationName: POOL_APPLICATION_NAMES.main, keptOpen: 0, idleTimeoutMs, waitLimitMs }, true);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const answerPool =
    answerPoolSize > 0 ? openPool(connectionString, answerPoolSize, { applicationName: POOL_APPLICATION_NAMES.answerSaves, keptOpen: answerPoolSize, idleTimeoutMs, waitLimitMs }) : null;
  if (answerPool) {
    // Opened now, not by the first saves of a sitting (connecting costs several ms each). A server
    // that cannot be reached is not an error here: the main pool's first query reports it.
    const opened = await Promise.allSettled(Array.from({ length: answerPoolSize }, () => answerPool.connect()));
    for (const result of opened) if (result.status === 'fulfilled') result.value.release();
  }
  return {
    db,
    answerDb: answerPool ? (drizzlePg(answerPool, { schema }) as unknown as Database) : db,
    answerLane: { connections: answerPool ? answerPoolSize : poolSize, waitLimitMs, learns: answerLaneLearns },
    kind: 'postgres',
    connectionString,
    pools: [{ name: POOL_APPLICATION_NAMES.main, pool }, ...(answerPool ? [{ name: POOL_APPLICATION_NAMES.answerSaves, pool: answerPool }] : [])],
    listen: (channel, listener) => listenOnServer(connectionString, channel, listener),
    async close() {
      await Promise.all([pool.end(), answerPool?.end()]);
    },
  };
}

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). When it drops, or
 * stops answering its heartbeat (`connection-heartbeat.ts`), the listener hears `onLost` at once
 * and `onListening` after a reconnect, tried again with backoff.
 * A first connection that fails does not stop the caller: it keeps trying in the background.
 */
async function listenOnServer(connectionString: string, channel: string, listener: ChannelListener): Promise<() => Promise<void>> {
  let current: pg.Client | null = null;
  let isStopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delayMs = RECONNECT_FIRST_MS;
  let stopHeartbeat: (() => void) | undefined;

  const reconnectLater = () => {
    if (isStopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delayMs);
    retry.unref();
    delayMs = Math.min(delayMs * 2, RECONNECT_MAX_MS);
  };
  const lose = (client: pg.Client) => {
    if (current !== client) return;
    current = null;
    stopHeartbeat?.();
    listener.onLost();
    client.end().catch(() => {});
    reconnectLater();
  };
  const connect = async () => {
    // A connection attempt into a network that drops everything would otherwise wait forever, and
    // the instance would never listen (and never remember a user) again.
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: HEARTBEAT.answerWithinMs });
    client.on('notification', (message) => {
      if (message.channel === channel) listener.onNotification(message.payload ?? '');
    });
    client.on('error', () => lose(client));
    client.on('end', () => lose(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch {
      client.end().catch(() => {});
      reconnectLater();
      return;
    }
    if (isStopped) {
      await client.end().catch(() => {});
      return;
    }
    current = client;
    delayMs = RECONNECT_FIRST_MS;
    // A peer that vanished without a word would otherwise leave it "listening" to nothing.
    stopHeartbeat = watchConnection(client, () => lose(client));
    listener.onListening();
  };

  await connect();
  return async () => {
    isStopped = true;
    clearTimeout(retry);
    stopHeartbeat?.();
    const client = current;
    current = null;
    if (client) {
      listener.onLost();
      await client.end().catch(() => {});
    }
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
