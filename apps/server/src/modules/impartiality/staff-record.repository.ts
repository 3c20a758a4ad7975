import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { CompetenceKind } from '@certs/shared/impartiality/staff-record.contract';
import type { Database } from '../../db/client';
import { attachments } from '../../db/schema/attachment';
import { companies } from '../../db/schema/company';
import { staffCompetences, staffConflicts, staffRecords } from '../../db/schema/impartiality';
import { programUsers, programs } from '../../db/schema/program';

export interface CompetenceRow {
  id: string;
  staffUserId: string;
  kind: CompetenceKind;
  title: string;
  issuer: string;
  obtainedOn: string;
  expiresOn: string | null;
  notes: string;
  attachmentId: string | null;
  fileName: string | null;
}

export interface AuthorisationRow {
  programId: string;
  programCode: string;
  programTitle: string;
  userId: string;
  role: number;
  authorisedUntil: string | null;
  authorisationBasis: string;
}

export type CompetenceValues = Pick<typeof staffCompetences.$inferInsert, 'kind' | 'title' | 'issuer' | 'obtainedOn' | 'expiresOn' | 'attachmentId' | 'notes'>;

const competenceColumns = {
  id: staffCompetences.id,
  staffUserId: staffCompetences.staffUserId,
  kind: staffCompetences.kind,
  title: staffCompetences.title,
  issuer: staffCompetences.issuer,
  obtainedOn: staffCompetences.obtainedOn,
  expiresOn: staffCompetences.expiresOn,
  notes: staffCompetences.notes,
  attachmentId: staffCompetences.attachmentId,
  fileName: attachments.name,
};

/** Staff records, competences and the authorisations held on `program_users`, of one account. */
export class StaffRecordRepository {
  constructor(private readonly db: Database) {}

  async findRecord(accountId: string, staffUserId: string): Promise<{ employer: { id: string; name: string } | null; position: string } | undefined> {
    const [row] = await this.db
      .select({ position: staffRecords.position, companyId: companies.id, companyName: companies.name })
      .from(staffRecords)
      .leftJoin(companies, eq(companies.id, staffRecords.employerCompanyId))
      .where(and(eq(staffRecords.accountId, accountId), eq(staffRecords.staffUserId, staffUserId)));
    return row ? { position: row.position, employer: row.companyId ? { id: row.companyId, name: row.companyName ?? '' } : null } : undefined;
  }

  /** Employer and position of each of these staff members, by user id. */
  async findRecordsOf(accountId: string, staffUserIds: string[]): Promise<Map<string, { employerName: string | null; position: string }>> {
    if (staffUserIds.length === 0) return new Map();
    const rows = await this.db
      .select({ staffUserId: staffRecords.staffUserId, position: staffRecords.position, employerName: companies.name })
      .from(staffRecords)
      .leftJoin(companies, eq(companies.id, staffRecords.employerCompanyId))
      .where(and(eq(staffRecords.accountId, accountId), inArray(staffRecords.staffUserId, staffUserIds)));
    return new Map(rows.map((row) => [row.staffUserId, { employerName: row.employerName, position: row.position }]));
  }

  /** One row per staff member and account: created on the first save, changed after. */
  async saveRecord(accountId: string, staffUserId: string, values: { employerCompanyId: string | null; position: string }, byUserId: string, at: Date): Promise<void> {
    await this.db
      .insert(staffRecords)
      .values({ accountId, staffUserId, ...values, createdBy: byUserId, modifiedBy: byUserId, createdOn: at, modifiedOn: at })
      .onConflictDoUpdate({ target: [staffRecords.accountId, staffRecords.staffUserId], set: { ...values, modifiedBy: byUserId, modifiedOn: at } });
  }

  async findCompetences(accountId: string, staffUserIds: string[]): Promise<CompetenceRow[]> {
    if (staffUserIds.length === 0) return [];
    return this.db
      .select(competenceColumns)
      .from(staffCompetences)
      .leftJoin(attachments, eq(attachments.id, staffCompetences.attachmentId))
      .where(and(eq(staffCompetences.accountId, accountId), inArray(staffCompetences.staffUserId, staffUserIds)))
      .orderBy(desc(staffCompetences.obtainedOn), asc(staffCompetences.title), asc(staffCompetences.id));
  }

  async findCompetence(accountId: string, staffUserId: string, id: string): Promise<CompetenceRow | undefined> {
    const [row] = await this.db
      .select(competenceColumns)
      .from(staffCompetences)
      .leftJoin(attachments, eq(attachments.id, staffCompetences.attachmentId))
      .where(and(eq(staffCompetences.id, id), eq(staffCompetences.accountId, accountId), eq(staffCompetences.staffUserId, staffUserId)));
    return row;
  }

  async insertCompetence(accountId: string, staffUserId: string, values: CompetenceValues, byUserId: string): Promise<string> {
    const [row] = await this.db
      .insert(staffCompetences)
      .values({ accountId, staffUserId, ...values, createdBy: byUserId, modifiedBy: byUserId })
      .returning({ id: staffCompetences.id });
    return row!.id;
  }

  async updateCompetence(accountId: string, staffUserId: string, id: string, values: CompetenceValues, byUserId: string): Promise<boolean> {
    const updated = await this.db
      .update(staffCompetences)
      .set({ ...values, modifiedBy: byUserId, modifiedOn: new Date() })
      .where(and(eq(staffCompetences.id, id), eq(staffCompetences.accountId, accountId), eq(staffCompetences.staffUserId, staffUserId)))
      .returning({ id: staffCompetences.id });
    return updated.length > 0;
  }

  async removeCompetence(accountId: string, staffUserId: string, id: string): Promise<boolean> {
    const removed = await this.db
      .delete(staffCompetences)
      .where(and(eq(staffCompetences.id, id), eq(staffCompetences.accountId, accountId), eq(staffCompetences.staffUserId, staffUserId)))
      .returning({ id: staffCompetences.id });
    return removed.length > 0;
  }

  /** The roles these staff members hold in the account's programs, with each one's expiry and basis. */
  async findAuthorisations(accountId: string, staffUserIds: string[]): Promise<AuthorisationRow[]> {
    if (staffUserIds.length === 0) return [];
    return this.db
      .select({
        programId: programs.id,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        userId: programUsers.userId,
        role: programUsers.role,
        authorisedUntil: programUsers.authorisedUntil,
        authorisationBasis: programUsers.authorisationBasis,
      })
      .from(programUsers)
      .innerJoin(programs, eq(programs.id, programUsers.programId))
      .where(and(eq(programs.accountId, accountId), inArray(programUsers.userId, staffUserIds)))
      .orderBy(asc(programs.programCode), asc(programUsers.role));
  }

  /** Sets the expiry and basis of a role the staff member holds in the program; false when they hold none. */
  async saveAuthorisation(programId: string, userId: string, role: number, values: { authorisedUntil: string | null; authorisationBasis: string }, byUserId: string): Promise<boolean> {
    const updated = await this.db
      .update(programUsers)
      .set({ ...values, modifiedBy: byUserId, modifiedOn: new Date() })
      .where(and(eq(programUsers.programId, programId), eq(programUsers.userId, userId), eq(programUsers.role, role)))
      .returning({ id: programUsers.id });
    return updated.length > 0;
  }

  async isProgramOfAccount(programId: string, accountId: string): Promise<boolean> {
    const [row] = await this.db.select({ id: programs.id }).from(programs).where(and(eq(programs.id, programId), eq(programs.accountId, accountId)));
    return !!row;
  }

  async countActiveConflicts(accountId: string, staffUserId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(staffConflicts)
      .where(and(eq(staffConflicts.accountId, accountId), eq(staffConflicts.staffUserId, staffUserId), isNull(staffConflicts.endedOn)));
    return row?.n ?? 0;
  }
}
