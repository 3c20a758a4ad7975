import { and, asc, count, eq, exists, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { applications } from '../../db/schema/application';
import { companies } from '../../db/schema/company';
import { companyUsers } from '../../db/schema/company-user';
import { accountMemberships } from '../../db/schema/membership';
import { programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { membershipsOfCompanies, setCompanyMembership, type MembershipRow } from '../../db/account-memberships';
import { appliedNowhere } from '../applicant/applied-nowhere';
import { approvedEmployeeOf } from './company-people';
import type { EmployerClaimStatus } from '@certs/shared/company/company.contract';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanySearchBy = 'all' | 'name' | 'businessNumber' | 'memberNumber' | 'email';
/** A company with one account's corporate membership of it (null: not that body's member). */
export interface CompanyWithMembership {
  row: CompanyRow;
  membership: MembershipRow | null;
}
/** The membership staff set on the company form: their own account's (an empty number ends it). */
export interface CompanyMembershipInput {
  accountId: string;
  memberNumber: string;
  startsOn: string | null;
  endsOn: string | null;
  by: string;
}

/** A fresh claim by the applicant: pending, undecided (no company: no claim at all). */
function claimOf(companyId: string | null, now: Date) {
  return {
    employerClaimStatus: companyId ? ('pending' as const) : null,
    employerClaimedOn: companyId ? now : null,
    employerClaimDecidedOn: null,
    employerClaimDecidedBy: null,
  };
}

const likeEscaped = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function orDuplicate<T>(work: Promise<T>): Promise<T | 'duplicate'> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

function searchCondition(db: Database, term: string, by: CompanySearchBy, accountId: string): SQL | undefined {
  const like = likeEscaped(term);
  const digits = term.replace(/[\s-]/g, '');
  // The member number is the searching account's: another body's numbers are not theirs to search.
  const memberNumber = exists(
    db
      .select({ id: accountMemberships.id })
      .from(accountMemberships)
      .where(and(eq(accountMemberships.companyId, companies.id), eq(accountMemberships.accountId, accountId), ilike(accountMemberships.memberNumber, like))),
  );
  const byField: Record<Exclude<CompanySearchBy, 'all'>, SQL | undefined> = {
    name: ilike(companies.name, like),
    businessNumber: digits ? ilike(companies.businessNumber, likeEscaped(digits)) : undefined,
    memberNumber,
    email: ilike(companies.contactEmail, like),
  };
  return by === 'all' ? or(...Object.values(byField)) : byField[by];
}

/** The only file of the company module that touches Drizzle. */
export class CompanyRepository {
  constructor(private readonly db: Database) {}

  /** Attaches the account's corporate membership to each company. */
  async withMemberships(rows: CompanyRow[], accountId: string | undefined): Promise<CompanyWithMembership[]> {
    const memberships = accountId ? await membershipsOfCompanies(this.db, rows.map((row) => row.id), accountId) : [];
    return rows.map((row) => ({ row, membership: memberships.find((m) => m.companyId === row.id) ?? null }));
  }

  async findPage(query: { accountId: string; page: number; pageSize: number; searchTerm?: string; searchBy: CompanySearchBy; active?: boolean }) {
    const where = and(
      query.searchTerm ? searchCondition(this.db, query.searchTerm, query.searchBy, query.accountId) : undefined,
      query.active === undefined ? undefined : eq(companies.active, query.active),
    );
    const [total] = await this.db.select({ n: count() }).from(companies).where(where);
    const rows = await this.db
      .select()
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { rows: await this.withMemberships(rows, query.accountId), totalRows: total?.n ?? 0 };
  }

  /** Active companies by name for an applicant's choice (at most 50; they narrow by typing). */
  async findActiveOptions(searchTerm?: string) {
    const where = and(eq(companies.active, true), searchTerm ? ilike(companies.name, likeEscaped(searchTerm)) : undefined);
    return this.db.select().from(companies).where(where).orderBy(asc(companies.name)).limit(50);
  }

  /** The company's own users (issue 42). */
  async companyUserIds(companyId: string): Promise<string[]> {
    return (await this.db.select({ userId: companyUsers.userId }).from(companyUsers).where(eq(companyUsers.companyId, companyId))).map((row) => row.userId);
  }

  async findById(id: string): Promise<CompanyRow | undefined> {
    const [row] = await this.db.select().from(companies).where(eq(companies.id, id));
    return row;
  }

  /** The company and the staff's account's membership of it, together. */
  async insert(values: typeof companies.$inferInsert, membership: CompanyMembershipInput): Promise<CompanyRow | 'duplicate'> {
    return orDuplicate(
      this.db.transaction(async (tx) => {
        const [row] = await tx.insert(companies).values(values).returning();
        await setCompanyMembership(tx, { ...membership, companyId: row!.id });
        return row!;
      }),
    );
  }

  async update(id: string, values: Partial<typeof companies.$inferInsert>, membership: CompanyMembershipInput): Promise<CompanyRow | undefined | 'duplicate'> {
    return orDuplicate(
      this.db.transaction(async (tx) => {
        const [row] = await tx.update(companies).set(values).where(eq(companies.id, id)).returning();
        if (row) await setCompanyMembership(tx, { ...membership, companyId: id });
        return row;
      }),
    );
  }

  /**
   * The applicants an account's staff reach: companies are shared by every account, their
   * employees (applicants, who belong to the platform) are the account's through applications to
   * its programs, or while they have applied nowhere yet (the applicant reach's rule).
   */
  /** Applicants an account's staff reach (applied to its programs, or nowhere yet); undefined: everyone (the company's own users). */
  private reachedBy(accountId: string | undefined): SQL | undefined {
    if (accountId === undefined) return undefined;
    const ofAccount = this.db
      .select({ applicantId: applications.applicantId })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .where(eq(programs.accountId, accountId));
    return or(inArray(applicants.id, ofAccount), appliedNowhere(applicants.id))!;
  }

  /** The company's people an account's staff see: only an approved claim makes someone one of them. */
  async findPeople(companyId: string, accountId: string) {
    return this.db
      .select({ applicantId: applicants.id, firstName: users.firstName, lastName: users.lastName, email: users.email, memberNumber: applicants.memberNumber })
      .from(applicants)
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(and(approvedEmployeeOf(companyId), this.reachedBy(accountId)))
      .orderBy(asc(users.lastName), asc(users.firstName));
  }

  /** Claims to work for a company (one company's, or every company's) in a status, within the account's reach; oldest first. */
  async findClaims(accountId: string | undefined, filter: { status: EmployerClaimStatus; companyId?: string; applicantId?: string }) {
    return this.db
      .select({
        applicantId: applicants.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        companyId: companies.id,
        companyName: companies.name,
        status: applicants.employerClaimStatus,
        claimedOn: applicants.employerClaimedOn,
        decidedOn: applicants.employerClaimDecidedOn,
      })
      .from(applicants)
      .innerJoin(users, eq(users.id, applicants.userId))
      .innerJoin(companies, eq(companies.id, applicants.employerCompanyId))
      .where(
        and(
          eq(applicants.employerClaimStatus, filter.status),
          filter.companyId ? eq(applicants.employerCompanyId, filter.companyId) : undefined,
          filter.applicantId ? eq(applicants.id, filter.applicantId) : undefined,
          this.reachedBy(accountId),
        ),
      )
      .orderBy(asc(applicants.employerClaimedOn), asc(users.lastName), asc(applicants.id))
      .limit(500);
  }

  /** The applicant's claim on the company, within the account's reach, whatever its status. */
  async findClaim(accountId: string | undefined, companyId: string, applicantId: string) {
    const [row] = await this.db
      .select({ status: applicants.employerClaimStatus })
      .from(applicants)
      .where(and(eq(applicants.id, applicantId), eq(applicants.employerCompanyId, companyId), this.reachedBy(accountId)));
    return row;
  }

  /** Staff's decision on the claim; nothing changes when the applicant names another company meanwhile. */
  async decideClaim(companyId: string, applicantId: string, status: 'approved' | 'declined', actorId: string): Promise<boolean> {
    const now = new Date();
    const rows = await this.db
      .update(applicants)
      .set({ employerClaimStatus: status, employerClaimDecidedOn: now, employerClaimDecidedBy: actorId, modifiedBy: actorId, modifiedOn: now })
      .where(and(eq(applicants.id, applicantId), eq(applicants.employerCompanyId, companyId)))
      .returning({ id: applicants.id });
    return rows.length > 0;
  }

  async findEmployerOf(applicantId: string): Promise<{ company: CompanyRow; claimStatus: EmployerClaimStatus | null } | undefined> {
    const [row] = await this.db
      .select({ company: companies, claimStatus: applicants.employerClaimStatus })
      .from(applicants)
      .innerJoin(companies, eq(companies.id, applicants.employerCompanyId))
      .where(eq(applicants.id, applicantId));
    return row;
  }

  /** An applicant's own choice: a new claim, pending until staff decide (none: no claim). */
  async setEmployer(applicantId: string, companyId: string | null, actorId: string): Promise<void> {
    const now = new Date();
    await this.db
      .update(applicants)
      .set({ employerCompanyId: companyId, ...claimOf(companyId, now), modifiedBy: actorId, modifiedOn: now })
      .where(eq(applicants.id, applicantId));
  }

  /** An applicant's request: the inactive company and their employer link, together. */
  async insertRequested(values: typeof companies.$inferInsert, applicantId: string, actorId: string): Promise<CompanyRow | 'duplicate'> {
    return orDuplicate(
      this.db.transaction(async (tx) => {
        const [row] = await tx.insert(companies).values(values).returning();
        const now = new Date();
        await tx
          .update(applicants)
          .set({ employerCompanyId: row!.id, ...claimOf(row!.id, now), modifiedBy: actorId, modifiedOn: now })
          .where(eq(applicants.id, applicantId));
        return row!;
      }),
    );
  }
}
