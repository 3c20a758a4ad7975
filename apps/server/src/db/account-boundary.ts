import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The database's own account boundary (decision 034): while a request of an account's staff runs,
 * its statements run as the role `certs_account_staff` with `certs.account_id` set to their
 * account, and the row-level security policies of migration 0034 show and accept only that
 * account's rows. It does not depend on each query remembering the account: a query that forgets
 * finds nothing of another body.
 *
 * Applicants, the public, the platform super user and background work are not bound: they run as
 * the connecting role (the tables' owner), which row-level security does not touch, so an exam
 * day's answer saves cost what they cost before.
 */
export const ACCOUNT_STAFF_ROLE = 'certs_account_staff';

interface RequestBoundary {
  /** The account the request's statements are bound to; null: not bound. */
  accountId: string | null;
}

const requests = new AsyncLocalStorage<RequestBoundary>();

/** Runs a request (everything after this, its handler included) with a boundary of its own, unbound until the caller is known. */
export function runRequestUnbound(next: () => void): void {
  requests.run({ accountId: null }, next);
}

/** Binds the rest of the current request to a staff member's account. */
export function bindRequestToAccount(accountId: string): void {
  if (!UUID.test(accountId)) throw new Error(`not an account id: ${accountId}`);
  const boundary = requests.getStore();
  if (boundary) boundary.accountId = accountId;
}

/**
 * Work a request starts but does not wait for (the mail outbox, a job) serves every account: it
 * runs unbound, whoever's request woke it.
 */
export function runUnbound<T>(work: () => T): T {
  return requests.run({ accountId: null }, work);
}

/** The account the current statement is bound to, if any. */
export function boundAccount(): string | null {
  return requests.getStore()?.accountId ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The statements that bind a connection (or, with `local`, a transaction) to an account; the id is checked to be a UUID above. */
function bindingSql(accountId: string, local: boolean): string {
  const scope = local ? 'LOCAL ' : '';
  return `SET ${scope}ROLE ${ACCOUNT_STAFF_ROLE}; SELECT set_config('certs.account_id', '${accountId}', ${local})`;
}
const UNBINDING_SQL = `RESET ROLE; SELECT set_config('certs.account_id', '', false)`;

/**
 * The PostgreSQL server's pool, binding each connection it hands out to the current request's
 * account (or unbinding it) before use. A connection remembers what it is bound to, so the binding
 * costs a round trip only when a connection moves between an account's staff and everyone else.
 */
export class AccountBoundPool extends pg.Pool {
  private readonly boundTo = new WeakMap<pg.PoolClient, string | null>();
  /** Whether the server has the role, granted the tables (migration 0034 may not make roles everywhere); asked once. */
  private roleAvailable: Promise<boolean> | null = null;

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): Promise<pg.PoolClient> | void {
    const bound = this.connectBound(boundAccount());
    if (!callback) return bound;
    bound.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }

  // Drizzle calls `query` on the pool for statements outside a transaction; pg's own would take a
  // connection without binding it.
  override query(...args: unknown[]): never {
    const [config, values, callback] = args as [pg.QueryConfig | string, unknown[] | undefined, unknown];
    if (typeof values === 'function' || typeof callback === 'function') throw new Error('AccountBoundPool: promise queries only');
    return this.queryBound(config, values) as never;
  }

  private async queryBound(config: pg.QueryConfig | string, values: unknown[] | undefined): Promise<pg.QueryResult> {
    const client = await this.connectBound(boundAccount());
    try {
      return await client.query(config as pg.QueryConfig, values);
    } finally {
      client.release();
    }
  }

  private async connectBound(accountId: string | null): Promise<pg.PoolClient> {
    const client = await super.connect();
    const wanted = accountId && (await this.hasRole(client)) ? accountId : null;
    if ((this.boundTo.get(client) ?? null) === wanted) return client;
    try {
      await client.query(wanted ? bindingSql(wanted, false) : UNBINDING_SQL);
    } catch (error) {
      client.release(error as Error);
      throw error;
    }
    this.boundTo.set(client, wanted);
    return client;
  }

  private hasRole(client: pg.PoolClient): Promise<boolean> {
    this.roleAvailable ??= client
      // A role made after the migrations ran has no grants on the tables: binding to it would fail every staff statement.
      .query<{ member: boolean }>(
        `SELECT pg_has_role(current_user, '${ACCOUNT_STAFF_ROLE}', 'MEMBER') AND has_table_privilege('${ACCOUNT_STAFF_ROLE}', 'public.programs', 'SELECT') AS member`,
      )
      .then((result) => result.rows[0]?.member === true)
      .catch(() => false)
      .then((available) => {
        if (!available) console.warn(`Row-level security per account is off: this database user cannot act as ${ACCOUNT_STAFF_ROLE} (decision 034).`);
        return available;
      });
    return this.roleAvailable;
  }
}

/**
 * The embedded database: one connection shared by every request, so a binding cannot stay on it.
 * A bound statement runs in a short transaction of its own that binds itself (`SET LOCAL`); a bound
 * transaction binds itself first. Unbound statements go straight through, as before.
 */
export function accountBoundPglite(client: PGlite): PGlite {
  const bind = async (transaction: Transaction, accountId: string) => {
    await transaction.exec(bindingSql(accountId, true));
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
          const accountId = boundAccount();
          if (!accountId) return target.query(query, params, options);
          return target.transaction(async (transaction) => {
            await bind(transaction, accountId);
            return transaction.query(query, params, options);
          });
        };
      }
      if (property === 'transaction') {
        return <T>(work: (transaction: Transaction) => Promise<T>) => {
          const accountId = boundAccount();
          if (!accountId) return target.transaction(work);
          return target.transaction(async (transaction) => {
            await bind(transaction, accountId);
            return work(transaction);
          });
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
