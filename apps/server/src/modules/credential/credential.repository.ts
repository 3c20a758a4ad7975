import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AwardStatus } from '@certs/shared/award/award-status';
import type { Database } from '../../db/client';
import { accounts } from '../../db/schema/account';
import { awards } from '../../db/schema/award';
import { credentialIssuers } from '../../db/schema/credential';
import { programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';

export interface CredentialAwardRow {
  id: string;
  applicantId: string;
  programId: string;
  programType: number;
  programCode: string;
  programTitle: string;
  certificateNumber: string;
  awardedOn: string;
  expiresOn: string | null;
  status: AwardStatus;
  statusListIndex: number;
  holderName: string;
  /** The awarding body: the account of the award's program. */
  accountId: string;
  accountName: string;
  accountShortName: string;
  accountEmail: string;
  accountTimeZone: string;
}

export interface IssuerKeyRow {
  accountId: string;
  pathName: string;
  signingKeySealed: string;
}

/** Reads awards for their credentials and the status lists (awards are written by the award module), and keeps the accounts' issuer keys. */
export class CredentialRepository {
  constructor(private readonly db: Database) {}

  async findAward(id: string): Promise<CredentialAwardRow | undefined> {
    const [row] = await this.db
      .select({
        id: awards.id,
        applicantId: awards.applicantId,
        programId: awards.programId,
        programType: awards.programType,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        certificateNumber: awards.certificateNumber,
        awardedOn: awards.awardedOn,
        expiresOn: awards.expiresOn,
        status: sql<AwardStatus>`${awards.status}`,
        statusListIndex: awards.statusListIndex,
        holderName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
        accountId: accounts.id,
        accountName: accounts.name,
        accountShortName: accounts.shortName,
        accountEmail: accounts.contactEmail,
        accountTimeZone: accounts.timeZone,
      })
      .from(awards)
      .innerJoin(programs, eq(programs.id, awards.programId))
      .innerJoin(accounts, eq(accounts.id, programs.accountId))
      .innerJoin(applicants, eq(applicants.id, awards.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(eq(awards.id, id));
    return row;
  }

  /** The highest index any of the account's awards holds (-1 when there are none): its lists must reach it. */
  async findHighestStatusListIndex(accountId: string): Promise<number> {
    const [row] = await this.db
      .select({ highest: sql<number | null>`max(${awards.statusListIndex})` })
      .from(awards)
      .innerJoin(programs, eq(programs.id, awards.programId))
      .where(eq(programs.accountId, accountId));
    return row?.highest === null || row?.highest === undefined ? -1 : Number(row.highest);
  }

  /** The status-list indexes of the account's awards in one of these statuses, in order. */
  async findStatusListIndexes(accountId: string, statuses: readonly AwardStatus[]): Promise<number[]> {
    const rows = await this.db
      .select({ index: awards.statusListIndex })
      .from(awards)
      .innerJoin(programs, eq(programs.id, awards.programId))
      .where(and(eq(programs.accountId, accountId), inArray(awards.status, [...statuses])))
      .orderBy(asc(awards.statusListIndex));
    return rows.map((row) => row.index);
  }

  async findAccountShortName(accountId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ shortName: accounts.shortName }).from(accounts).where(eq(accounts.id, accountId));
    return row?.shortName;
  }

  async findIssuerKey(accountId: string): Promise<IssuerKeyRow | undefined> {
    const [row] = await this.db.select().from(credentialIssuers).where(eq(credentialIssuers.accountId, accountId));
    return row;
  }

  async findIssuerKeyByPathName(pathName: string): Promise<IssuerKeyRow | undefined> {
    const [row] = await this.db.select().from(credentialIssuers).where(eq(credentialIssuers.pathName, pathName));
    return row;
  }

  /**
   * Keeps a new issuer key unless the account already has one or another account holds the path
   * name: whoever inserts first (another instance, a parallel request) wins, and the caller reads
   * back the one kept.
   */
  async insertIssuerKey(row: IssuerKeyRow): Promise<void> {
    await this.db.insert(credentialIssuers).values(row).onConflictDoNothing();
  }
}
