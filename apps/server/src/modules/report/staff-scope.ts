import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { AccountTimeZones } from '../account/account-time-zone';

/**
 * Which programs' records a member of staff may count or list in reports, exports, the dashboard
 * and the advanced search: super users and account administrators every program of the account
 * they work in (`all`), other staff the programs of that account they serve on (named manager or
 * any program role), as the application queue does (decision 006). One place, so that every figure
 * is scoped the same way; no scope reaches another account's programs (issue 40).
 */
export type ProgramScope = ({ all: true; accountId: string } | { all: false; programIds: readonly string[] }) & {
  /** The account's time zone: its days and months are judged in it (a New Zealand body's in Auckland's). */
  timeZone: string;
};

export function isAccountWide(actor: CurrentUser): boolean {
  return actor.role === ROLES.SuperUser || actor.role === ROLES.AccountAdministrator;
}

export class StaffScope {
  private readonly zones: AccountTimeZones;

  constructor(private readonly db: Database) {
    this.zones = new AccountTimeZones(db);
  }

  async of(actor: CurrentUser): Promise<ProgramScope> {
    const accountId = staffAccountOf(actor);
    const timeZone = await this.zones.ofAccount(accountId);
    if (isAccountWide(actor)) return { all: true, accountId, timeZone };
    const result = await this.db.execute(sql`
      select id from programs
      where account_id = ${accountId}
        and (program_manager_id = ${actor.id} or id in (select program_id from program_users where user_id = ${actor.id}))`);
    return { all: false, programIds: rowsOf<{ id: string }>(result).map((row) => row.id), timeZone };
  }

  /** The scope narrowed to one program when asked; a program outside the caller's scope (another account's too) is a 403, never an empty answer. */
  async narrowed(actor: CurrentUser, programId: string | undefined): Promise<ProgramScope> {
    const scope = await this.of(actor);
    if (!programId) return scope;
    const isInScope = scope.all ? await this.isOfAccount(programId, scope.accountId) : scope.programIds.includes(programId);
    if (!isInScope) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return { all: false, programIds: [programId], timeZone: scope.timeZone };
  }

  private async isOfAccount(programId: string, accountId: string): Promise<boolean> {
    if (!UUID.test(programId)) return false;
    return rowsOf(await this.db.execute(sql`select 1 from programs where id = ${programId}::uuid and account_id = ${accountId}`)).length > 0;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The account's programs (a subquery), for the account-wide. */
export function programsOfAccount(accountId: string): SQL {
  return sql`(select id from programs where account_id = ${accountId})`;
}

/** `column in (...)`: the account's programs for the account-wide, the programs served for other staff (false when none). */
export function inScope(column: SQL, scope: ProgramScope): SQL {
  if (scope.all) return sql`${column} in ${programsOfAccount(scope.accountId)}`;
  if (scope.programIds.length === 0) return sql`false`;
  return sql`${column} in (${sql.join(
    scope.programIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/** A timestamp column's day in the account's zone within an optional period of days. */
export function withinDays(column: SQL, from: string | undefined, to: string | undefined, timeZone: string): SQL {
  const day = sql`(${column} at time zone ${timeZone})::date`;
  const parts: SQL[] = [sql`true`];
  if (from) parts.push(sql`${day} >= ${from}::date`);
  if (to) parts.push(sql`${day} <= ${to}::date`);
  return sql.join(parts, sql` and `);
}

/** The rows of a raw query, on either driver. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
