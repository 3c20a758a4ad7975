import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../platform/server-paths';

/**
 * Migration 0046 makes naming an employer a claim staff decide (issue 42, decision 036). Links made
 * before it stay as they are: approved, so nobody loses the library documents they read today. The
 * migrations run on a bare PGlite up to 0045, employers are named, then 0046 runs.
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
    if (tag.startsWith('0046_')) break;
    await run(tag);
  }
}, 120_000);
afterAll(async () => {
  await db.close();
});

async function applicantNaming(email: string, companyId: string | null): Promise<string> {
  const user = (await db.query<{ id: string }>(`insert into users (email, password_hash, first_name, last_name, user_type, role) values ($1, 'x', 'Ada', 'Arc', 'applicant', 5) returning id`, [email])).rows[0]!.id;
  return (await db.query<{ id: string }>(`insert into applicants (user_id, employer_company_id) values ($1, $2) returning id`, [user, companyId])).rows[0]!.id;
}

describe('migration 0046 (employer claims)', () => {
  it('keeps every existing employer link, approved; an applicant with no employer has no claim', async () => {
    const company = (await db.query<{ id: string }>(`insert into companies (name, contact_email) values ('Hunter Fabrication', 'c@hunter.test') returning id`)).rows[0]!.id;
    const employed = await applicantNaming('ada@example.test', company);
    const unemployed = await applicantNaming('bob@example.test', null);

    await run(journal.entries.find((entry) => entry.tag.startsWith('0046_'))!.tag);

    const rows = (await db.query<{ id: string; employer_company_id: string | null; employer_claim_status: string | null }>(`select id, employer_company_id, employer_claim_status from applicants order by employer_claim_status nulls last`)).rows;
    expect(rows).toEqual([
      { id: employed, employer_company_id: company, employer_claim_status: 'approved' },
      { id: unemployed, employer_company_id: null, employer_claim_status: null },
    ]);
    // Only the three statuses are kept.
    await expect(db.query(`update applicants set employer_claim_status = 'maybe' where id = $1`, [employed])).rejects.toThrow();
  });
});
