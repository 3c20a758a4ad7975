import { eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { AccountCurrency } from '@certs/shared/account/account.contract';
import type { Executor } from '../../db/executor';
import { accounts } from '../../db/schema/account';

/**
 * The currency (AUD, NZD) of the account a row belongs to, as a column of a select: the money a
 * screen or mail shows is written in its own body's currency (`formatMoney`), so each read that
 * sends an amount sends this with it.
 */
export function accountCurrencyOf(accountId: AnyColumn | SQL): SQL<AccountCurrency> {
  return sql<AccountCurrency>`(select a.currency from accounts a where a.id = ${accountId})`;
}

/** One account's currency, for a figure summed over the account's records (the dashboard's payments). */
export async function findAccountCurrency(db: Executor, accountId: string): Promise<AccountCurrency> {
  const [row] = await db.select({ currency: accounts.currency }).from(accounts).where(eq(accounts.id, accountId));
  return row?.currency ?? 'AUD';
}
