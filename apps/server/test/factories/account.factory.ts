import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/db/client';
import { accounts } from '../../src/db/schema/account';

export interface AccountOverrides {
  name?: string;
  shortName?: string;
  country?: 'AU' | 'NZ';
  currency?: 'AUD' | 'NZD';
  gstRateBasisPoints?: number;
  timeZone?: string;
  invoicePrefix?: string;
  certificateNumberPattern?: string;
}

/** Inserts a second awarding body; by default a New Zealand one (NZD, 15 % GST, Auckland). */
export async function createAccount(db: Database, overrides: AccountOverrides = {}): Promise<{ id: string; name: string; shortName: string }> {
  const suffix = randomBytes(3).toString('hex');
  const country = overrides.country ?? 'NZ';
  const [row] = await db
    .insert(accounts)
    .values({
      name: overrides.name ?? `Welding Body ${suffix}`,
      shortName: overrides.shortName ?? `body-${suffix}`,
      country,
      abn: country === 'AU' ? '51 824 753 556' : '',
      nzbn: country === 'NZ' ? '9429041234563' : '',
      gstNumber: country === 'NZ' ? '49-091-850' : '',
      address: country === 'NZ' ? '1 Queen Street, Auckland 1010, New Zealand' : '2 George Street, Brisbane QLD 4000, Australia',
      contactEmail: `accounts-${suffix}@example.test`,
      mailSenderName: overrides.name ?? `Welding Body ${suffix}`,
      timeZone: overrides.timeZone ?? (country === 'NZ' ? 'Pacific/Auckland' : 'Australia/Brisbane'),
      currency: overrides.currency ?? (country === 'NZ' ? 'NZD' : 'AUD'),
      gstRateBasisPoints: overrides.gstRateBasisPoints ?? (country === 'NZ' ? 1500 : 1000),
      invoicePrefix: overrides.invoicePrefix ?? 'INV',
      certificateNumberPattern: overrides.certificateNumberPattern ?? '',
    })
    .returning({ id: accounts.id, name: accounts.name, shortName: accounts.shortName });
  if (!row) throw new Error('account not inserted');
  return row;
}
