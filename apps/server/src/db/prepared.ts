import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './executor';

const dialect = new PgDialect();

/** The part of drizzle's session (on the database and on a transaction alike) that names a statement. */
interface NamingSession {
  prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, isResponseInArrayMode: boolean): { execute(): Promise<unknown> };
}

/**
 * Runs a hot statement as a named prepared statement: on a PostgreSQL server each connection
 * parses and plans it once instead of at every call (planning was 0.8 ms of the answer save's
 * 1.2 ms inside PostgreSQL, docs/performance.md); PGlite runs it as any statement. The statement's
 * text must be the same at every call under one name: only its parameters may vary.
 */
export async function executePrepared<T>(executor: Executor, name: string, query: SQL): Promise<T[]> {
  const session = (executor as unknown as { session: NamingSession }).session;
  const result = await session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}
