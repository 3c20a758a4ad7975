import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/executor';
import { membershipsOfCompanies } from '../../../db/account-memberships';
import { companies } from '../../../db/schema/company';
import { rowsOf } from '../../report/staff-scope';

export type CompanyRecord = typeof companies.$inferSelect;
/** The company columns a companies row may write. */
export type CompanyFields = Pick<
  typeof companies.$inferInsert,
  'name' | 'businessNumber' | 'businessNumberKind' | 'streetAddress' | 'city' | 'state' | 'postalCode' | 'country' | 'contactName' | 'contactPosition' | 'contactEmail' | 'contactPhone' | 'active'
>;

/** A record's modification stamp as text: to the microsecond, so an undo can put it back exactly. */
export interface Stamp {
  modifiedOn: string;
  modifiedBy: string | null;
}

/**
 * Whether a record changed after the import row that wrote it: compared in SQL against the row's
 * own stamp, which carries the same transaction time to the microsecond (a JS Date would drop them).
 */
export function changedSince(modifiedOn: unknown, rowId: number) {
  return sql`${modifiedOn} > (select r.modified_on from migration_import_rows r where r.id = ${rowId})`;
}

/** The company with this ABN or NZBN (digits only, as stored). */
export async function companyByNumber(tx: Executor, businessNumber: string): Promise<CompanyRecord | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.businessNumber, businessNumber));
  return row;
}

/** Companies with exactly this name, any letter case; `withoutNumber` keeps those with no ABN or NZBN. */
export async function companiesNamed(tx: Executor, name: string, options: { withoutNumber?: boolean } = {}): Promise<CompanyRecord[]> {
  return tx
    .select()
    .from(companies)
    .where(and(sql`lower(${companies.name}) = ${name.toLowerCase()}`, options.withoutNumber ? isNull(companies.businessNumber) : undefined))
    .limit(5);
}

export async function insertCompany(tx: Executor, values: CompanyFields, actorId: string): Promise<string> {
  const [row] = await tx
    .insert(companies)
    .values({ ...values, createdBy: actorId, modifiedBy: actorId })
    .returning({ id: companies.id });
  return row!.id;
}

export async function updateCompany(tx: Executor, id: string, changes: Partial<CompanyFields>, actorId: string): Promise<void> {
  await tx
    .update(companies)
    .set({ ...changes, modifiedOn: sql`now()`, modifiedBy: actorId })
    .where(eq(companies.id, id));
}

export async function companyStamp(tx: Executor, id: string): Promise<Stamp> {
  const [row] = rowsOf<Stamp>(await tx.execute(sql`select modified_on::text as "modifiedOn", modified_by as "modifiedBy" from companies where id = ${id}::uuid`));
  return row!;
}

/** Puts back the columns an import replaced, and the stamp they had: the company is as it was before the import. */
export async function restoreCompany(tx: Executor, id: string, previous: Partial<CompanyFields>, stamp: Stamp): Promise<void> {
  await tx
    .update(companies)
    .set({ ...previous, modifiedOn: sql`${stamp.modifiedOn}::timestamptz`, modifiedBy: stamp.modifiedBy })
    .where(eq(companies.id, id));
}

/** Missing counts as changed: something removed it. */
export async function isCompanyChangedSince(tx: Executor, id: string, rowId: number): Promise<boolean> {
  const [row] = rowsOf<{ changed: boolean }>(await tx.execute(sql`select ${changedSince(sql`c.modified_on`, rowId)} as changed from companies c where c.id = ${id}::uuid`));
  return row?.changed ?? true;
}

/** Removes a company the import created; another record that names it (an employer link, another body's membership) makes this fail as a foreign key violation, which the undo answers as touched. */
export async function deleteCompany(tx: Executor, id: string): Promise<void> {
  await tx.delete(companies).where(eq(companies.id, id));
}

/** The importing account's corporate membership of the company, as a row writes and compares it. */
export interface CorporateMembership {
  memberNumber: string;
  startsOn: string | null;
  endsOn: string | null;
}

export async function membershipOf(tx: Executor, accountId: string, companyId: string): Promise<CorporateMembership | null> {
  const [row] = await membershipsOfCompanies(tx, [companyId], accountId);
  return row ? { memberNumber: row.memberNumber, startsOn: row.startsOn, endsOn: row.endsOn } : null;
}
