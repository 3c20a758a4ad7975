import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { accounts } from '../../db/schema/account';
import { applications } from '../../db/schema/application';
import { awardHistory, awards, certificateNumberCounters } from '../../db/schema/award';
import { programCertificationSettings, programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { appliedNowhere } from '../applicant/applied-nowhere';

export type AwardTableRow = typeof awards.$inferSelect;

/** Which awards a list may show; absent `programIds`: every program (of the account, when given; an empty list finds nothing). */
export interface AwardFilters {
  /** Staff's lists: only the awards of this account's programs. */
  accountId?: string;
  applicantId?: string;
  programIds?: readonly string[];
  programId?: string;
  status?: string;
  search?: string;
}

const likeEscaped = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** What an award needs of its program to be created: its type, numbering and renewal period. */
export interface AwardProgramFacts {
  programId: string;
  programType: number;
  programCode: string;
  programTitle: string;
  numberPatternCheck: boolean;
  certificateNumPattern: string;
  certificateStartNum: string;
  renewalPeriod: number | null;
  /** The program's awarding body's zone: the award is dated on that body's day. */
  timeZone: string;
}

/** Awards, their history and the certificate number counters: the only Drizzle of the award module. */
export class AwardRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async findProgramFacts(tx: Executor, programId: string): Promise<AwardProgramFacts | undefined> {
    const [row] = await tx
      .select({
        programId: programs.id,
        programType: programs.programType,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        numberPatternCheck: programs.numberPatternCheck,
        certificateNumPattern: programs.certificateNumPattern,
        certificateStartNum: programs.certificateStartNum,
        renewalPeriod: programCertificationSettings.renewalPeriod,
        timeZone: accounts.timeZone,
      })
      .from(programs)
      .innerJoin(accounts, eq(accounts.id, programs.accountId))
      .leftJoin(programCertificationSettings, and(eq(programCertificationSettings.programId, programs.id), eq(programCertificationSettings.kind, 'initial')))
      .where(eq(programs.id, programId));
    return row;
  }

  /**
   * The next counter of a series, in the caller's transaction: the counter row stays locked until
   * the transaction ends, so concurrent awards on any instance queue behind it, and a rolled-back
   * award leaves it as it was (gap-free). The first value is `start`; a start raised later wins.
   */
  async nextCounter(tx: Executor, series: string, start: number): Promise<number> {
    const [row] = await tx
      .insert(certificateNumberCounters)
      .values({ series, lastNumber: start })
      .onConflictDoUpdate({ target: certificateNumberCounters.series, set: { lastNumber: sql`greatest(${certificateNumberCounters.lastNumber} + 1, ${start})` } })
      .returning({ n: certificateNumberCounters.lastNumber });
    if (!row) throw new Error('no certificate number');
    return row.n;
  }

  async isCertificateNumberTaken(tx: Executor, certificateNumber: string): Promise<boolean> {
    const [row] = await tx.select({ id: awards.id }).from(awards).where(eq(awards.certificateNumber, certificateNumber)).limit(1);
    return !!row;
  }

  async insert(tx: Executor, values: typeof awards.$inferInsert): Promise<AwardTableRow> {
    const [row] = await tx.insert(awards).values(values).returning();
    if (!row) throw new Error('award not inserted');
    return row;
  }

  async insertHistory(tx: Executor, values: typeof awardHistory.$inferInsert): Promise<void> {
    await tx.insert(awardHistory).values(values);
  }

  async update(tx: Executor, id: string, values: Partial<typeof awards.$inferInsert>): Promise<void> {
    await tx.update(awards).set({ ...values, modifiedOn: new Date() }).where(eq(awards.id, id));
  }

  /** The application's latest award; with `lock`, locked for the rest of the caller's transaction. */
  async findLatestOfApplication(applicationId: string, options: { tx?: Executor; lock?: boolean } = {}): Promise<AwardTableRow | undefined> {
    const query = (options.tx ?? this.db).select().from(awards).where(eq(awards.applicationId, applicationId)).orderBy(desc(awards.createdOn), desc(awards.id)).limit(1);
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  }

  /** The award rows with what every list shows (holder, program, application). */
  private selectRows(db: Executor) {
    return db
      .select({
        award: awards,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        userId: users.id,
        memberNumber: applicants.memberNumber,
        applicationNumber: applications.applicationNumber,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
      })
      .from(awards)
      .innerJoin(applicants, eq(applicants.id, awards.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .innerJoin(applications, eq(applications.id, awards.applicationId))
      .innerJoin(programs, eq(programs.id, awards.programId));
  }

  async findById(id: string, db: Executor = this.db) {
    const [row] = await this.selectRows(db).where(eq(awards.id, id));
    return row;
  }

  private conditionsOf(filters: AwardFilters): SQL[] {
    const conditions: SQL[] = [];
    if (filters.accountId) conditions.push(inArray(awards.programId, this.db.select({ id: programs.id }).from(programs).where(eq(programs.accountId, filters.accountId))));
    if (filters.applicantId) conditions.push(eq(awards.applicantId, filters.applicantId));
    if (filters.programIds) conditions.push(inArray(awards.programId, [...filters.programIds]));
    if (filters.programId) conditions.push(eq(awards.programId, filters.programId));
    if (filters.status) conditions.push(eq(awards.status, filters.status));
    if (filters.search) {
      const like = likeEscaped(filters.search);
      conditions.push(
        or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
          ilike(applicants.memberNumber, like),
          ilike(awards.certificateNumber, like),
          ilike(applications.applicationNumber, like),
        )!,
      );
    }
    return conditions;
  }

  /** A page of awards, newest first; `pageSize` 0: every row (the export). */
  async findPage(filters: AwardFilters, page: number, pageSize: number) {
    if (filters.programIds && filters.programIds.length === 0) return { totalRows: 0, rows: [] };
    const where = and(...this.conditionsOf(filters));
    const query = this.selectRows(this.db).where(where).orderBy(desc(awards.awardedOn), desc(awards.certificateNumber));
    const rows = pageSize > 0 ? await query.limit(pageSize).offset((page - 1) * pageSize) : await query;
    const [total] = await this.db
      .select({ n: count() })
      .from(awards)
      .innerJoin(applicants, eq(applicants.id, awards.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .innerJoin(applications, eq(applications.id, awards.applicationId))
      .where(where);
    return { totalRows: total?.n ?? 0, rows };
  }

  /** The award's history, oldest first, with the name of whoever acted (null for the system). */
  async findHistory(awardId: string, db: Executor = this.db) {
    return db
      .select({ entry: awardHistory, firstName: users.firstName, lastName: users.lastName, userType: users.userType })
      .from(awardHistory)
      .leftJoin(users, eq(users.id, awardHistory.createdBy))
      .where(eq(awardHistory.awardId, awardId))
      .orderBy(asc(awardHistory.id));
  }


  /** The holder of an application's award: to whom the award's mails go. */
  async findHolder(tx: Executor, applicantId: string) {
    const [row] = await tx
      .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(applicants)
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(eq(applicants.id, applicantId));
    return row;
  }

  async findApplicationFacts(tx: Executor, applicationId: string) {
    const [row] = await tx
      .select({ id: applications.id, applicantId: applications.applicantId, programId: applications.programId, programType: applications.programType, applicationNumber: applications.applicationNumber, submittedOn: applications.submittedOn })
      .from(applications)
      .where(eq(applications.id, applicationId));
    return row;
  }

  /**
   * Whether the applicant is the account's: an application to its programs, or none anywhere yet
   * (the applicant reach's rule); an applicant who applied elsewhere only is unknown to its staff.
   */
  async isApplicantOfAccount(applicantId: string, accountId: string): Promise<boolean> {
    const [row] = await this.db.execute<{ yes: boolean }>(sql`
      select exists (select 1 from applicants a where a.id = ${applicantId}
        and (exists (select 1 from applications ap join programs p on p.id = ap.program_id where ap.applicant_id = a.id and p.account_id = ${accountId})
          or ${appliedNowhere(sql`a.id`)})) as yes`).then((result) => (result as unknown as { rows: { yes: boolean }[] }).rows);
    return !!row?.yes;
  }
}
