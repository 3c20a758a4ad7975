import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { applicantProfessionalDevelopment } from '../../db/schema/applicant-profile';
import { applications } from '../../db/schema/application';
import { awards } from '../../db/schema/award';
import { invoices, payments } from '../../db/schema/payment';
import { programCertificationSettings, programModules, programRequirements, programs } from '../../db/schema/program';
import { programRenewalRules, renewalApplications, renewalModules } from '../../db/schema/renewal';
import { applicants, users } from '../../db/schema/user';
import { programZoneSql } from '../account/account-time-zone';
import { accountCurrencyOf } from '../account/account-currency';

export type RenewalTableRow = typeof renewalApplications.$inferSelect;
export type RenewalModuleRow = typeof renewalModules.$inferSelect;
export type RenewalRulesRow = typeof programRenewalRules.$inferSelect;

/** A program without saved rules: no late renewal, the same certificate number. */
export const DEFAULT_RENEWAL_RULES = { lateRenewal: 'newApplication', graceDays: 0, lateFeeMemberCents: 0, lateFeeNonMemberCents: 0, newNumberOnRenewal: false } as const;

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
        programType: programs.programType,
        currency: accountCurrencyOf(programs.accountId),
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        userId: users.id,
        memberNumber: applicants.memberNumber,
        /** The program's awarding body's zone: its "today" decides the renewal window and lateness. */
        timeZone: programZoneSql(awards.programId),
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

  // ---- Renewal rules, modules and invoice (decision 023) -------------------------------------

  async findRules(programId: string, db: Executor = this.db): Promise<Omit<RenewalRulesRow, 'programId' | 'createdOn' | 'modifiedOn' | 'createdBy' | 'modifiedBy'>> {
    const [row] = await db.select().from(programRenewalRules).where(eq(programRenewalRules.programId, programId));
    return row ?? { ...DEFAULT_RENEWAL_RULES };
  }

  async saveRules(programId: string, values: Omit<typeof programRenewalRules.$inferInsert, 'programId'>, actorId: string): Promise<void> {
    await this.db
      .insert(programRenewalRules)
      .values({ ...values, programId, createdBy: actorId, modifiedBy: actorId })
      .onConflictDoUpdate({ target: programRenewalRules.programId, set: { ...values, modifiedBy: actorId, modifiedOn: new Date() } });
  }

  async findProgramType(programId: string): Promise<number | undefined> {
    const [row] = await this.db.select({ programType: programs.programType }).from(programs).where(eq(programs.id, programId));
    return row?.programType;
  }

  /** The program's renewal modules (AICIP), in the program's order. */
  async findRenewalProgramModules(programId: string, db: Executor = this.db) {
    return db
      .select()
      .from(programModules)
      .where(and(eq(programModules.programId, programId), eq(programModules.isRenewal, true)))
      .orderBy(asc(programModules.sortOrder), asc(programModules.moduleCode));
  }

  /** A renewal's modules with their program module's code, title and type, in order. */
  async findModules(renewalId: string, db: Executor = this.db) {
    return db
      .select({ row: renewalModules, moduleCode: programModules.moduleCode, moduleTitle: programModules.moduleTitle, examinationType: programModules.examinationType, invigilated: programModules.invigilated })
      .from(renewalModules)
      .innerJoin(programModules, eq(programModules.id, renewalModules.programModuleId))
      .where(eq(renewalModules.renewalId, renewalId))
      .orderBy(asc(renewalModules.order));
  }

  /** Replaces the chosen modules while nothing is invoiced. */
  async replaceModules(tx: Executor, renewalId: string, rows: Omit<typeof renewalModules.$inferInsert, 'renewalId'>[], actorId: string): Promise<void> {
    await tx.delete(renewalModules).where(eq(renewalModules.renewalId, renewalId));
    if (rows.length > 0) await tx.insert(renewalModules).values(rows.map((row) => ({ ...row, renewalId, createdBy: actorId, modifiedBy: actorId })));
  }

  async updateModule(tx: Executor, id: string, values: Partial<typeof renewalModules.$inferInsert>): Promise<void> {
    await tx.update(renewalModules).set({ ...values, modifiedOn: new Date() }).where(eq(renewalModules.id, id));
  }

  /** The renewal's invoice with the tracker of its newest open payment link (the holder's pay page). */
  async findInvoice(invoiceId: string, db: Executor = this.db) {
    const [invoice] = await db
      .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, issuer: invoices.issuer, totalCents: invoices.totalCents, currency: invoices.currency, status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, invoiceId));
    if (!invoice) return undefined;
    const [open] = await db
      .select({ trackerId: payments.trackerId })
      .from(payments)
      .where(and(eq(payments.invoiceId, invoiceId), inArray(payments.status, ['Requested', 'Pending', 'Failed'])))
      .orderBy(desc(payments.createdOn))
      .limit(1);
    return { ...invoice, trackerId: open?.trackerId ?? null };
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
