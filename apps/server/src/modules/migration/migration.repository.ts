import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { applicationHistory, applications } from '../../db/schema/application';
import { awardHistory, awards, certificateNumberCounters } from '../../db/schema/award';
import { awardReminders } from '../../db/schema/award-reminder';
import { migrationInvitations } from '../../db/schema/migration-invitation';
import { migrationImportRows, migrationImports } from '../../db/schema/migration';
import { applicants, users } from '../../db/schema/user';
import { NO_PASSWORD_YET } from '../../platform/no-password-yet';
import { rowsOf } from '../report/staff-scope';
import type { Address } from './migration-csv';

export type MigrationImportRecord = typeof migrationImports.$inferSelect;
export type MigrationRowRecord = typeof migrationImportRows.$inferSelect;
export type NewMigrationRow = typeof migrationImportRows.$inferInsert;

/** What a chunk adds to an import's counts. */
export interface ProgressCounts {
  processed: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: number;
}

/** A person the import creates, as `insertPerson` takes them. */
export interface NewPerson {
  email: string;
  firstName: string;
  lastName: string;
  phone?: string;
  dateOfBirth?: string | null;
  homeAddress?: Address | null;
  listedInRegister: boolean;
}

/** An imported award as `insertImportedAwards` takes it. */
export interface NewImportedAward {
  applicationNumber: string;
  applicationStatus: string;
  applicantId: string;
  program: ImportProgram;
  certificateNumber: string;
  awardedOn: string;
  expiresOn: string | null;
  status: string;
  statusReason: string | null;
  /** Days the old system renewed it (`YYYY-MM-DD`, oldest first): a history line each, dated that day. */
  renewals: readonly string[];
  note: string;
  actorId: string;
}

/** The reason on an imported renewal's history line; `importedRenewals` reads the days back by it. */
export const IMPORTED_RENEWAL_REASON = 'Renewed in the previous system (legacy import)';

/** A person already on the platform with a row's email. */
export interface KnownPerson {
  email: string;
  userId: string;
  userType: string;
  applicantId: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  dateOfBirth: string | null;
  homeAddress: Address | null;
  listedInRegister: boolean | null;
}

/** What an awards row needs of its program: the account's own program with this code. */
export interface ImportProgram {
  id: string;
  programCode: string;
  programType: number;
  numberPatternCheck: boolean;
  certificateNumPattern: string;
  renewalPeriod: number | null;
}

/** An award already on the platform with a row's certificate number, and whether an import of this account created it. */
export interface KnownAward {
  number: string;
  id: string;
  applicationId: string;
  programId: string;
  holderEmail: string;
  awardedOn: string;
  expiresOn: string | null;
  status: string;
  statusReason: string | null;
  certificateVersion: number;
  importedHere: boolean;
}

/**
 * When the import wrote a row, compared in SQL: a JS Date drops the microseconds, and the records
 * the row wrote carry the same transaction time to the microsecond.
 */
function writtenAt(rowId: number) {
  return sql`(select r.modified_on from migration_import_rows r where r.id = ${rowId})`;
}

/** A running import untouched this long is taken as abandoned (its process died) and resumed by the next pass. */
const STALE_RUNNING = sql`interval '5 minutes'`;

function inList(values: readonly string[]) {
  return sql.join(
    values.map((value) => sql`${value.toLowerCase()}`),
    sql`, `,
  );
}

/** Legacy imports and what they wrote: the only Drizzle of the migration module. */
export class MigrationRepository {
  constructor(private readonly db: Database) {}

  get executor(): Executor {
    return this.db;
  }

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async insertImport(values: typeof migrationImports.$inferInsert): Promise<string> {
    const [row] = await this.db.insert(migrationImports).values(values).returning({ id: migrationImports.id });
    return row!.id;
  }

  async findImport(id: string): Promise<MigrationImportRecord | undefined> {
    const [row] = await this.db.select().from(migrationImports).where(eq(migrationImports.id, id));
    return row;
  }

  async findPage(accountId: string, page: number, pageSize: number) {
    const where = eq(migrationImports.accountId, accountId);
    const [rows, [total]] = await Promise.all([
      this.db.select().from(migrationImports).where(where).orderBy(desc(migrationImports.createdOn)).limit(pageSize).offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(migrationImports).where(where),
    ]);
    return { rows, totalRows: total?.n ?? 0 };
  }

  async refusedRows(importId: string) {
    return this.db
      .select({ rowNumber: migrationImportRows.rowNumber, column: migrationImportRows.column, message: migrationImportRows.message })
      .from(migrationImportRows)
      .where(and(eq(migrationImportRows.importId, importId), eq(migrationImportRows.result, 'refused')))
      .orderBy(migrationImportRows.rowNumber);
  }

  /** The next queued import (or an abandoned running one), claimed with `FOR UPDATE SKIP LOCKED` so one instance runs it. */
  async claimNext(): Promise<{ id: string } | undefined> {
    const result = await this.db.execute(sql`
      update migration_imports set status = 'Running', started_on = coalesce(started_on, now()), modified_on = now()
      where id = (
        select id from migration_imports
        where status = 'Queued' or (status = 'Running' and modified_on < now() - ${STALE_RUNNING})
        order by created_on for update skip locked limit 1)
      returning id`);
    return rowsOf<{ id: string }>(result)[0];
  }

  async processedRowNumbers(importId: string): Promise<Set<number>> {
    const rows = await this.db.select({ n: migrationImportRows.rowNumber }).from(migrationImportRows).where(eq(migrationImportRows.importId, importId));
    return new Set(rows.map((row) => row.n));
  }

  async rowsOf(importId: string): Promise<MigrationRowRecord[]> {
    return this.db.select().from(migrationImportRows).where(eq(migrationImportRows.importId, importId)).orderBy(desc(migrationImportRows.rowNumber));
  }

  async insertRows(tx: Executor, rows: NewMigrationRow[]): Promise<void> {
    if (rows.length > 0) await tx.insert(migrationImportRows).values(rows);
  }

  /** A chunk's counts added, in the chunk's transaction (so they never count a row twice); also marks the import alive. */
  async addProgress(tx: Executor, importId: string, counts: ProgressCounts): Promise<void> {
    await tx
      .update(migrationImports)
      .set({
        modifiedOn: sql`now()`,
        processedRows: sql`${migrationImports.processedRows} + ${counts.processed}`,
        createdCount: sql`${migrationImports.createdCount} + ${counts.created}`,
        updatedCount: sql`${migrationImports.updatedCount} + ${counts.updated}`,
        unchangedCount: sql`${migrationImports.unchangedCount} + ${counts.unchanged}`,
        refusedCount: sql`${migrationImports.refusedCount} + ${counts.refused}`,
      })
      .where(eq(migrationImports.id, importId));
  }

  /** Counts from the rows written (a resumed chunk never counts twice); also marks the import alive. */
  async refreshProgress(tx: Executor, importId: string): Promise<void> {
    await tx.execute(sql`
      update migration_imports set modified_on = now(),
        processed_rows = (select count(*) from migration_import_rows r where r.import_id = ${importId}::uuid),
        created_count = (select count(*) from migration_import_rows r where r.import_id = ${importId}::uuid and r.result = 'created'),
        updated_count = (select count(*) from migration_import_rows r where r.import_id = ${importId}::uuid and r.result = 'updated'),
        unchanged_count = (select count(*) from migration_import_rows r where r.import_id = ${importId}::uuid and r.result = 'unchanged'),
        refused_count = (select count(*) from migration_import_rows r where r.import_id = ${importId}::uuid and r.result = 'refused')
      where id = ${importId}::uuid`);
  }

  async finish(importId: string, status: 'Finished' | 'Failed', error: string | null): Promise<void> {
    await this.db.update(migrationImports).set({ status, error, finishedOn: sql`now()`, modifiedOn: sql`now()` }).where(eq(migrationImports.id, importId));
  }

  async hasInvitations(importId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: migrationInvitations.id }).from(migrationInvitations).where(eq(migrationInvitations.importId, importId)).limit(1);
    return row !== undefined;
  }

  async markUndone(tx: Executor, importId: string, actorId: string): Promise<void> {
    await tx.update(migrationImports).set({ status: 'Undone', undoneOn: sql`now()`, modifiedOn: sql`now()`, modifiedBy: actorId }).where(eq(migrationImports.id, importId));
  }

  // ---- People ------------------------------------------------------------------------------------

  async findPeople(executor: Executor, emails: readonly string[]): Promise<Map<string, KnownPerson>> {
    if (emails.length === 0) return new Map();
    const rows = rowsOf<KnownPerson>(
      await executor.execute(sql`
        select lower(u.email) as email, u.id as "userId", u.user_type as "userType", a.id as "applicantId", u.first_name as "firstName", u.last_name as "lastName",
               a.phone, a.date_of_birth::text as "dateOfBirth", a.home_address as "homeAddress", a.listed_in_register as "listedInRegister"
        from users u left join applicants a on a.user_id = u.id
        where lower(u.email) in (${inList(emails)})`),
    );
    return new Map(rows.map((row) => [row.email, row]));
  }

  /**
   * A person brought from the old system: an applicant who cannot sign in until staff invite
   * them (no password, not activated), so nothing is mailed now.
   */
  async insertPerson(
    tx: Executor,
    person: { email: string; firstName: string; lastName: string; phone?: string; dateOfBirth?: string | null; homeAddress?: Address | null; listedInRegister: boolean },
    actorId: string,
  ): Promise<{ userId: string; applicantId: string }> {
    const [user] = await tx
      .insert(users)
      .values({ email: person.email, passwordHash: NO_PASSWORD_YET, firstName: person.firstName, lastName: person.lastName, userType: 'applicant', role: 5, activatedOn: null, createdBy: actorId, modifiedBy: actorId })
      .returning({ id: users.id });
    const [applicant] = await tx
      .insert(applicants)
      .values({
        userId: user!.id,
        phone: person.phone ?? '',
        dateOfBirth: person.dateOfBirth ?? null,
        homeAddress: person.homeAddress ?? null,
        listedInRegister: person.listedInRegister,
        createdBy: actorId,
        modifiedBy: actorId,
      })
      .returning({ id: applicants.id });
    return { userId: user!.id, applicantId: applicant!.id };
  }

  /** People brought from the old system, a chunk's at once (as `insertPerson`), by lower-case email. */
  async insertPeople(tx: Executor, people: readonly NewPerson[], actorId: string): Promise<Map<string, { userId: string; applicantId: string }>> {
    const made = new Map<string, { userId: string; applicantId: string }>();
    if (people.length === 0) return made;
    const userRows = await tx
      .insert(users)
      .values(people.map((person) => ({ email: person.email, passwordHash: NO_PASSWORD_YET, firstName: person.firstName, lastName: person.lastName, userType: 'applicant' as const, role: 5, activatedOn: null, createdBy: actorId, modifiedBy: actorId })))
      .returning({ id: users.id, email: users.email });
    const userIdOf = new Map(userRows.map((row) => [row.email.toLowerCase(), row.id]));
    const applicantRows = await tx
      .insert(applicants)
      .values(
        people.map((person) => ({
          userId: userIdOf.get(person.email.toLowerCase())!,
          phone: person.phone ?? '',
          dateOfBirth: person.dateOfBirth ?? null,
          homeAddress: person.homeAddress ?? null,
          listedInRegister: person.listedInRegister,
          createdBy: actorId,
          modifiedBy: actorId,
        })),
      )
      .returning({ id: applicants.id, userId: applicants.userId });
    const applicantIdOf = new Map(applicantRows.map((row) => [row.userId, row.id]));
    for (const [email, userId] of userIdOf) made.set(email, { userId, applicantId: applicantIdOf.get(userId)! });
    return made;
  }

  async updatePerson(
    tx: Executor,
    ids: { userId: string; applicantId: string },
    changes: { user: Partial<Pick<typeof users.$inferInsert, 'firstName' | 'lastName'>>; applicant: Partial<Pick<typeof applicants.$inferInsert, 'phone' | 'dateOfBirth' | 'homeAddress' | 'listedInRegister'>> },
    actorId: string,
  ): Promise<void> {
    if (Object.keys(changes.user).length > 0) await tx.update(users).set({ ...changes.user, modifiedOn: sql`now()`, modifiedBy: actorId }).where(eq(users.id, ids.userId));
    if (Object.keys(changes.applicant).length > 0) await tx.update(applicants).set({ ...changes.applicant, modifiedOn: sql`now()`, modifiedBy: actorId }).where(eq(applicants.id, ids.applicantId));
  }

  // ---- Awards ------------------------------------------------------------------------------------

  async findPrograms(executor: Executor, accountId: string, codes: readonly string[]): Promise<Map<string, ImportProgram>> {
    if (codes.length === 0) return new Map();
    const rows = rowsOf<ImportProgram>(
      await executor.execute(sql`
        select p.id, p.program_code as "programCode", p.program_type as "programType", p.number_pattern_check as "numberPatternCheck",
               p.certificate_num_pattern as "certificateNumPattern", s.renewal_period as "renewalPeriod"
        from programs p left join program_certification_settings s on s.program_id = p.id and s.kind = 'initial'
        where p.account_id = ${accountId}::uuid and lower(p.program_code) in (${inList(codes)})`),
    );
    return new Map(rows.map((row) => [row.programCode.toLowerCase(), row]));
  }

  /** Awards with these numbers (letter case forgiven, as verification forgives it), anywhere on the platform: numbers are unique across it. */
  async findAwards(executor: Executor, accountId: string, numbers: readonly string[]): Promise<Map<string, KnownAward>> {
    if (numbers.length === 0) return new Map();
    const rows = rowsOf<KnownAward>(
      await executor.execute(sql`
        select lower(aw.certificate_number) as number, aw.id, aw.application_id as "applicationId", aw.program_id as "programId", lower(u.email) as "holderEmail",
               aw.awarded_on::text as "awardedOn", aw.expires_on::text as "expiresOn", aw.status, aw.status_reason as "statusReason", aw.certificate_version as "certificateVersion",
               exists (select 1 from migration_import_rows r join migration_imports i on i.id = r.import_id
                       where r.award_id = aw.id and r.result = 'created' and i.account_id = ${accountId}::uuid and i.status <> 'Undone') as "importedHere"
        from awards aw join applicants a on a.id = aw.applicant_id join users u on u.id = a.user_id
        where lower(aw.certificate_number) in (${inList(numbers)})`),
    );
    return new Map(rows.map((row) => [row.number, row]));
  }

  /**
   * Imported awards, a chunk's at once: each its application (decision 035: awards need one; this
   * one is marked by its number `{prefix}-IMP-{certificate number}` and its history note, and
   * carries the status the award's status implies), the award with the number as issued, a history
   * line for each renewal the old system recorded (dated that day) and one for the import.
   * Answers the ids in the order given.
   */
  async insertImportedAwards(tx: Executor, values: readonly NewImportedAward[]): Promise<{ applicationId: string; awardId: string }[]> {
    if (values.length === 0) return [];
    const applicationRows = await tx
      .insert(applications)
      .values(
        values.map((value) => ({
          applicationNumber: value.applicationNumber,
          applicantId: value.applicantId,
          programId: value.program.id,
          programType: value.program.programType,
          status: value.applicationStatus,
          declarationAccepted: true,
          submittedOn: sql`${value.awardedOn}::date`,
          overallResult: 'Awarded' as const,
          resultRecordedOn: sql`${value.awardedOn}::date`,
          createdBy: value.actorId,
          modifiedBy: value.actorId,
        })),
      )
      .returning({ id: applications.id, applicationNumber: applications.applicationNumber });
    const applicationIdOf = new Map(applicationRows.map((row) => [row.applicationNumber, row.id]));
    const applicationIds = values.map((value) => applicationIdOf.get(value.applicationNumber)!);
    await tx
      .insert(applicationHistory)
      .values(values.map((value, i) => ({ applicationId: applicationIds[i]!, fromStatus: null, toStatus: value.applicationStatus, note: value.note, createdBy: value.actorId, modifiedBy: value.actorId })));
    const awardRows = await tx
      .insert(awards)
      .values(
        values.map((value, i) => ({
          applicationId: applicationIds[i]!,
          applicantId: value.applicantId,
          programId: value.program.id,
          programType: value.program.programType,
          awardType: 'Awarded',
          certificateNumber: value.certificateNumber,
          awardedOn: value.awardedOn,
          expiresOn: value.expiresOn,
          status: value.status,
          statusReason: value.statusReason,
          createdBy: value.actorId,
          modifiedBy: value.actorId,
        })),
      )
      .returning({ id: awards.id, applicationId: awards.applicationId });
    const awardIdOf = new Map(awardRows.map((row) => [row.applicationId, row.id]));
    const awardIds = applicationIds.map((id) => awardIdOf.get(id)!);
    // The renewals first, so the history (read in insertion order) runs oldest first and ends with the import.
    const renewalLines = values.flatMap((value, i) => value.renewals.map((day) => this.renewalLine(awardIds[i]!, day, value.actorId)));
    if (renewalLines.length > 0) await tx.insert(awardHistory).values(renewalLines);
    await tx
      .insert(awardHistory)
      .values(values.map((value, i) => ({ awardId: awardIds[i]!, action: 'imported', fromStatus: null, toStatus: value.status, reason: value.statusReason, createdBy: value.actorId, modifiedBy: value.actorId })));
    return values.map((_value, i) => ({ applicationId: applicationIds[i]!, awardId: awardIds[i]! }));
  }

  async insertImportedAward(tx: Executor, values: NewImportedAward): Promise<{ applicationId: string; awardId: string }> {
    return (await this.insertImportedAwards(tx, [values]))[0]!;
  }

  /** A renewal the old system recorded, as a history line dated the day it was renewed. */
  private renewalLine(awardId: string, day: string, actorId: string): typeof awardHistory.$inferInsert {
    return { awardId, action: 'renewed', fromStatus: 'current', toStatus: 'current', reason: IMPORTED_RENEWAL_REASON, createdOn: sql`(${day}::date)::timestamp at time zone 'UTC'` as unknown as Date, createdBy: actorId, modifiedBy: actorId };
  }

  /** The renewal days an import recorded on awards (`YYYY-MM-DD`, oldest first), by award id. */
  async importedRenewals(executor: Executor, awardIds: readonly string[]): Promise<Map<string, string[]>> {
    const found = new Map<string, string[]>();
    if (awardIds.length === 0) return found;
    const rows = await executor
      .select({ awardId: awardHistory.awardId, day: sql<string>`to_char(${awardHistory.createdOn} at time zone 'UTC', 'YYYY-MM-DD')` })
      .from(awardHistory)
      .where(and(inArray(awardHistory.awardId, [...awardIds]), eq(awardHistory.action, 'renewed'), eq(awardHistory.reason, IMPORTED_RENEWAL_REASON)))
      .orderBy(awardHistory.createdOn);
    for (const row of rows) found.set(row.awardId, [...(found.get(row.awardId) ?? []), row.day]);
    return found;
  }

  /** Replaces the renewal lines an import recorded on an award (a corrected file, or undo putting back what it replaced). */
  async replaceImportedRenewals(tx: Executor, awardId: string, renewals: readonly string[], actorId: string): Promise<void> {
    await tx.delete(awardHistory).where(and(eq(awardHistory.awardId, awardId), eq(awardHistory.action, 'renewed'), eq(awardHistory.reason, IMPORTED_RENEWAL_REASON)));
    if (renewals.length > 0) await tx.insert(awardHistory).values(renewals.map((day) => this.renewalLine(awardId, day, actorId)));
  }

  async updateImportedAward(
    tx: Executor,
    award: KnownAward,
    values: { awardedOn: string; expiresOn: string | null; status: string; statusReason: string | null; applicationStatus: string; actorId: string },
  ): Promise<void> {
    await tx
      .update(awards)
      .set({ awardedOn: values.awardedOn, expiresOn: values.expiresOn, status: values.status, statusReason: values.statusReason, certificateVersion: award.certificateVersion + 1, modifiedOn: sql`now()`, modifiedBy: values.actorId })
      .where(eq(awards.id, award.id));
    await tx.insert(awardHistory).values({ awardId: award.id, action: 'imported', fromStatus: award.status, toStatus: values.status, reason: values.statusReason, createdBy: values.actorId, modifiedBy: values.actorId });
    await tx.update(applications).set({ status: values.applicationStatus, modifiedOn: sql`now()`, modifiedBy: values.actorId }).where(eq(applications.id, award.applicationId));
  }

  /**
   * Records the expiry reminders whose day has already come as sent, without sending them: the
   * holder hears only of milestones still ahead after the import (the expiry job skips these).
   */
  async markRemindersPassed(tx: Executor, awardId: string, expiresOn: string, kinds: readonly string[], today: string): Promise<void> {
    if (kinds.length === 0) return;
    await tx
      .insert(awardReminders)
      .values(kinds.map((kind) => ({ awardId, expiresOn, kind, sentOn: today })))
      .onConflictDoNothing();
  }

  /** The reminders already due on many awards at once (as `markRemindersPassed`). */
  async markManyRemindersPassed(tx: Executor, reminders: readonly { awardId: string; expiresOn: string; kind: string }[], today: string): Promise<void> {
    if (reminders.length === 0) return;
    await tx
      .insert(awardReminders)
      .values(reminders.map((reminder) => ({ ...reminder, sentOn: today })))
      .onConflictDoNothing();
  }

  /** Moves a series' counter to at least `counter`, so the next number made here is past it. */
  async moveCounterPast(tx: Executor, series: string, counter: number): Promise<void> {
    await tx
      .insert(certificateNumberCounters)
      .values({ series, lastNumber: counter })
      .onConflictDoUpdate({ target: certificateNumberCounters.series, set: { lastNumber: sql`greatest(${certificateNumberCounters.lastNumber}, ${counter})` } });
  }

  // ---- Undo --------------------------------------------------------------------------------------

  /** Whether the award or its application changed after the import wrote them (after the row that wrote them), or a certificate was made from it. */
  async isAwardTouched(tx: Executor, awardId: string, rowId: number): Promise<boolean> {
    const since = writtenAt(rowId);
    const [row] = rowsOf<{ touched: boolean }>(
      await tx.execute(sql`
        select (aw.modified_on > ${since} or aw.certificate_key is not null or ap.modified_on > ${since}
                or exists (select 1 from award_history h where h.award_id = aw.id and h.created_on > ${since})
                or exists (select 1 from application_history h where h.application_id = ap.id and h.created_on > ${since})
                or exists (select 1 from awards other where other.applicant_id = aw.applicant_id and other.application_id = ap.id and other.id <> aw.id)) as touched
        from awards aw join applications ap on ap.id = aw.application_id where aw.id = ${awardId}::uuid`),
    );
    return row?.touched ?? false;
  }

  /**
   * `isAwardTouched` for many created rows at once (each against its own row's time): the row
   * numbers whose award was touched, newest first. Other awards of the application are looked for
   * through the holder: awards have an index by applicant, none by application.
   */
  async touchedAwardRows(tx: Executor, rowIds: readonly number[]): Promise<number[]> {
    if (rowIds.length === 0) return [];
    const rows = rowsOf<{ rowNumber: number }>(
      await tx.execute(sql`
        select r.row_number as "rowNumber"
        from migration_import_rows r join awards aw on aw.id = r.award_id join applications ap on ap.id = aw.application_id
        where r.id in (${sql.join(
          rowIds.map((rowId) => sql`${rowId}`),
          sql`, `,
        )})
          and (aw.modified_on > r.modified_on or aw.certificate_key is not null or ap.modified_on > r.modified_on
               or exists (select 1 from award_history h where h.award_id = aw.id and h.created_on > r.modified_on)
               or exists (select 1 from application_history h where h.application_id = ap.id and h.created_on > r.modified_on)
               or exists (select 1 from awards other where other.applicant_id = aw.applicant_id and other.application_id = ap.id and other.id <> aw.id))
        order by r.row_number desc`),
    );
    return rows.map((row) => row.rowNumber);
  }

  /** `deleteImportedAward` for many at once. */
  async deleteImportedAwards(tx: Executor, made: readonly { awardId: string; applicationId: string }[]): Promise<void> {
    if (made.length === 0) return;
    const awardIds = made.map((row) => row.awardId);
    const applicationIds = made.map((row) => row.applicationId);
    await tx.delete(awardReminders).where(inArray(awardReminders.awardId, awardIds));
    await tx.delete(awardHistory).where(inArray(awardHistory.awardId, awardIds));
    await tx.delete(awards).where(inArray(awards.id, awardIds));
    await tx.delete(applicationHistory).where(inArray(applicationHistory.applicationId, applicationIds));
    await tx.delete(applications).where(inArray(applications.id, applicationIds));
  }

  async deleteImportedAward(tx: Executor, awardId: string, applicationId: string): Promise<void> {
    await tx.delete(awardReminders).where(eq(awardReminders.awardId, awardId));
    await tx.delete(awardHistory).where(eq(awardHistory.awardId, awardId));
    await tx.delete(awards).where(eq(awards.id, awardId));
    await tx.delete(applicationHistory).where(eq(applicationHistory.applicationId, applicationId));
    await tx.delete(applications).where(eq(applications.id, applicationId));
  }

  /** Whether a person the import created has done or been given anything since: signed in, changed, applied, holds an award of another import. */
  async isPersonTouched(tx: Executor, ids: { userId: string; applicantId: string }, rowId: number): Promise<boolean> {
    const since = writtenAt(rowId);
    const [row] = rowsOf<{ touched: boolean }>(
      await tx.execute(sql`
        select (u.modified_on > ${since} or u.activated_on is not null or u.password_hash <> ${NO_PASSWORD_YET} or a.modified_on > ${since}
                or exists (select 1 from applications ap where ap.applicant_id = a.id)
                or exists (select 1 from refresh_sessions s where s.user_id = u.id)) as touched
        from users u join applicants a on a.user_id = u.id where u.id = ${ids.userId}::uuid and a.id = ${ids.applicantId}::uuid`),
    );
    return row?.touched ?? false;
  }

  /** `isPersonTouched` for many rows' created people at once (each against its own row's time): the row numbers touched, newest first. */
  async touchedPersonRows(tx: Executor, rowIds: readonly number[]): Promise<number[]> {
    if (rowIds.length === 0) return [];
    const rows = rowsOf<{ rowNumber: number }>(
      await tx.execute(sql`
        select r.row_number as "rowNumber"
        from migration_import_rows r join users u on u.id = r.user_id join applicants a on a.id = r.applicant_id and a.user_id = u.id
        where r.id in (${sql.join(
          rowIds.map((rowId) => sql`${rowId}`),
          sql`, `,
        )})
          and (u.modified_on > r.modified_on or u.activated_on is not null or u.password_hash <> ${NO_PASSWORD_YET} or a.modified_on > r.modified_on
               or exists (select 1 from applications ap where ap.applicant_id = a.id)
               or exists (select 1 from refresh_sessions s where s.user_id = u.id))
        order by r.row_number desc`),
    );
    return rows.map((row) => row.rowNumber);
  }

  async deletePeople(tx: Executor, people: readonly { userId: string; applicantId: string }[]): Promise<void> {
    if (people.length === 0) return;
    await tx.delete(applicants).where(
      inArray(
        applicants.id,
        people.map((person) => person.applicantId),
      ),
    );
    await tx.delete(users).where(
      inArray(
        users.id,
        people.map((person) => person.userId),
      ),
    );
  }

  async deletePerson(tx: Executor, ids: { userId: string; applicantId: string }): Promise<void> {
    await tx.delete(applicants).where(eq(applicants.id, ids.applicantId));
    await tx.delete(users).where(eq(users.id, ids.userId));
  }

  async isPersonChangedSince(tx: Executor, ids: { userId: string; applicantId: string }, rowId: number): Promise<boolean> {
    const since = writtenAt(rowId);
    const [row] = rowsOf<{ touched: boolean }>(
      await tx.execute(sql`
        select (u.modified_on > ${since} or a.modified_on > ${since}) as touched
        from users u join applicants a on a.user_id = u.id where u.id = ${ids.userId}::uuid and a.id = ${ids.applicantId}::uuid`),
    );
    return row?.touched ?? true;
  }

  async restoreAward(tx: Executor, awardId: string, applicationId: string, previous: { awardedOn: string; expiresOn: string | null; status: string; statusReason: string | null; applicationStatus: string }, actorId: string): Promise<void> {
    await tx
      .update(awards)
      .set({ awardedOn: previous.awardedOn, expiresOn: previous.expiresOn, status: previous.status, statusReason: previous.statusReason, certificateVersion: sql`${awards.certificateVersion} + 1`, modifiedOn: sql`now()`, modifiedBy: actorId })
      .where(eq(awards.id, awardId));
    await tx.insert(awardHistory).values({ awardId, action: 'import undone', fromStatus: null, toStatus: previous.status, reason: previous.statusReason, createdBy: actorId, modifiedBy: actorId });
    await tx.update(applications).set({ status: previous.applicationStatus, modifiedOn: sql`now()`, modifiedBy: actorId }).where(eq(applications.id, applicationId));
  }
}
