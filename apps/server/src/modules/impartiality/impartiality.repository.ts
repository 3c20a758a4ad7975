import { and, asc, count, desc, eq, exists, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ROLES } from '@certs/shared/auth/roles';
import type { ImpartialityOutcome, ImpartialityRole } from '@certs/shared/impartiality/assignment-check.contract';
import type { ConflictKind, ConflictStatusFilter } from '@certs/shared/impartiality/impartiality.contract';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { accounts } from '../../db/schema/account';
import { applications } from '../../db/schema/application';
import { companies } from '../../db/schema/company';
import { impartialityAgreementTexts, impartialityEvents, staffAgreements, staffConflicts } from '../../db/schema/impartiality';
import { programUsers, programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';

/** Roles counted as an account's staff in the registers (the platform's super users are not the body's staff). */
const ACCOUNT_STAFF_ROLES = [ROLES.AccountAdministrator, ROLES.AccountContributor, ROLES.User];

const likeEscaped = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const fullNameOf = (table: { firstName: AnyColumn; lastName: AnyColumn }) => sql<string>`${table.firstName} || ' ' || ${table.lastName}`;

const staffUser = alias(users, 'staff_user');
const applicantUser = alias(users, 'applicant_user');
const actorUser = alias(users, 'actor_user');

export interface PersonColumns {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface ConflictRow {
  id: string;
  kind: ConflictKind;
  details: string;
  declaredOn: Date;
  endedOn: Date | null;
  staff: PersonColumns;
  applicant: PersonColumns | null;
  company: { id: string; name: string } | null;
}

export interface StaffMemberRow extends PersonColumns {
  role: number;
  active: boolean;
}

export interface ConflictFilters {
  accountId: string;
  /** The staff a program manager's register covers; undefined: the whole account. */
  staffUserIds?: string[];
  staffUserId?: string;
  kind?: ConflictKind;
  status: ConflictStatusFilter;
  search?: string;
  page: number;
  pageSize: number;
}

export interface EventFilters {
  accountId: string;
  /** The programs a program manager's register covers; undefined: the whole account. */
  programIds?: string[];
  programId?: string;
  staffUserId?: string;
  outcome?: ImpartialityOutcome;
  role?: ImpartialityRole;
  fromInstant?: Date;
  toInstant?: Date;
  page: number;
  pageSize: number;
}

const conflictColumns = {
  id: staffConflicts.id,
  kind: staffConflicts.kind,
  details: staffConflicts.details,
  declaredOn: staffConflicts.declaredOn,
  endedOn: staffConflicts.endedOn,
  staffUserId: staffUser.id,
  staffFirstName: staffUser.firstName,
  staffLastName: staffUser.lastName,
  staffEmail: staffUser.email,
  applicantUserId: applicantUser.id,
  applicantFirstName: applicantUser.firstName,
  applicantLastName: applicantUser.lastName,
  applicantEmail: applicantUser.email,
  companyId: companies.id,
  companyName: companies.name,
};
interface ConflictSelect {
  id: string;
  kind: ConflictKind;
  details: string;
  declaredOn: Date;
  endedOn: Date | null;
  staffUserId: string;
  staffFirstName: string;
  staffLastName: string;
  staffEmail: string;
  applicantUserId: string | null;
  applicantFirstName: string | null;
  applicantLastName: string | null;
  applicantEmail: string | null;
  companyId: string | null;
  companyName: string | null;
}

function toConflictRow(r: ConflictSelect): ConflictRow {
  return {
    id: r.id,
    kind: r.kind,
    details: r.details,
    declaredOn: r.declaredOn,
    endedOn: r.endedOn,
    staff: { userId: r.staffUserId, firstName: r.staffFirstName, lastName: r.staffLastName, email: r.staffEmail },
    applicant: r.applicantUserId ? { userId: r.applicantUserId, firstName: r.applicantFirstName ?? '', lastName: r.applicantLastName ?? '', email: r.applicantEmail ?? '' } : null,
    company: r.companyId ? { id: r.companyId, name: r.companyName ?? '' } : null,
  };
}

/** Declarations, agreements and refusals of one account; every query names the account (decision 033), row-level security is the second line. */
export class ImpartialityRepository {
  constructor(private readonly db: Database) {}

  // ---- Declarations ----

  private conflictQuery() {
    return this.db
      .select(conflictColumns)
      .from(staffConflicts)
      .innerJoin(staffUser, eq(staffUser.id, staffConflicts.staffUserId))
      .leftJoin(applicantUser, eq(applicantUser.id, staffConflicts.applicantUserId))
      .leftJoin(companies, eq(companies.id, staffConflicts.companyId));
  }

  async findConflictsOf(accountId: string, staffUserId: string): Promise<ConflictRow[]> {
    const rows = await this.conflictQuery()
      .where(and(eq(staffConflicts.accountId, accountId), eq(staffConflicts.staffUserId, staffUserId)))
      .orderBy(sql`${staffConflicts.endedOn} is not null`, desc(staffConflicts.declaredOn), asc(staffConflicts.id));
    return rows.map(toConflictRow);
  }

  async findConflictById(id: string, accountId: string): Promise<ConflictRow | undefined> {
    const [row] = await this.conflictQuery().where(and(eq(staffConflicts.id, id), eq(staffConflicts.accountId, accountId)));
    return row ? toConflictRow(row) : undefined;
  }

  async findConflictPage(filters: ConflictFilters): Promise<{ rows: ConflictRow[]; totalRows: number }> {
    const conditions: (SQL | undefined)[] = [eq(staffConflicts.accountId, filters.accountId)];
    if (filters.staffUserIds) conditions.push(filters.staffUserIds.length > 0 ? inArray(staffConflicts.staffUserId, filters.staffUserIds) : sql`false`);
    if (filters.staffUserId) conditions.push(eq(staffConflicts.staffUserId, filters.staffUserId));
    if (filters.kind) conditions.push(eq(staffConflicts.kind, filters.kind));
    if (filters.status === 'active') conditions.push(isNull(staffConflicts.endedOn));
    if (filters.status === 'ended') conditions.push(isNotNull(staffConflicts.endedOn));
    if (filters.search) {
      const like = likeEscaped(filters.search);
      conditions.push(
        or(
          ilike(fullNameOf(staffUser), like),
          ilike(staffUser.email, like),
          ilike(fullNameOf(applicantUser), like),
          ilike(applicantUser.email, like),
          ilike(companies.name, like),
          ilike(staffConflicts.details, like),
        ),
      );
    }
    const where = and(...conditions);
    const [total] = await this.db
      .select({ n: count() })
      .from(staffConflicts)
      .innerJoin(staffUser, eq(staffUser.id, staffConflicts.staffUserId))
      .leftJoin(applicantUser, eq(applicantUser.id, staffConflicts.applicantUserId))
      .leftJoin(companies, eq(companies.id, staffConflicts.companyId))
      .where(where);
    const rows = await this.conflictQuery()
      .where(where)
      .orderBy(desc(staffConflicts.declaredOn), asc(staffConflicts.id))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize);
    return { rows: rows.map(toConflictRow), totalRows: total?.n ?? 0 };
  }

  /** Whether this staff member already has a declaration against the same applicant or company that has not ended. */
  async hasActiveConflict(accountId: string, staffUserId: string, target: { applicantUserId: string | null; companyId: string | null }): Promise<boolean> {
    const [row] = await this.db
      .select({ id: staffConflicts.id })
      .from(staffConflicts)
      .where(
        and(
          eq(staffConflicts.accountId, accountId),
          eq(staffConflicts.staffUserId, staffUserId),
          isNull(staffConflicts.endedOn),
          target.applicantUserId ? eq(staffConflicts.applicantUserId, target.applicantUserId) : eq(staffConflicts.companyId, target.companyId ?? ''),
        ),
      )
      .limit(1);
    return !!row;
  }

  async insertConflict(values: typeof staffConflicts.$inferInsert & { accountId: string }): Promise<string> {
    const [row] = await this.db.insert(staffConflicts).values(values).returning({ id: staffConflicts.id });
    return row!.id;
  }

  /** Ends the caller's own declaration once: a conditional update, so two clicks cannot both end it. */
  async endConflict(id: string, accountId: string, staffUserId: string, at: Date): Promise<boolean> {
    const ended = await this.db
      .update(staffConflicts)
      .set({ endedOn: at, modifiedOn: at, modifiedBy: staffUserId })
      .where(and(eq(staffConflicts.id, id), eq(staffConflicts.accountId, accountId), eq(staffConflicts.staffUserId, staffUserId), isNull(staffConflicts.endedOn)))
      .returning({ id: staffConflicts.id });
    return ended.length > 0;
  }

  // ---- Whom a declaration names ----

  /**
   * The account's applicants (an application, a draft too, to one of its programs) whose name or
   * email contains the term: at most 10, active accounts only.
   */
  async searchApplicants(accountId: string, term: string): Promise<PersonColumns[]> {
    const like = likeEscaped(term);
    return this.db
      .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .innerJoin(applicants, eq(applicants.userId, users.id))
      .where(and(eq(users.active, true), or(ilike(fullNameOf(users), like), ilike(users.email, like)), this.appliedToAccount(accountId)))
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email))
      .limit(10);
  }

  /** The applicant (by their user id) when they applied to one of the account's programs. */
  async findApplicantOfAccount(userId: string, accountId: string): Promise<PersonColumns | undefined> {
    const [row] = await this.db
      .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .innerJoin(applicants, eq(applicants.userId, users.id))
      .where(and(eq(users.id, userId), this.appliedToAccount(accountId)));
    return row;
  }

  private appliedToAccount(accountId: string): SQL {
    return exists(
      this.db
        .select({ one: sql`1` })
        .from(applications)
        .innerJoin(programs, eq(programs.id, applications.programId))
        .where(and(eq(applications.applicantId, applicants.id), eq(programs.accountId, accountId))),
    );
  }

  /** Active companies by name (companies are every account's: decision 027), at most 20. */
  async searchCompanies(term: string | undefined): Promise<{ id: string; name: string; city: string; state: string }[]> {
    return this.db
      .select({ id: companies.id, name: companies.name, city: companies.city, state: companies.state })
      .from(companies)
      .where(and(eq(companies.active, true), term ? ilike(companies.name, likeEscaped(term)) : undefined))
      .orderBy(asc(companies.name))
      .limit(20);
  }

  async findCompany(id: string): Promise<{ id: string; name: string } | undefined> {
    const [row] = await this.db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, id));
    return row;
  }

  // ---- Scope: the account's staff, and a manager's programs ----

  /** The account's staff (administrators, contributors and users), active ones unless asked otherwise. */
  async findAccountStaff(accountId: string, options: { includeInactive?: boolean; userIds?: string[] } = {}): Promise<StaffMemberRow[]> {
    if (options.userIds && options.userIds.length === 0) return [];
    return this.db
      .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role, active: users.active })
      .from(users)
      .where(
        and(
          eq(users.userType, 'admin'),
          eq(users.accountId, accountId),
          inArray(users.role, ACCOUNT_STAFF_ROLES),
          options.includeInactive ? undefined : eq(users.active, true),
          options.userIds ? inArray(users.id, options.userIds) : undefined,
        ),
      )
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
  }

  /** A staff member of the account (any role, the account's super user too while switched into it), by id. */
  async findStaffMember(accountId: string, userId: string): Promise<StaffMemberRow | undefined> {
    const [row] = await this.db
      .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role, active: users.active })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.userType, 'admin'), eq(users.accountId, accountId)));
    return row;
  }

  async findProgramsOfAccount(accountId: string): Promise<{ id: string; programCode: string; programTitle: string }[]> {
    return this.db
      .select({ id: programs.id, programCode: programs.programCode, programTitle: programs.programTitle })
      .from(programs)
      .where(eq(programs.accountId, accountId))
      .orderBy(asc(programs.programCode));
  }

  /** The account's programs this user manages: named as manager, or holding the manager role. */
  async findManagedPrograms(accountId: string, userId: string): Promise<{ id: string; programCode: string; programTitle: string }[]> {
    const holdsManagerRole = exists(
      this.db
        .select({ one: sql`1` })
        .from(programUsers)
        .where(and(eq(programUsers.programId, programs.id), eq(programUsers.userId, userId), eq(programUsers.role, PROGRAM_USER_ROLES.manager))),
    );
    return this.db
      .select({ id: programs.id, programCode: programs.programCode, programTitle: programs.programTitle })
      .from(programs)
      .where(and(eq(programs.accountId, accountId), or(eq(programs.programManagerId, userId), holdsManagerRole)))
      .orderBy(asc(programs.programCode));
  }

  /** Who serves on these programs: their program users and named managers. */
  async findStaffOfPrograms(programIds: string[]): Promise<string[]> {
    if (programIds.length === 0) return [];
    const roleHolders = await this.db.selectDistinct({ userId: programUsers.userId }).from(programUsers).where(inArray(programUsers.programId, programIds));
    const managers = await this.db.select({ userId: programs.programManagerId }).from(programs).where(inArray(programs.id, programIds));
    return [...new Set([...roleHolders.map((row) => row.userId), ...managers.map((row) => row.userId).filter((id): id is string => !!id)])];
  }

  async findAccount(accountId: string): Promise<{ name: string; timeZone: string } | undefined> {
    const [row] = await this.db.select({ name: accounts.name, timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
    return row;
  }

  // ---- The yearly agreement ----

  async findAgreementText(accountId: string): Promise<{ text: string; modifiedOn: Date; modifiedBy: string } | undefined> {
    const [row] = await this.db
      .select({ text: impartialityAgreementTexts.agreementText, modifiedOn: impartialityAgreementTexts.modifiedOn, modifiedBy: fullNameOf(users) })
      .from(impartialityAgreementTexts)
      .innerJoin(users, eq(users.id, impartialityAgreementTexts.modifiedBy))
      .where(eq(impartialityAgreementTexts.accountId, accountId));
    return row;
  }

  async saveAgreementText(accountId: string, userId: string, text: string, at: Date): Promise<void> {
    await this.db
      .insert(impartialityAgreementTexts)
      .values({ accountId, agreementText: text, createdBy: userId, modifiedBy: userId, createdOn: at, modifiedOn: at })
      .onConflictDoUpdate({ target: impartialityAgreementTexts.accountId, set: { agreementText: text, modifiedOn: at, modifiedBy: userId } });
  }

  private agreementQuery() {
    return this.db
      .select({
        id: staffAgreements.id,
        year: staffAgreements.year,
        signedOn: staffAgreements.signedOn,
        agreementText: staffAgreements.agreementText,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(staffAgreements)
      .innerJoin(users, eq(users.id, staffAgreements.staffUserId));
  }

  async findAgreementsOf(accountId: string, staffUserId: string) {
    return this.agreementQuery()
      .where(and(eq(staffAgreements.accountId, accountId), eq(staffAgreements.staffUserId, staffUserId)))
      .orderBy(desc(staffAgreements.year));
  }

  async findAgreement(id: string, accountId: string) {
    const [row] = await this.agreementQuery().where(and(eq(staffAgreements.id, id), eq(staffAgreements.accountId, accountId)));
    return row;
  }

  /** Who signed which year: staff user id to signature, for the registers. */
  async findSignaturesOfYear(accountId: string, year: number): Promise<Map<string, { id: string; signedOn: Date }>> {
    const rows = await this.db
      .select({ id: staffAgreements.id, staffUserId: staffAgreements.staffUserId, signedOn: staffAgreements.signedOn })
      .from(staffAgreements)
      .where(and(eq(staffAgreements.accountId, accountId), eq(staffAgreements.year, year)));
    return new Map(rows.map((row) => [row.staffUserId, { id: row.id, signedOn: row.signedOn }]));
  }

  /** A signature, once per staff member and year: 'duplicate' when they have signed that year already. */
  async insertSignature(values: { accountId: string; staffUserId: string; year: number; agreementText: string; at: Date }): Promise<string | 'duplicate'> {
    try {
      const [row] = await this.db
        .insert(staffAgreements)
        .values({
          accountId: values.accountId,
          staffUserId: values.staffUserId,
          year: values.year,
          agreementText: values.agreementText,
          signedOn: values.at,
          createdOn: values.at,
          modifiedOn: values.at,
          createdBy: values.staffUserId,
          modifiedBy: values.staffUserId,
        })
        .returning({ id: staffAgreements.id });
      return row!.id;
    } catch (error) {
      if (isUniqueViolation(error)) return 'duplicate';
      throw error;
    }
  }

  // ---- Refusals and overrides ----

  async findEventPage(filters: EventFilters) {
    const conditions: (SQL | undefined)[] = [eq(impartialityEvents.accountId, filters.accountId)];
    if (filters.programIds) conditions.push(filters.programIds.length > 0 ? inArray(impartialityEvents.programId, filters.programIds) : sql`false`);
    if (filters.programId) conditions.push(eq(impartialityEvents.programId, filters.programId));
    if (filters.staffUserId) conditions.push(eq(impartialityEvents.staffUserId, filters.staffUserId));
    if (filters.outcome) conditions.push(eq(impartialityEvents.outcome, filters.outcome));
    if (filters.role) conditions.push(eq(impartialityEvents.role, filters.role));
    if (filters.fromInstant) conditions.push(gte(impartialityEvents.createdOn, filters.fromInstant));
    if (filters.toInstant) conditions.push(lt(impartialityEvents.createdOn, filters.toInstant));
    const where = and(...conditions);
    const [total] = await this.db.select({ n: count() }).from(impartialityEvents).where(where);
    const rows = await this.db
      .select({
        id: impartialityEvents.id,
        createdOn: impartialityEvents.createdOn,
        programId: programs.id,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        applicationId: impartialityEvents.applicationId,
        applicationNumber: applications.applicationNumber,
        staffUserId: staffUser.id,
        staffFirstName: staffUser.firstName,
        staffLastName: staffUser.lastName,
        staffEmail: staffUser.email,
        role: impartialityEvents.role,
        outcome: impartialityEvents.outcome,
        reasons: impartialityEvents.reasons,
        overrideReason: impartialityEvents.overrideReason,
        actorFirstName: actorUser.firstName,
        actorLastName: actorUser.lastName,
      })
      .from(impartialityEvents)
      .innerJoin(staffUser, eq(staffUser.id, impartialityEvents.staffUserId))
      .leftJoin(programs, eq(programs.id, impartialityEvents.programId))
      .leftJoin(applications, eq(applications.id, impartialityEvents.applicationId))
      .leftJoin(actorUser, eq(actorUser.id, impartialityEvents.actorId))
      .where(where)
      .orderBy(desc(impartialityEvents.createdOn), asc(impartialityEvents.id))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }
}
