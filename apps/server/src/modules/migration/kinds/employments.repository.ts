import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/executor';
import { applicantExperience } from '../../../db/schema/applicant-profile';
import { applicants } from '../../../db/schema/user';
import { rowsOf } from '../../report/staff-scope';
import type { EmployerClaimStatus } from '@certs/shared/company/company.contract';
import { changedSince, type Stamp } from './companies.repository';

/** What an employments row writes in a person's experience (the profile's Experience list). */
export interface Job {
  position: string;
  duties: string;
  endDate: string | null;
}

export interface KnownJob extends Job {
  id: string;
  stamp: Stamp;
}

/** The person's experience entry at this employer (its name, any letter case) from this day: the same job. */
export async function findJob(tx: Executor, applicantId: string, employer: string, startDate: string): Promise<KnownJob | undefined> {
  const [row] = rowsOf<Job & { id: string; modifiedOn: string; modifiedBy: string | null }>(
    await tx.execute(sql`
      select id, position, duties, end_date::text as "endDate", modified_on::text as "modifiedOn", modified_by as "modifiedBy"
      from applicant_experience
      where applicant_id = ${applicantId}::uuid and lower(employer) = ${employer.toLowerCase()} and start_date = ${startDate}::date
      order by created_on limit 1`),
  );
  return row && { id: row.id, position: row.position, duties: row.duties, endDate: row.endDate, stamp: { modifiedOn: row.modifiedOn, modifiedBy: row.modifiedBy } };
}

export async function insertJob(tx: Executor, values: Job & { applicantId: string; employer: string; startDate: string }, actorId: string): Promise<string> {
  const [row] = await tx
    .insert(applicantExperience)
    .values({ ...values, createdBy: actorId, modifiedBy: actorId })
    .returning({ id: applicantExperience.id });
  return row!.id;
}

export async function updateJob(tx: Executor, id: string, changes: Partial<Job>, actorId: string): Promise<void> {
  await tx
    .update(applicantExperience)
    .set({ ...changes, modifiedOn: sql`now()`, modifiedBy: actorId })
    .where(eq(applicantExperience.id, id));
}

/** Puts back what an import replaced and the stamp the entry had. */
export async function restoreJob(tx: Executor, id: string, previous: Partial<Job>, stamp: Stamp): Promise<void> {
  await tx
    .update(applicantExperience)
    .set({ ...previous, modifiedOn: sql`${stamp.modifiedOn}::timestamptz`, modifiedBy: stamp.modifiedBy })
    .where(eq(applicantExperience.id, id));
}

/** Missing counts as changed: the person removed it. */
export async function isJobChangedSince(tx: Executor, id: string, rowId: number): Promise<boolean> {
  const [row] = rowsOf<{ changed: boolean }>(await tx.execute(sql`select ${changedSince(sql`e.modified_on`, rowId)} as changed from applicant_experience e where e.id = ${id}::uuid`));
  return row?.changed ?? true;
}

export async function deleteJob(tx: Executor, id: string): Promise<void> {
  await tx.delete(applicantExperience).where(eq(applicantExperience.id, id));
}

/**
 * What an import's undo puts back of the employer link besides the company: its claim (decision
 * 036). Kept in the row's stamp; a stamp from before claims has none, and its link was approved.
 */
export type EmployerStamp = Stamp & { claimStatus?: EmployerClaimStatus | null; claimedOn?: string | null; claimDecidedOn?: string | null; claimDecidedBy?: string | null };

/** The person's employer (`applicants.employer_company_id`), its claim and the applicant record's stamp. */
export async function employerOf(tx: Executor, applicantId: string): Promise<{ companyId: string | null; stamp: EmployerStamp }> {
  const [row] = rowsOf<{ companyId: string | null } & Required<EmployerStamp>>(
    await tx.execute(
      sql`select employer_company_id as "companyId", modified_on::text as "modifiedOn", modified_by as "modifiedBy", employer_claim_status as "claimStatus", employer_claimed_on::text as "claimedOn", employer_claim_decided_on::text as "claimDecidedOn", employer_claim_decided_by as "claimDecidedBy" from applicants where id = ${applicantId}::uuid`,
    ),
  );
  const { companyId, ...stamp } = row!;
  return { companyId, stamp };
}

/** A link the legacy system held is staff's record, not the person's claim: approved at once. */
export async function setEmployer(tx: Executor, applicantId: string, companyId: string, actorId: string): Promise<void> {
  await tx
    .update(applicants)
    .set({
      employerCompanyId: companyId,
      employerClaimStatus: 'approved',
      employerClaimedOn: sql`now()`,
      employerClaimDecidedOn: sql`now()`,
      employerClaimDecidedBy: actorId,
      modifiedOn: sql`now()`,
      modifiedBy: actorId,
    })
    .where(eq(applicants.id, applicantId));
}

/**
 * The employer, its claim and the stamp as they were: the person is as before the import, so an
 * import of them made earlier (the applicants file) can still be undone after this one.
 */
export async function restoreEmployer(tx: Executor, applicantId: string, companyId: string | null, stamp: EmployerStamp): Promise<void> {
  const at = (value: string | null | undefined) => (value ? sql`${value}::timestamptz` : null);
  await tx
    .update(applicants)
    .set({
      employerCompanyId: companyId,
      employerClaimStatus: companyId ? (stamp.claimStatus ?? 'approved') : null,
      employerClaimedOn: companyId ? at(stamp.claimedOn) : null,
      employerClaimDecidedOn: companyId ? at(stamp.claimDecidedOn) : null,
      employerClaimDecidedBy: companyId ? (stamp.claimDecidedBy ?? null) : null,
      modifiedOn: sql`${stamp.modifiedOn}::timestamptz`,
      modifiedBy: stamp.modifiedBy,
    })
    .where(eq(applicants.id, applicantId));
}

/** Whether the person's record changed after the row set their employer (their profile, their employer, anything). */
export async function isApplicantChangedSince(tx: Executor, applicantId: string, rowId: number): Promise<boolean> {
  const [row] = rowsOf<{ changed: boolean }>(await tx.execute(sql`select ${changedSince(sql`a.modified_on`, rowId)} as changed from applicants a where a.id = ${applicantId}::uuid`));
  return row?.changed ?? true;
}
