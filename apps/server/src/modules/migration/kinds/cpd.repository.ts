import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/executor';
import { applicantProfessionalDevelopment } from '../../../db/schema/applicant-profile';
import { rowsOf } from '../../report/staff-scope';
import { appliedNowhere } from '../../applicant/applied-nowhere';

/** What a cpd row writes: one entry of the profile's Professional development list. */
export interface CpdEntry {
  applicantId: string;
  provider: string;
  personalDevelopmentType: string;
  startDate: string;
  numOfHours: number;
}

/**
 * Whether the account's staff reach this applicant (the applicant reach, decision 033): an
 * application to one of its programs, or none anywhere yet. CPD is the person's across bodies, so
 * one body adds to it only for its own applicants.
 */
export async function isApplicantOfAccount(tx: Executor, applicantId: string, accountId: string): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(
    await tx.execute(sql`
      select (exists (select 1 from applications ap join programs p on p.id = ap.program_id where ap.applicant_id = ${applicantId}::uuid and p.account_id = ${accountId}::uuid)
              or ${appliedNowhere(sql`${applicantId}::uuid`)}) as ok`),
  );
  return row?.ok ?? false;
}

/** The entry with the same key (provider in any letter case, type, start date, hours), or none: the same entry is never listed twice. */
export async function findCpdEntry(tx: Executor, entry: CpdEntry): Promise<string | undefined> {
  const t = applicantProfessionalDevelopment;
  const [row] = await tx
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.applicantId, entry.applicantId),
        sql`lower(${t.provider}) = ${entry.provider.toLowerCase()}`,
        eq(t.personalDevelopmentType, entry.personalDevelopmentType),
        eq(t.startDate, entry.startDate),
        eq(t.numOfHours, entry.numOfHours),
      ),
    )
    .limit(1);
  return row?.id;
}

export async function insertCpdEntry(tx: Executor, entry: CpdEntry, actorId: string): Promise<string> {
  const [row] = await tx
    .insert(applicantProfessionalDevelopment)
    .values({ ...entry, createdBy: actorId, modifiedBy: actorId })
    .returning({ id: applicantProfessionalDevelopment.id });
  return row!.id;
}

/**
 * Whether the entry changed after the row wrote it (the holder edited it) or a renewal chose it
 * (a draft names it; a submitted renewal copied it): then undo must leave it. A deleted entry is
 * "gone", not touched.
 */
export async function cpdEntryState(tx: Executor, id: string, rowId: number): Promise<'gone' | 'touched' | 'untouched'> {
  const [row] = rowsOf<{ touched: boolean }>(
    await tx.execute(sql`
      select (d.modified_on > (select r.modified_on from migration_import_rows r where r.id = ${rowId})
              or exists (select 1 from renewal_applications rn where rn.development_ids @> ${JSON.stringify([id])}::jsonb
                         or exists (select 1 from jsonb_array_elements(rn.development_entries) e where e->>'id' = ${id}))) as touched
      from applicant_professional_development d where d.id = ${id}::uuid`),
  );
  if (!row) return 'gone';
  return row.touched ? 'touched' : 'untouched';
}

export async function deleteCpdEntry(tx: Executor, id: string): Promise<void> {
  await tx.delete(applicantProfessionalDevelopment).where(eq(applicantProfessionalDevelopment.id, id));
}
