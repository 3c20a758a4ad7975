import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { MIGRATIONS_DIR } from '../platform/server-paths';

/**
 * Migration 0035 moves every membership held before accounts had their own (the applicant's
 * confirmed one, the company's corporate one) to the first account, so nobody loses member fees
 * or library access when it runs. The migrations run on a bare PGlite up to 0034, the old columns
 * get a membership, then 0035 runs.
 */

let db: PGlite;

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };

async function run(tag: string): Promise<void> {
  const text = readFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) if (statement.trim()) await db.exec(statement);
}

beforeAll(async () => {
  db = await PGlite.create();
  for (const { tag } of journal.entries) {
    if (tag.startsWith('0035_')) break;
    await run(tag);
  }
}, 120_000);
afterAll(async () => {
  await db.close();
});

describe('migration 0035 (memberships per account)', () => {
  it("keeps every confirmed membership and every company's corporate membership, as the first account's", async () => {
    const user = (await db.query<{ id: string }>(`insert into users (email, password_hash, first_name, last_name, user_type, role) values ('ada@example.test', 'x', 'Ada', 'Arc', 'applicant', 5) returning id`)).rows[0]!.id;
    const other = (await db.query<{ id: string }>(`insert into users (email, password_hash, first_name, last_name, user_type, role) values ('bob@example.test', 'x', 'Bob', 'Bead', 'applicant', 5) returning id`)).rows[0]!.id;
    const ada = (
      await db.query<{ id: string }>(
        `insert into applicants (user_id, membership_type, member_number, membership_confirmed_on, member_current_until) values ($1, 'individual', 'M-1001', '2026-01-05T00:00:00Z', '2099-12-31') returning id`,
        [user],
      )
    ).rows[0]!.id;
    // Declared but never confirmed: stays a declaration, no body's membership.
    const bob = (await db.query<{ id: string }>(`insert into applicants (user_id, membership_type, member_number) values ($1, 'corporate', 'C-9') returning id`, [other])).rows[0]!.id;
    const company = (
      await db.query<{ id: string }>(
        `insert into companies (name, contact_email, corporate_member_number, membership_starts_on, membership_ends_on) values ('Hunter Fabrication', 'c@hunter.test', 'WCB-C-0107', '2026-01-01', '2026-12-31') returning id`,
      )
    ).rows[0]!.id;
    await db.query(`insert into companies (name, contact_email) values ('Not a member', 'n@example.test')`);

    await run(journal.entries.find((entry) => entry.tag.startsWith('0035_'))!.tag);

    const rows = (await db.query<Record<string, unknown>>(`select account_id, applicant_id, company_id, membership_type, member_number, confirmed_on, starts_on::text, ends_on::text from account_memberships order by member_number`)).rows;
    expect(rows).toEqual([
      {
        account_id: FIRST_ACCOUNT_ID,
        applicant_id: ada,
        company_id: null,
        membership_type: 'individual',
        member_number: 'M-1001',
        confirmed_on: new Date('2026-01-05T00:00:00Z'),
        starts_on: null,
        ends_on: '2099-12-31',
      },
      { account_id: FIRST_ACCOUNT_ID, applicant_id: null, company_id: company, membership_type: 'corporate', member_number: 'WCB-C-0107', confirmed_on: expect.any(Date), starts_on: '2026-01-01', ends_on: '2026-12-31' },
    ]);
    // The declaration stays on the applicant for staff to confirm; the old confirmation columns are gone.
    expect((await db.query(`select membership_type, member_number from applicants where id = $1`, [bob])).rows).toEqual([{ membership_type: 'corporate', member_number: 'C-9' }]);
    const columns = (await db.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name in ('applicants', 'companies') and column_name in ('membership_confirmed_on', 'member_current_until', 'corporate_member_number', 'membership_ends_on')`)).rows;
    expect(columns).toEqual([]);
  });
});
