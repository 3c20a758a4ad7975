import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { AwardStatus } from '@certs/shared/award/award-status';
import type { Database } from '../../db/client';
import { awards } from '../../db/schema/award';
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
}

/** Reads awards for their credentials and the status lists; awards are written by the award module. */
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
      })
      .from(awards)
      .innerJoin(programs, eq(programs.id, awards.programId))
      .innerJoin(applicants, eq(applicants.id, awards.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(eq(awards.id, id));
    return row;
  }

  /** The highest index any award holds (-1 when there are none): the lists must reach it. */
  async findHighestStatusListIndex(): Promise<number> {
    const [row] = await this.db.select({ highest: sql<number | null>`max(${awards.statusListIndex})` }).from(awards);
    return row?.highest === null || row?.highest === undefined ? -1 : Number(row.highest);
  }

  /** The status-list indexes of every award in one of these statuses, in order. */
  async findStatusListIndexes(statuses: readonly AwardStatus[]): Promise<number[]> {
    const rows = await this.db
      .select({ index: awards.statusListIndex })
      .from(awards)
      .where(inArray(awards.status, [...statuses]))
      .orderBy(asc(awards.statusListIndex));
    return rows.map((row) => row.index);
  }
}
