import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AwardStatus } from '@certs/shared/award/award-status';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { accounts } from '../../db/schema/account';
import { awards } from '../../db/schema/award';
import { certificateCheckBatches, certificateChecks } from '../../db/schema/certificate-check';
import { companies } from '../../db/schema/company';
import { programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { wpqRecords } from '../../db/schema/wpq';

export interface LoggedCheck {
  certificateNumber: string;
  awardId: string;
  holderApplicantId: string;
  status: AwardStatus;
  expiresOn: string | null;
}

const checker = {
  checkedByFirstName: users.firstName,
  checkedByLastName: users.lastName,
};

/** A company's checks of certificate numbers and their log (decision 038); the only file of the module that touches Drizzle. */
export class CertificateCheckRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The check and a log row for each certificate it found, together. */
  /**
   * How many numbers the company checked in the last 24 hours, its row locked first so that two
   * checks at once count each other.
   */
  async numbersCheckedInLastDay(tx: Executor, companyId: string): Promise<number> {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(jsonb_array_length(${certificateCheckBatches.numbers})), 0)` })
      .from(certificateCheckBatches)
      .where(and(eq(certificateCheckBatches.companyId, companyId), sql`${certificateCheckBatches.checkedOn} > now() - interval '24 hours'`));
    return Number(row?.total ?? 0);
  }

  async insertCheck(tx: Executor, values: { companyId: string; companyUserId: string; numbers: string[]; found: LoggedCheck[] }): Promise<{ id: string; checkedOn: Date }> {
    const checkedOn = new Date();
    const [batch] = await tx
      .insert(certificateCheckBatches)
      .values({ companyId: values.companyId, checkedBy: values.companyUserId, checkedOn, numbers: values.numbers, foundCount: values.found.length, createdBy: values.companyUserId, modifiedBy: values.companyUserId })
      .returning({ id: certificateCheckBatches.id, checkedOn: certificateCheckBatches.checkedOn });
    if (values.found.length > 0) {
      await tx.insert(certificateChecks).values(
        values.found.map((found) => ({
          batchId: batch!.id,
          companyId: values.companyId,
          companyUserId: values.companyUserId,
          ...found,
          checkedOn,
          createdBy: values.companyUserId,
          modifiedBy: values.companyUserId,
        })),
      );
    }
    return batch!;
  }

  /** The company's latest checks, newest first, with who checked and how many numbers each had. */
  async findChecks(companyId: string, limit: number) {
    return this.db
      .select({
        id: certificateCheckBatches.id,
        checkedOn: certificateCheckBatches.checkedOn,
        total: sql<number>`jsonb_array_length(${certificateCheckBatches.numbers})::int`,
        found: certificateCheckBatches.foundCount,
        ...checker,
      })
      .from(certificateCheckBatches)
      .innerJoin(users, eq(users.id, certificateCheckBatches.checkedBy))
      .where(eq(certificateCheckBatches.companyId, companyId))
      .orderBy(desc(certificateCheckBatches.checkedOn), desc(certificateCheckBatches.id))
      .limit(limit);
  }

  /** One check of the company's (another company's reads as missing). */
  async findCheck(companyId: string, id: string) {
    const [row] = await this.db
      .select({ id: certificateCheckBatches.id, checkedOn: certificateCheckBatches.checkedOn, numbers: certificateCheckBatches.numbers, found: certificateCheckBatches.foundCount, ...checker })
      .from(certificateCheckBatches)
      .innerJoin(users, eq(users.id, certificateCheckBatches.checkedBy))
      .where(and(eq(certificateCheckBatches.companyId, companyId), eq(certificateCheckBatches.id, id)));
    return row;
  }

  /**
   * The certificates a check found, with the public columns the verification page shows (the
   * holder's name, program, issuing body, award date, designations) and the status and expiry the
   * check reported.
   */
  async findCheckRows(batchId: string) {
    return this.db
      .select({
        numberEntered: certificateChecks.certificateNumber,
        certificateNumber: awards.certificateNumber,
        firstName: users.firstName,
        lastName: users.lastName,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        awardingBody: accounts.name,
        status: certificateChecks.status,
        awardedOn: awards.awardedOn,
        expiresOn: certificateChecks.expiresOn,
        range: wpqRecords.rangeOfQualification,
      })
      .from(certificateChecks)
      .innerJoin(awards, eq(awards.id, certificateChecks.awardId))
      .innerJoin(applicants, eq(applicants.id, certificateChecks.holderApplicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .innerJoin(programs, eq(programs.id, awards.programId))
      .innerJoin(accounts, eq(accounts.id, programs.accountId))
      .leftJoin(wpqRecords, eq(wpqRecords.awardId, awards.id))
      .where(eq(certificateChecks.batchId, batchId));
  }

  /** Companies' checks of the holder's certificates, newest first: the company and when, never who there checked. */
  async findChecksOfHolder(applicantId: string, limit: number) {
    return this.db
      .select({ companyName: companies.name, certificateNumber: awards.certificateNumber, checkedOn: certificateChecks.checkedOn })
      .from(certificateChecks)
      .innerJoin(companies, eq(companies.id, certificateChecks.companyId))
      .innerJoin(awards, eq(awards.id, certificateChecks.awardId))
      .where(eq(certificateChecks.holderApplicantId, applicantId))
      .orderBy(desc(certificateChecks.checkedOn), asc(companies.name), asc(awards.certificateNumber))
      .limit(limit);
  }
}
