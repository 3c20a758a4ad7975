import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { applicantProfessionalDevelopment } from '../../db/schema/applicant-profile';
import { applications } from '../../db/schema/application';
import { awards } from '../../db/schema/award';
import { programCertificationSettings, programRequirements, programs } from '../../db/schema/program';
import { renewalApplications } from '../../db/schema/renewal';
import { applicants, users } from '../../db/schema/user';

export type RenewalTableRow = typeof renewalApplications.$inferSelect;

const likeEscaped = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface RenewalQueueFilters {
  programId: string;
  programType: number;
  status?: string;
  search?: string;
  orderBy: 'applicationNumber' | 'submittedOn' | 'expiresOn';
  ascending: boolean;
}

/** Renewal applications and what their form shows (award, program requirements, CPD): the only Drizzle of the renewal module. */
export class RenewalRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  /** An award with its holder, program and application, as the renewal form and queue show them. */
  async findAward(awardId: string, db: Executor = this.db) {
    const [row] = await db
      .select({
        award: awards,
        applicationNumber: applications.applicationNumber,
        applicationStatus: applications.status,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        userId: users.id,
        memberNumber: applicants.memberNumber,
      })
      .from(awards)
      .innerJoin(applications, eq(applications.id, awards.applicationId))
      .innerJoin(programs, eq(programs.id, awards.programId))
      .innerJoin(applicants, eq(applicants.id, awards.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(eq(awards.id, awardId));
    return row;
  }

  /** The award's open renewal (draft or submitted), at most one (a partial unique index). */
  async findOpen(awardId: string, db: Executor = this.db): Promise<RenewalTableRow | undefined> {
    const [row] = await db
      .select()
      .from(renewalApplications)
      .where(and(eq(renewalApplications.awardId, awardId), inArray(renewalApplications.status, ['draft', 'submitted'])));
    return row;
  }

  async findById(id: string, options: { tx?: Executor; lock?: boolean } = {}): Promise<RenewalTableRow | undefined> {
    const query = (options.tx ?? this.db).select().from(renewalApplications).where(eq(renewalApplications.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  }

  /** Where the award's current period began: the expiry its last renewal replaced, or null (its award day). */
  async findLastRenewedFrom(awardId: string, db: Executor = this.db): Promise<string | null> {
    const [row] = await db
      .select({ from: renewalApplications.previousExpiresOn })
      .from(renewalApplications)
      .where(and(eq(renewalApplications.awardId, awardId), eq(renewalApplications.status, 'renewed')))
      .orderBy(desc(renewalApplications.decidedOn))
      .limit(1);
    return row?.from ?? null;
  }

  async findRequirements(programId: string, db: Executor = this.db) {
    return db
      .select({ id: programRequirements.id, code: programRequirements.requirementCode, description: programRequirements.requirementDescription })
      .from(programRequirements)
      .where(eq(programRequirements.programId, programId))
      .orderBy(asc(programRequirements.sortOrder), asc(programRequirements.requirementCode));
  }

  /** The program's required CPD hours (initial Certification/AICIP settings); 0 without settings. */
  async findRequiredCpdHours(programId: string, db: Executor = this.db): Promise<number> {
    const [row] = await db
      .select({ hours: programCertificationSettings.requiredCpdHours })
      .from(programCertificationSettings)
      .where(and(eq(programCertificationSettings.programId, programId), eq(programCertificationSettings.kind, 'initial')));
    return row?.hours ?? 0;
  }

  /** The holder's Professional development list, oldest first. */
  async findDevelopment(applicantId: string, db: Executor = this.db) {
    return db
      .select({
        id: applicantProfessionalDevelopment.id,
        provider: applicantProfessionalDevelopment.provider,
        numOfHours: applicantProfessionalDevelopment.numOfHours,
        personalDevelopmentType: applicantProfessionalDevelopment.personalDevelopmentType,
        startDate: applicantProfessionalDevelopment.startDate,
      })
      .from(applicantProfessionalDevelopment)
      .where(eq(applicantProfessionalDevelopment.applicantId, applicantId))
      .orderBy(asc(applicantProfessionalDevelopment.startDate), asc(applicantProfessionalDevelopment.id));
  }

  async insert(tx: Executor, values: typeof renewalApplications.$inferInsert): Promise<RenewalTableRow> {
    const [row] = await tx.insert(renewalApplications).values(values).returning();
    if (!row) throw new Error('renewal not inserted');
    return row;
  }

  async update(tx: Executor, id: string, values: Partial<typeof renewalApplications.$inferInsert>): Promise<void> {
    await tx.update(renewalApplications).set({ ...values, modifiedOn: new Date() }).where(eq(renewalApplications.id, id));
  }

  /** Staff's queue of one program: submitted and decided renewals (a holder's draft is theirs alone). */
  async findPage(filters: RenewalQueueFilters, page: number, pageSize: number) {
    const conditions: (SQL | undefined)[] = [
      eq(renewalApplications.programId, filters.programId),
      eq(renewalApplications.programType, filters.programType),
      filters.status ? eq(renewalApplications.status, filters.status as RenewalTableRow['status']) : sql`${renewalApplications.status} <> 'draft'`,
    ];
    if (filters.search) {
      const like = likeEscaped(filters.search);
      conditions.push(
        or(
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
          ilike(applicants.memberNumber, like),
          ilike(awards.certificateNumber, like),
          ilike(applications.applicationNumber, like),
        ),
      );
    }
    const where = and(...conditions);
    const column = { applicationNumber: applications.applicationNumber, submittedOn: renewalApplications.submittedOn, expiresOn: awards.expiresOn }[filters.orderBy];
    const order = filters.ascending ? asc(column) : desc(column);
    const rows = await this.db
      .select({
        renewal: renewalApplications,
        applicationNumber: applications.applicationNumber,
        certificateNumber: awards.certificateNumber,
        expiresOn: awards.expiresOn,
        firstName: users.firstName,
        lastName: users.lastName,
        memberNumber: applicants.memberNumber,
      })
      .from(renewalApplications)
      .innerJoin(awards, eq(awards.id, renewalApplications.awardId))
      .innerJoin(applications, eq(applications.id, renewalApplications.applicationId))
      .innerJoin(applicants, eq(applicants.id, renewalApplications.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(where)
      .orderBy(order, desc(renewalApplications.createdOn))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await this.db
      .select({ n: count() })
      .from(renewalApplications)
      .innerJoin(awards, eq(awards.id, renewalApplications.awardId))
      .innerJoin(applications, eq(applications.id, renewalApplications.applicationId))
      .innerJoin(applicants, eq(applicants.id, renewalApplications.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(where);
    return { rows, totalRows: total?.n ?? 0 };
  }
}
