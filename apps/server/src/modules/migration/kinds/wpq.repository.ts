import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/executor';
import { applicationHistory, applications } from '../../../db/schema/application';
import { awardHistory, awards } from '../../../db/schema/award';
import { awardReminders } from '../../../db/schema/award-reminder';
import { wpqRecords } from '../../../db/schema/wpq';
import { wpqConfirmations, wpqRevalidations, wpqValidityEnds, wpqValidityReminders } from '../../../db/schema/wpq-validity';
import { rowsOf } from '../../report/staff-scope';
import type { ImportProgram } from '../migration.repository';

/** A Welder Qualification program of the account, with what its records need: the standard and the confirmation interval. */
export interface WpqProgram extends ImportProgram {
  standard: string | null;
  intervalMonths: number | null;
}

/** A record already on the platform under a row's certificate number, with what a second import of it compares. */
export interface KnownWpq {
  awardId: string;
  applicationId: string;
  programId: string;
  holderEmail: string;
  recordId: string | null;
  /** Whether a (not undone) import of this account created it. */
  importedHere: boolean;
  /** The record's columns, as stored (numbers as numbers, dates as YYYY-MM-DD). */
  record: Record<string, unknown> | null;
  confirmations: { confirmedOn: string; confirmedBy: 'employer' | 'examiner'; confirmerName: string; confirmerPosition: string }[];
  revalidations: string[];
  awardedOn: string;
}

/** One imported qualification, its ids made beforehand so a chunk's records go in one statement a table. */
export interface NewImportedWpq {
  ids: { applicationId: string; awardId: string; recordId: string };
  application: typeof applications.$inferInsert;
  applicationNote: string;
  award: typeof awards.$inferInsert;
  awardNote: string;
  record: typeof wpqRecords.$inferInsert;
  confirmations: typeof wpqConfirmations.$inferInsert[];
  revalidations: typeof wpqRevalidations.$inferInsert[];
  reminders: typeof wpqValidityReminders.$inferInsert[];
  end: typeof wpqValidityEnds.$inferInsert | null;
  actorId: string;
}

/** Rows a statement at most, so that no insert passes PostgreSQL's 65,535 parameters (a record's confirmations can be many). */
const ROWS_A_STATEMENT = 1_000;

async function insertSliced<T>(rows: readonly T[], insert: (slice: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_A_STATEMENT) await insert(rows.slice(start, start + ROWS_A_STATEMENT));
}

function inList(values: readonly string[]) {
  return sql.join(
    values.map((value) => sql`${value.toLowerCase()}`),
    sql`, `,
  );
}

const sinceRow = (rowId: number) => sql`(select r.modified_on from migration_import_rows r where r.id = ${rowId})`;

/** The `wpq` kind's SQL: a chunk's records and everything hanging from them are written a statement a table. */
export class WpqImportRepository {
  async findPrograms(executor: Executor, accountId: string, codes: readonly string[]): Promise<Map<string, WpqProgram>> {
    if (codes.length === 0) return new Map();
    const rows = rowsOf<WpqProgram>(
      await executor.execute(sql`
        select p.id, p.program_code as "programCode", p.program_type as "programType", p.number_pattern_check as "numberPatternCheck",
               p.certificate_num_pattern as "certificateNumPattern", null::int as "renewalPeriod", w.standard, w.interval as "intervalMonths"
        from programs p left join program_wq_settings w on w.program_id = p.id
        where p.account_id = ${accountId}::uuid and lower(p.program_code) in (${inList(codes)})`),
    );
    return new Map(rows.map((row) => [row.programCode.toLowerCase(), row]));
  }

  /** The awards with these numbers anywhere on the platform (numbers are unique across it), with their records, by lower-case number. */
  async findByNumbers(executor: Executor, accountId: string, certificateNumbers: readonly string[]): Promise<Map<string, KnownWpq>> {
    if (certificateNumbers.length === 0) return new Map();
    const rows = rowsOf<KnownWpq & { number: string }>(
      await executor.execute(sql`
        select lower(aw.certificate_number) as number, aw.id as "awardId", aw.application_id as "applicationId", aw.program_id as "programId", lower(u.email) as "holderEmail",
               aw.awarded_on::text as "awardedOn", w.id as "recordId", to_jsonb(w) as record,
               coalesce((select jsonb_agg(jsonb_build_object('confirmedOn', c.confirmed_on::text, 'confirmedBy', c.confirmed_by, 'confirmerName', c.confirmer_name,
                                                             'confirmerPosition', c.confirmer_position) order by c.sequence)
                         from wpq_confirmations c where c.wpq_record_id = w.id), '[]'::jsonb) as confirmations,
               coalesce((select jsonb_agg(v.revalidated_on::text order by v.revalidated_on) from wpq_revalidations v
                         where v.wpq_record_id = w.id and v.status = 'approved'), '[]'::jsonb) as revalidations,
               exists (select 1 from migration_import_rows r join migration_imports i on i.id = r.import_id
                       where r.award_id = aw.id and r.result = 'created' and i.kind = 'wpq' and i.account_id = ${accountId}::uuid and i.status <> 'Undone') as "importedHere"
        from awards aw join applicants a on a.id = aw.applicant_id join users u on u.id = a.user_id
        left join wpq_records w on w.award_id = aw.id
        where lower(aw.certificate_number) in (${inList(certificateNumbers)})`),
    );
    return new Map(rows.map((row) => [row.number, row]));
  }

  /**
   * A chunk's imported qualifications, a statement a table: each one's minimal application
   * (decision 035) and history, the award and history, the record, its confirmations and
   * revalidations, the reminders already passed (recorded as sent, so only those ahead go out)
   * and, when the confirmations show it lapsed, its end.
   */
  async insertImported(tx: Executor, items: readonly NewImportedWpq[]): Promise<void> {
    if (items.length === 0) return;
    const by = (item: NewImportedWpq) => ({ createdBy: item.actorId, modifiedBy: item.actorId });
    await tx.insert(applications).values(items.map((item) => ({ ...item.application, id: item.ids.applicationId })));
    await tx
      .insert(applicationHistory)
      .values(items.map((item) => ({ applicationId: item.ids.applicationId, fromStatus: null, toStatus: item.application.status, note: item.applicationNote, ...by(item) })));
    await tx.insert(awards).values(items.map((item) => ({ ...item.award, id: item.ids.awardId })));
    await tx
      .insert(awardHistory)
      .values(items.map((item) => ({ awardId: item.ids.awardId, action: 'imported', fromStatus: null, toStatus: item.award.status ?? 'current', reason: item.awardNote, ...by(item) })));
    await tx.insert(wpqRecords).values(items.map((item) => ({ ...item.record, id: item.ids.recordId })));
    await insertSliced(
      items.flatMap((item) => item.confirmations),
      (slice) => tx.insert(wpqConfirmations).values(slice),
    );
    await insertSliced(
      items.flatMap((item) => item.revalidations),
      (slice) => tx.insert(wpqRevalidations).values(slice),
    );
    await insertSliced(
      items.flatMap((item) => item.reminders),
      (slice) => tx.insert(wpqValidityReminders).values(slice),
    );
    await insertSliced(
      items.flatMap((item) => (item.end ? [item.end] : [])),
      (slice) => tx.insert(wpqValidityEnds).values(slice),
    );
  }

  /**
   * Whether anything happened to the imported qualification after its row wrote it: the award,
   * application or record changed, a certificate was drawn, a confirmation, revalidation, link,
   * reminder (the welder's or the company's), end or log was added, or history was written.
   */
  async isTouched(tx: Executor, ids: { awardId: string; applicationId: string; recordId: string }, rowId: number): Promise<boolean> {
    const since = sinceRow(rowId);
    const [row] = rowsOf<{ touched: boolean }>(
      await tx.execute(sql`
        select (aw.modified_on > ${since} or aw.certificate_key is not null or ap.modified_on > ${since} or w.modified_on > ${since}
                or exists (select 1 from award_history h where h.award_id = aw.id and h.created_on > ${since})
                or exists (select 1 from application_history h where h.application_id = ap.id and h.created_on > ${since})
                or exists (select 1 from wpq_confirmations c where c.wpq_record_id = w.id and (c.created_on > ${since} or c.modified_on > ${since}))
                or exists (select 1 from wpq_revalidations v where v.wpq_record_id = w.id and (v.created_on > ${since} or v.modified_on > ${since}))
                or exists (select 1 from wpq_validity_reminders m where m.wpq_record_id = w.id and m.created_on > ${since})
                or exists (select 1 from employer_confirmation_reminders er where er.wpq_record_id = w.id)
                or exists (select 1 from wpq_validity_ends e where e.wpq_record_id = w.id and e.created_on > ${since})
                or exists (select 1 from wpq_confirmation_links l where l.wpq_record_id = w.id)
                or exists (select 1 from wpq_extension_logs g where g.wpq_record_id = w.id)
                or exists (select 1 from wpq_test_results x where x.wpq_record_id = w.id)) as touched
        from awards aw join applications ap on ap.id = aw.application_id join wpq_records w on w.award_id = aw.id
        where aw.id = ${ids.awardId}::uuid and w.id = ${ids.recordId}::uuid`),
    );
    return row?.touched ?? true;
  }

  async deleteImported(tx: Executor, ids: { awardId: string; applicationId: string; recordId: string }): Promise<void> {
    await tx.delete(wpqValidityReminders).where(eq(wpqValidityReminders.wpqRecordId, ids.recordId));
    await tx.delete(wpqValidityEnds).where(eq(wpqValidityEnds.wpqRecordId, ids.recordId));
    await tx.delete(wpqConfirmations).where(eq(wpqConfirmations.wpqRecordId, ids.recordId));
    await tx.delete(wpqRevalidations).where(eq(wpqRevalidations.wpqRecordId, ids.recordId));
    await tx.delete(wpqRecords).where(eq(wpqRecords.id, ids.recordId));
    await tx.delete(awardReminders).where(eq(awardReminders.awardId, ids.awardId));
    await tx.delete(awardHistory).where(eq(awardHistory.awardId, ids.awardId));
    await tx.delete(awards).where(eq(awards.id, ids.awardId));
    await tx.delete(applicationHistory).where(eq(applicationHistory.applicationId, ids.applicationId));
    await tx.delete(applications).where(eq(applications.id, ids.applicationId));
  }
}
