import { DEFAULT_TIME_ZONE, dayInTimeZone, isOfferedTimeZone } from '@certs/shared/common/dates';
import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { accounts } from '../../db/schema/account';
import { programs } from '../../db/schema/program';

/**
 * Each awarding body judges its own days in its own time zone (issue 40: a New Zealand body works
 * in Auckland time): a program's "today", the day a payment counts in, an invoice's date, when a
 * reminder is due. This is the one place that answers "which zone is this account's"; the
 * applicant's own screens keep the applicant's zone (users.time_zone).
 */

/** The zone as stored, when it is one the platform offers; Sydney otherwise (never an unknown zone name in SQL or dayjs). */
export function accountZone(zone: string | null | undefined): string {
  return zone && isOfferedTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** YYYY-MM-DD of an instant in a zone. */
export function dayIn(zone: string, at: Date = new Date()): string {
  return dayInTimeZone(at, accountZone(zone));
}

/**
 * SQL for the zone of the account that owns the program in `programColumn`, for a query that
 * has no join to `accounts` at hand (one value per program, looked up by the database).
 */
export function programZoneSql(programColumn: SQL | AnyColumn): SQL<string> {
  return sql<string>`coalesce((select acz.time_zone from programs pgz join accounts acz on acz.id = pgz.account_id where pgz.id = ${programColumn}), ${DEFAULT_TIME_ZONE})`;
}

/** Zones read from the database: an account's, a program's account's, every account's. */
export class AccountTimeZones {
  constructor(private readonly db: Executor) {}

  async ofAccount(accountId: string): Promise<string> {
    const [row] = await this.db.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
    return accountZone(row?.timeZone);
  }

  async ofProgram(programId: string): Promise<string> {
    const [row] = await this.db.select({ timeZone: accounts.timeZone }).from(programs).innerJoin(accounts, eq(accounts.id, programs.accountId)).where(eq(programs.id, programId));
    return accountZone(row?.timeZone);
  }

  /** Every account with its zone: a job that runs for all of them judges each one's day. */
  async accounts(): Promise<{ accountId: string; timeZone: string }[]> {
    const rows = await this.db.select({ accountId: accounts.id, timeZone: accounts.timeZone }).from(accounts).orderBy(accounts.createdOn, accounts.id);
    return rows.map((row) => ({ accountId: row.accountId, timeZone: accountZone(row.timeZone) }));
  }

  /** Every account's zone, each once (Sydney when there is no account yet). */
  async all(): Promise<string[]> {
    const zones = [...new Set((await this.accounts()).map((row) => row.timeZone))];
    return zones.length > 0 ? zones : [DEFAULT_TIME_ZONE];
  }
}
