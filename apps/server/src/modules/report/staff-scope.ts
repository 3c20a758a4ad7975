import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';

/**
 * Which programs' records a member of staff may count or list in reports, exports, the dashboard
 * and the advanced search: super users and account administrators every program (`all`), other
 * staff the programs they serve on (named manager or any program role), as the application queue
 * does (decision 006). One place, so that every figure is scoped the same way.
 */
export type ProgramScope = { all: true } | { all: false; programIds: readonly string[] };

export function isAccountWide(actor: CurrentUser): boolean {
  return actor.role === ROLES.SuperUser || actor.role === ROLES.AccountAdministrator;
}

export class StaffScope {
  constructor(private readonly db: Database) {}

  async of(actor: CurrentUser): Promise<ProgramScope> {
    if (actor.userType !== 'admin') throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    if (isAccountWide(actor)) return { all: true };
    const result = await this.db.execute(sql`
      select id from programs where program_manager_id = ${actor.id}
      union select program_id from program_users where user_id = ${actor.id}`);
    return { all: false, programIds: (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id) };
  }

  /** The scope narrowed to one program when asked; a program outside the caller's scope is a 403, never an empty answer. */
  async narrowed(actor: CurrentUser, programId: string | undefined): Promise<ProgramScope> {
    const scope = await this.of(actor);
    if (!programId) return scope;
    if (!scope.all && !scope.programIds.includes(programId)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return { all: false, programIds: [programId] };
  }
}

/** `column in (...)` for a scoped caller; true for the account-wide; false for staff serving on no program. */
export function inScope(column: SQL, scope: ProgramScope): SQL {
  if (scope.all) return sql`true`;
  if (scope.programIds.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    scope.programIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/** A timestamp column's Sydney day within an optional period of days. */
export function withinDays(column: SQL, from: string | undefined, to: string | undefined): SQL {
  const day = sql`(${column} at time zone 'Australia/Sydney')::date`;
  const parts: SQL[] = [sql`true`];
  if (from) parts.push(sql`${day} >= ${from}::date`);
  if (to) parts.push(sql`${day} <= ${to}::date`);
  return sql.join(parts, sql` and `);
}

/** The rows of a raw query, on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
