import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { applicationCounters, applicationHistory, applications } from '../../db/schema/application';
import { bulkImportRows, bulkImports } from '../../db/schema/bulk-import';
import { programs } from '../../db/schema/program';
import { applicants, userTokens, users } from '../../db/schema/user';
import { inScope, rowsOf, type ProgramScope } from '../report/staff-scope';
import type { ImportRow } from './bulk-import-csv';
import { withdrawApplicantMemberships } from '../../db/account-memberships';
import { NO_PASSWORD_YET } from '../../platform/no-password-yet';

/** What the import needs to know about a person already on the platform with a row's email. */
export interface KnownPerson {
  email: string;
  userId: string;
  userType: string;
  applicantId: string | null;
  firstName: string;
  lastName: string;
  phone: string | null;
  dateOfBirth: string | null;
  homeAddress: ImportRow['homeAddress'] | null;
  membershipType: string | null;
  memberNumber: string | null;
  hasApplication: boolean;
}

export type ImportRowResult = typeof bulkImportRows.$inferInsert;
export type ImportRecord = typeof bulkImports.$inferSelect;


/** A running import untouched this long is taken as abandoned (its process died) and resumed by the next pass. */
const STALE_RUNNING = sql`interval '5 minutes'`;

export class BulkImportRepository {
  constructor(private readonly db: Database) {}

  /** Reads outside a transaction (the preview). */
  get executor(): Executor {
    return this.db;
  }

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async findProgram(id: string) {
    const [row] = await this.db
      .select({ id: programs.id, accountId: programs.accountId, programCode: programs.programCode, programTitle: programs.programTitle, programType: programs.programType, status: programs.status })
      .from(programs)
      .where(eq(programs.id, id));
    return row;
  }

  async findPeople(executor: Executor, emails: readonly string[], programId: string): Promise<Map<string, KnownPerson>> {
    if (emails.length === 0) return new Map();
    const list = sql.join(
      emails.map((email) => sql`${email.toLowerCase()}`),
      sql`, `,
    );
    const rows = rowsOf<KnownPerson>(
      await executor.execute(sql`
        select lower(u.email) as email, u.id as "userId", u.user_type as "userType", a.id as "applicantId", u.first_name as "firstName", u.last_name as "lastName",
               a.phone, a.date_of_birth::text as "dateOfBirth", a.home_address as "homeAddress", a.membership_type as "membershipType", a.member_number as "memberNumber",
               exists (select 1 from applications ap where ap.applicant_id = a.id and ap.program_id = ${programId}::uuid) as "hasApplication"
        from users u left join applicants a on a.user_id = u.id
        where lower(u.email) in (${list})`),
    );
    return new Map(rows.map((row) => [row.email, row]));
  }

  async insertImport(values: typeof bulkImports.$inferInsert): Promise<string> {
    const [row] = await this.db.insert(bulkImports).values(values).returning({ id: bulkImports.id });
    return row!.id;
  }

  /** The next queued import (or an abandoned running one), claimed so that one instance runs it. */
  async claimNext(): Promise<{ id: string } | undefined> {
    const result = await this.db.execute(sql`
      update bulk_imports set status = 'Running', started_on = coalesce(started_on, now()), modified_on = now()
      where id = (
        select id from bulk_imports
        where status = 'Queued' or (status = 'Running' and modified_on < now() - ${STALE_RUNNING})
        order by created_on for update skip locked limit 1)
      returning id`);
    return rowsOf<{ id: string }>(result)[0];
  }

  async findImport(id: string) {
    const [row] = await this.db
      .select({ import: bulkImports, programCode: programs.programCode, programTitle: programs.programTitle, programType: programs.programType, firstName: users.firstName, lastName: users.lastName })
      .from(bulkImports)
      .innerJoin(programs, eq(programs.id, bulkImports.programId))
      .leftJoin(users, eq(users.id, bulkImports.createdBy))
      .where(eq(bulkImports.id, id));
    return row;
  }

  async findPage(scope: ProgramScope, programId: string | undefined, page: number, pageSize: number) {
    const conditions: SQL[] = [inScope(sql`${bulkImports.programId}`, scope)];
    if (programId) conditions.push(eq(bulkImports.programId, programId));
    const where = and(...conditions);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ import: bulkImports, programCode: programs.programCode, programTitle: programs.programTitle, programType: programs.programType, firstName: users.firstName, lastName: users.lastName })
        .from(bulkImports)
        .innerJoin(programs, eq(programs.id, bulkImports.programId))
        .leftJoin(users, eq(users.id, bulkImports.createdBy))
        .where(where)
        .orderBy(desc(bulkImports.createdOn))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.db.select({ n: count() }).from(bulkImports).where(where),
    ]);
    return { rows, totalRows: total?.n ?? 0 };
  }

  async findRowResults(importId: string) {
    return this.db.select().from(bulkImportRows).where(eq(bulkImportRows.importId, importId)).orderBy(bulkImportRows.rowNumber);
  }

  async processedRowNumbers(importId: string): Promise<Set<number>> {
    const rows = await this.db.select({ n: bulkImportRows.rowNumber }).from(bulkImportRows).where(eq(bulkImportRows.importId, importId));
    return new Set(rows.map((row) => row.n));
  }

  /** New applicants of one chunk, two statements whatever their number; keyed by lower-case email. */
  async insertApplicants(tx: Executor, rows: readonly ImportRow[], actorId: string): Promise<Map<string, { userId: string; applicantId: string }>> {
    if (rows.length === 0) return new Map();
    const inserted = await tx
      .insert(users)
      .values(rows.map((row) => ({ email: row.email, passwordHash: NO_PASSWORD_YET, firstName: row.firstName, lastName: row.lastName, userType: 'applicant' as const, role: 5, activatedOn: null, createdBy: actorId, modifiedBy: actorId })))
      .returning({ id: users.id, email: users.email });
    const userIds = new Map(inserted.map((user) => [user.email.toLowerCase(), user.id]));
    const created = await tx
      .insert(applicants)
      .values(
        rows.map((row) => ({
          userId: userIds.get(row.email.toLowerCase())!,
          phone: row.phone,
          dateOfBirth: row.dateOfBirth,
          homeAddress: row.homeAddress,
          membershipType: row.membershipType,
          memberNumber: row.memberNumber,
          createdBy: actorId,
          modifiedBy: actorId,
        })),
      )
      .returning({ id: applicants.id, userId: applicants.userId });
    const applicantIds = new Map(created.map((applicant) => [applicant.userId, applicant.id]));
    return new Map([...userIds].map(([email, userId]) => [email, { userId, applicantId: applicantIds.get(userId)! }]));
  }

  async updateApplicant(tx: Executor, person: { userId: string; applicantId: string }, changes: { user: Partial<typeof users.$inferInsert>; applicant: Partial<typeof applicants.$inferInsert> }, actorId: string): Promise<void> {
    const now = new Date();
    if (Object.keys(changes.user).length > 0) await tx.update(users).set({ ...changes.user, modifiedOn: now, modifiedBy: actorId }).where(eq(users.id, person.userId));
    if (Object.keys(changes.applicant).length > 0) await tx.update(applicants).set({ ...changes.applicant, modifiedOn: now, modifiedBy: actorId }).where(eq(applicants.id, person.applicantId));
    // A changed declared membership: no body's confirmation of the old one stands (as when the applicant changes it).
    if (changes.applicant.membershipType !== undefined) await withdrawApplicantMemberships(tx, person.applicantId);
  }

  /** Takes `n` application numbers of a type and year at once, under the counter's row lock. */
  async takeNumbers(tx: Executor, programType: number, year: number, n: number): Promise<number> {
    const [row] = await tx
      .insert(applicationCounters)
      .values({ programType, year, lastNumber: n })
      .onConflictDoUpdate({ target: [applicationCounters.programType, applicationCounters.year], set: { lastNumber: sql`${applicationCounters.lastNumber} + ${n}` } })
      .returning({ last: applicationCounters.lastNumber });
    return row!.last - n + 1;
  }

  async insertApplications(tx: Executor, values: (typeof applications.$inferInsert)[]): Promise<{ id: string; applicantId: string }[]> {
    if (values.length === 0) return [];
    return tx.insert(applications).values(values).returning({ id: applications.id, applicantId: applications.applicantId });
  }

  async insertHistory(tx: Executor, values: (typeof applicationHistory.$inferInsert)[]): Promise<void> {
    if (values.length > 0) await tx.insert(applicationHistory).values(values);
  }

  async insertTokens(tx: Executor, values: { userId: string; tokenHash: string; expiresOn: Date }[]): Promise<void> {
    if (values.length > 0) await tx.insert(userTokens).values(values.map((value) => ({ ...value, purpose: 'reset' as const, createdBy: value.userId, modifiedBy: value.userId })));
  }

  async insertRowResults(tx: Executor, rows: ImportRowResult[]): Promise<void> {
    if (rows.length > 0) await tx.insert(bulkImportRows).values(rows).onConflictDoNothing();
  }

  /** Counts what the chunk did, from the rows written (so a resumed chunk never counts twice). */
  async refreshProgress(tx: Executor, importId: string): Promise<void> {
    await tx.execute(sql`
      update bulk_imports set modified_on = now(),
        processed_rows = (select count(*) from bulk_import_rows r where r.import_id = ${importId}::uuid),
        created_count = (select count(*) from bulk_import_rows r where r.import_id = ${importId}::uuid and r.result = 'created'),
        updated_count = (select count(*) from bulk_import_rows r where r.import_id = ${importId}::uuid and r.result = 'updated'),
        unchanged_count = (select count(*) from bulk_import_rows r where r.import_id = ${importId}::uuid and r.result = 'unchanged'),
        refused_count = (select count(*) from bulk_import_rows r where r.import_id = ${importId}::uuid and r.result = 'refused')
      where id = ${importId}::uuid`);
  }

  async finish(importId: string, status: 'Completed' | 'Failed', error: string | null): Promise<void> {
    await this.db.update(bulkImports).set({ status, error, finishedOn: new Date(), modifiedOn: new Date() }).where(eq(bulkImports.id, importId));
  }

  async contentOf(importId: string) {
    const [row] = await this.db.select({ content: bulkImports.content, programId: bulkImports.programId, fileName: bulkImports.fileName, createdBy: bulkImports.createdBy }).from(bulkImports).where(eq(bulkImports.id, importId));
    return row;
  }
}
