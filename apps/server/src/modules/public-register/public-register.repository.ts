import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { RegisterSearchBy } from '@certs/shared/public-register/public-register.contract';
import type { Database } from '../../db/client';
import { awards } from '../../db/schema/award';
import { programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { wpqRecords } from '../../db/schema/wpq';

/** The public columns and nothing more: no query here reads an email, address, date of birth or id. */
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
};

/** `%`, `_` and `\` match themselves: a visitor's term is a literal text, never a pattern. */
export function likeContaining(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class PublicRegisterRepository {
  constructor(private readonly db: Database) {}

  /** One register's page: awards of the given program types whose holders are listed, matching the term. */
  async search(options: { programTypes: readonly number[]; term: string; searchBy?: RegisterSearchBy; page: number; pageSize: number }) {
    const like = likeContaining(options.term);
    const matchers: Record<RegisterSearchBy, SQL | undefined> = {
      name: or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like), ilike(sql`${users.lastName} || ' ' || ${users.firstName}`, like)),
      certificateNumber: ilike(awards.certificateNumber, like),
      program: or(ilike(programs.programCode, like), ilike(programs.programTitle, like)),
    };
    const matches = options.searchBy ? matchers[options.searchBy] : or(matchers.name, matchers.certificateNumber, matchers.program);
    const where = and(inArray(awards.programType, [...options.programTypes]), eq(applicants.listedInRegister, true), matches);
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
      .leftJoin(wpqRecords, eq(wpqRecords.awardId, awards.id))
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), desc(awards.awardedOn), asc(awards.certificateNumber))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  /**
   * The certificate with this number, whether or not its holder is listed (decision 021). Letter
   * case is forgiven for a number typed by hand; an exact match wins if two differ only in case.
   */
  async findByCertificateNumber(certificateNumber: string) {
    const [row] = await this.db
      .select(publicColumns)
      .from(awards)
      .innerJoin(applicants, eq(applicants.id, awards.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .innerJoin(programs, eq(programs.id, awards.programId))
      .leftJoin(wpqRecords, eq(wpqRecords.awardId, awards.id))
      .where(sql`lower(${awards.certificateNumber}) = lower(${certificateNumber})`)
      .orderBy(sql`${awards.certificateNumber} = ${certificateNumber} desc`)
      .limit(1);
    return row;
  }
}

export type PublicCertificateRow = NonNullable<Awaited<ReturnType<PublicRegisterRepository['findByCertificateNumber']>>>;
