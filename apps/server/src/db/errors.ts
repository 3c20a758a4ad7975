function hasSqlState(error: unknown, code: string): boolean {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** PostgreSQL's unique_violation, as raised by either driver (drizzle wraps it in `cause`). */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, '23505');
}

/** PostgreSQL's foreign_key_violation: a row others still refer to (a venue a schedule uses). */
export function isForeignKeyViolation(error: unknown): boolean {
  return hasSqlState(error, '23503');
}
