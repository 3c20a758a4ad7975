import { and, asc, count, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { applications } from '../../db/schema/application';
import { companies } from '../../db/schema/company';
import { programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { appliedNowhere } from '../applicant/applied-nowhere';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanySearchBy = 'all' | 'name' | 'businessNumber' | 'memberNumber' | 'email';

const likeEscaped = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function orDuplicate<T>(work: Promise<T>): Promise<T | 'duplicate'> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

function searchCondition(term: string, by: CompanySearchBy): SQL | undefined {
  const like = likeEscaped(term);
  const digits = term.replace(/[\s-]/g, '');
  const byField: Record<Exclude<CompanySearchBy, 'all'>, SQL | undefined> = {
    name: ilike(companies.name, like),
    businessNumber: digits ? ilike(companies.businessNumber, likeEscaped(digits)) : undefined,
    memberNumber: ilike(companies.corporateMemberNumber, like),
    email: ilike(companies.contactEmail, like),
  };
  return by === 'all' ? or(...Object.values(byField)) : byField[by];
}

/** The only file of the company module that touches Drizzle. */
export class CompanyRepository {
  constructor(private readonly db: Database) {}

  async findPage(query: { page: number; pageSize: number; searchTerm?: string; searchBy: CompanySearchBy; active?: boolean }) {
    const where = and(query.searchTerm ? searchCondition(query.searchTerm, query.searchBy) : undefined, query.active === undefined ? undefined : eq(companies.active, query.active));
    const [total] = await this.db.select({ n: count() }).from(companies).where(where);
    const rows = await this.db
      .select()
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  /** Active companies by name for an applicant's choice (at most 50; they narrow by typing). */
  async findActiveOptions(searchTerm?: string) {
    const where = and(eq(companies.active, true), searchTerm ? ilike(companies.name, likeEscaped(searchTerm)) : undefined);
    return this.db.select().from(companies).where(where).orderBy(asc(companies.name)).limit(50);
  }

  async findById(id: string): Promise<CompanyRow | undefined> {
    const [row] = await this.db.select().from(companies).where(eq(companies.id, id));
    return row;
  }

  async insert(values: typeof companies.$inferInsert): Promise<CompanyRow | 'duplicate'> {
    return orDuplicate(this.db.insert(companies).values(values).returning().then(([row]) => row!));
  }

  async update(id: string, values: Partial<typeof companies.$inferInsert>): Promise<CompanyRow | undefined | 'duplicate'> {
    return orDuplicate(this.db.update(companies).set(values).where(eq(companies.id, id)).returning().then(([row]) => row));
  }

  /** The applicants who name the company as their employer. */
  /**
   * The company's people an account's staff see: companies are shared by every account, their
   * employees (applicants, who belong to the platform) are the account's through applications to
   * its programs, or while they have applied nowhere yet (the applicant reach's rule).
   */
  async findPeople(companyId: string, accountId: string) {
    const ofAccount = this.db
      .select({ applicantId: applications.applicantId })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .where(eq(programs.accountId, accountId));
    return this.db
      .select({ applicantId: applicants.id, firstName: users.firstName, lastName: users.lastName, email: users.email, memberNumber: applicants.memberNumber })
      .from(applicants)
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(and(eq(applicants.employerCompanyId, companyId), or(inArray(applicants.id, ofAccount), appliedNowhere(applicants.id))))
      .orderBy(asc(users.lastName), asc(users.firstName));
  }

  async findEmployerOf(applicantId: string): Promise<CompanyRow | undefined> {
    const [row] = await this.db.select({ company: companies }).from(applicants).innerJoin(companies, eq(companies.id, applicants.employerCompanyId)).where(eq(applicants.id, applicantId));
    return row?.company;
  }

  async setEmployer(applicantId: string, companyId: string | null, actorId: string): Promise<void> {
    await this.db.update(applicants).set({ employerCompanyId: companyId, modifiedBy: actorId, modifiedOn: new Date() }).where(eq(applicants.id, applicantId));
  }

  /** An applicant's request: the inactive company and their employer link, together. */
  async insertRequested(values: typeof companies.$inferInsert, applicantId: string, actorId: string): Promise<CompanyRow | 'duplicate'> {
    return orDuplicate(
      this.db.transaction(async (tx) => {
        const [row] = await tx.insert(companies).values(values).returning();
        await tx.update(applicants).set({ employerCompanyId: row!.id, modifiedBy: actorId, modifiedOn: new Date() }).where(eq(applicants.id, applicantId));
        return row!;
      }),
    );
  }
}
