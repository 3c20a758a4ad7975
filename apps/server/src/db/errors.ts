/** Whether the error, or any error in its `cause` chain (drizzle wraps the driver's), matches. */
function anyInChain(error: unknown, matches: (error: object) => boolean): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if (matches(current)) return true;
  }
  return false;
}

function hasSqlState(error: unknown, code: string): boolean {
  return anyInChain(error, (current) => (current as { code?: unknown }).code === code);
}

/** PostgreSQL's unique_violation, as raised by either driver (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/** PostgreSQL's foreign_key_violation: a row others still refer to (a venue a schedule uses). */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasSqlState(error, '23503');
}

/** What node-postgres' pool says when no connection came within `connectionTimeoutMillis`. */
const POOL_WAIT_MESSAGES = ['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout'];

/**
 * No connection to the PostgreSQL server within the pool's wait limit: every connection was busy,
 * or a new one could not be opened in time. The statement that needed it never ran (answered 503).
 */
export function isDatabaseBusy(error: unknown): boolean {
  return anyInChain(error, (current) => current instanceof DatabaseBusyError || (current instanceof Error && POOL_WAIT_MESSAGES.includes(current.message)));
}

/** Raised by a queue in front of the pool (the answer saves') when its wait limit passed first: answered as the pool's own. */
export class DatabaseBusyError extends Error {
  constructor(waitedMs: number) {
    super(`No database connection within ${waitedMs} ms`);
    this.name = 'DatabaseBusyError';
  }
}
