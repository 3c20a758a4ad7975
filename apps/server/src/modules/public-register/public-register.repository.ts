import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { RegisterSearchBy } from '@certs/shared/public-register/public-register.contract';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/account';
import { awards } from '../../db/schema/award';
import { programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { wpqRecords } from '../../db/schema/wpq';

/** The public columns and nothing more: no query here reads an email, address or date of birth, and only a company's check (its log) reads ids. */
const publicColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  programCode: programs.programCode,
  programTitle: programs.programTitle,
  certificateNumber: awards.certificateNumber,
  awardedOn: awards.awardedOn,
  expiresOn: awards.expiresOn,
  status: awards.status,
  /** A welder qualification's stored range, for its designations only. */
  range: wpqRecords.rangeOfQualification,
  /** The issuing body (the account of the award's program) and its time zone, whose today decides expiry. */
  issuingBody: accounts.name,
  timeZone: accounts.timeZone,
  /** For the logo's public address only (`accountLogoPath`). */
  issuingBodyShortName: accounts.shortName,
  issuingBodyLogoId: accounts.logoAttachmentId,
};

/** `%`, `_` and `\` match themselves: a visitor's term is a literal text, never a pattern. */
export function likeContaining(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class PublicRegisterRepository {
  constructor(private readonly db: Database) {}

  /**
   * One register's page: awards of the given program types whose holders are listed, matching the
   * term, of one awarding body when `accountId` is given, else of all.
   */
  async search(options: { programTypes: readonly number[]; term: string; searchBy?: RegisterSearchBy; accountId?: string; page: number; pageSize: number }) {
    const like = likeContaining(options.term);
    const matchers: Record<RegisterSearchBy, SQL | undefined> = {
      name: or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like), ilike(sql`${users.lastName} || ' ' || ${users.firstName}`, like)),
      certificateNumber: ilike(awards.certificateNumber, like),
      program: or(ilike(programs.programCode, like), ilike(programs.programTitle, like)),
    };
    const matches = options.searchBy ? matchers[options.searchBy] : or(matchers.name, matchers.certificateNumber, matchers.program);
    const where = and(
      inArray(awards.programType, [...options.programTypes]),
      eq(applicants.listedInRegister, true),
      options.accountId ? eq(programs.accountId, options.accountId) : undefined,
      matches,
    );
    const [total] = await this.db
      .select({ n: count() })
      .from(awards)
      .innerJoin(applicants, eq(applicants.id, awards.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .innerJoin(programs, eq(programs.id, awards.programId))
      .where(where);
    const rows = await this.db
      .select(publicColumns)
      .from(awards)
      .innerJoin(applicants, eq(applicants.id, awards.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .innerJoin(programs, eq(programs.id, awards.programId))
      .innerJoin(accounts, eq(accounts.id, programs.accountId))
      .leftJoin(wpqRecords, eq(wpqRecords.awardId, awards.id))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), desc(awards.awardedOn), asc(awards.certificateNumber))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  /**
   * The certificates with these numbers, whether or not their holders are listed (decision 021),
   * letter case forgiven for a number typed by hand (the service prefers an exact match): the
   * verification page's one number and a company's check of many (decision 038), in one query.
   * Besides the public columns, the award and its holder, for a check's log only.
   */
  async findByCertificateNumbers(certificateNumbers: readonly string[]) {
    if (certificateNumbers.length === 0) return [];
    const lowered = certificateNumbers.map((number) => number.toLowerCase());
    return this.db
      .select({ ...publicColumns, awardId: awards.id, holderApplicantId: awards.applicantId })
      .from(awards)
      .innerJoin(applicants, eq(applicants.id, awards.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .innerJoin(programs, eq(programs.id, awards.programId))
      .innerJoin(accounts, eq(accounts.id, programs.accountId))
      .leftJoin(wpqRecords, eq(wpqRecords.awardId, awards.id))
      .where(inArray(sql`lower(${awards.certificateNumber})`, lowered));
  }

  /** Every awarding body on the platform, by name: only the name and short name are public. */
  async listBodies(): Promise<{ name: string; shortName: string }[]> {
    return this.db.select({ name: accounts.name, shortName: accounts.shortName }).from(accounts).orderBy(asc(accounts.name), asc(accounts.shortName));
  }

  async findBodyByShortName(shortName: string): Promise<{ id: string } | undefined> {
    const [row] = await this.db.select({ id: accounts.id }).from(accounts).where(sql`lower(${accounts.shortName}) = lower(${shortName})`);
    return row;
  }
}

export type PublicCertificateRow = Awaited<ReturnType<PublicRegisterRepository['search']>>['rows'][number];
