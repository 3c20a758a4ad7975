import { and, asc, eq, inArray } from 'drizzle-orm';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { applications } from '../../db/schema/application';
import { awards } from '../../db/schema/award';
import { programUsers, programWelderQualificationSettings, programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { testingAgencies, venues } from '../../db/schema/venue';
import { wpqRecords, wpqTestResults } from '../../db/schema/wpq';
import { programZoneSql } from '../account/account-time-zone';

export type WpqRecordRow = typeof wpqRecords.$inferSelect;
export type WpqRecordValues = Partial<typeof wpqRecords.$inferInsert>;
export type WpqTestResultRow = typeof wpqTestResults.$inferSelect;

/** The application a record belongs to, with what the record's page and mails show of it. */
export interface WpqApplication {
  id: string;
  applicationNumber: string;
  applicantId: string;
  programId: string;
  programType: number;
  status: string;
  workflowStage: string | null;
  submittedOn: Date | null;
  programCode: string;
  programTitle: string;
  standard: string | null;
  applicantUserId: string;
  applicantName: string;
  applicantFirstName: string;
  applicantEmail: string;
  /** The program's awarding body's zone: "today" for the record's checks is that body's. */
  timeZone: string;
}

/** The only file that touches the WPQ tables with Drizzle. */
export class WpqRepository {
  constructor(private readonly db: Database) {}

  get executor(): Executor {
    return this.db;
  }

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async findApplication(id: string, db: Executor = this.db): Promise<WpqApplication | undefined> {
    const [row] = await db
      .select({
        id: applications.id,
        applicationNumber: applications.applicationNumber,
        applicantId: applications.applicantId,
        programId: applications.programId,
        programType: applications.programType,
        status: applications.status,
        workflowStage: applications.workflowStage,
        submittedOn: applications.submittedOn,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        standard: programWelderQualificationSettings.standard,
        applicantUserId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        timeZone: programZoneSql(programs.id),
      })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .leftJoin(programWelderQualificationSettings, eq(programWelderQualificationSettings.programId, applications.programId))
      .where(eq(applications.id, id));
    if (!row) return undefined;
    const { firstName, lastName, email, ...rest } = row;
    return { ...rest, applicantFirstName: firstName, applicantName: `${firstName} ${lastName}`.trim(), applicantEmail: email };
  }

  async findByApplication(applicationId: string, db: Executor = this.db): Promise<WpqRecordRow | undefined> {
    const [row] = await db.select().from(wpqRecords).where(eq(wpqRecords.applicationId, applicationId));
    return row;
  }

  async findById(id: string, db: Executor = this.db): Promise<WpqRecordRow | undefined> {
    const [row] = await db.select().from(wpqRecords).where(eq(wpqRecords.id, id));
    return row;
  }

  /** The record locked in the caller's transaction (taken after the application's lock, always in that order). */
  async lock(tx: Executor, id: string): Promise<WpqRecordRow | undefined> {
    const [row] = await tx.select().from(wpqRecords).where(eq(wpqRecords.id, id)).for('update');
    return row;
  }

  async insert(tx: Executor, values: typeof wpqRecords.$inferInsert): Promise<WpqRecordRow> {
    const [row] = await tx.insert(wpqRecords).values(values).returning();
    if (!row) throw new Error('WPQ record not inserted');
    return row;
  }

  async update(tx: Executor, id: string, values: WpqRecordValues): Promise<void> {
    await tx
      .update(wpqRecords)
      .set({ ...values, modifiedOn: new Date() })
      .where(eq(wpqRecords.id, id));
  }

  async findTests(recordId: string, db: Executor = this.db): Promise<WpqTestResultRow[]> {
    return db.select().from(wpqTestResults).where(eq(wpqTestResults.wpqRecordId, recordId)).orderBy(asc(wpqTestResults.order));
  }

  /** The examiner's tests as sent: the list replaces the one saved before. */
  async replaceTests(tx: Executor, recordId: string, rows: Omit<typeof wpqTestResults.$inferInsert, 'wpqRecordId'>[], actorId: string): Promise<void> {
    await tx.delete(wpqTestResults).where(eq(wpqTestResults.wpqRecordId, recordId));
    if (rows.length === 0) return;
    await tx.insert(wpqTestResults).values(rows.map((row) => ({ ...row, wpqRecordId: recordId, createdBy: actorId, modifiedBy: actorId })));
  }

  async isProgramExaminer(programId: string, userId: string, db: Executor = this.db): Promise<boolean> {
    const [row] = await db
      .select({ id: programUsers.id })
      .from(programUsers)
      .where(and(eq(programUsers.programId, programId), eq(programUsers.userId, userId), eq(programUsers.role, PROGRAM_USER_ROLES.examiner)));
    return !!row;
  }

  async findUserNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, `${r.firstName} ${r.lastName}`.trim()]));
  }

  /** The account of a program, as a subquery: venues and test centres are each account's own. */
  private accountOfProgram(programId: string) {
    return this.db.select({ accountId: programs.accountId }).from(programs).where(eq(programs.id, programId));
  }

  /** A venue; with `ofProgramId`, only one its account may name (another account's is as unknown as a missing one). */
  async findVenue(id: string, ofProgramId?: string): Promise<{ id: string; title: string } | undefined> {
    const [row] = await this.db
      .select({ id: venues.id, title: venues.title })
      .from(venues)
      .where(and(eq(venues.id, id), ofProgramId ? inArray(venues.accountId, this.accountOfProgram(ofProgramId)) : undefined));
    return row;
  }

  async findTestCentre(id: string, ofProgramId?: string): Promise<{ id: string; name: string } | undefined> {
    const [row] = await this.db
      .select({ id: testingAgencies.id, name: testingAgencies.companyName })
      .from(testingAgencies)
      .where(and(eq(testingAgencies.id, id), ofProgramId ? inArray(testingAgencies.accountId, this.accountOfProgram(ofProgramId)) : undefined));
    return row;
  }

  /** The schedule form's choices: the venues and test centres of the program's account, and the program's examiners. */
  async findScheduleChoices(programId: string) {
    const [venueRows, centreRows, examinerRows] = await Promise.all([
      this.db
        .select({ id: venues.id, name: venues.title })
        .from(venues)
        .where(inArray(venues.accountId, this.accountOfProgram(programId)))
        .orderBy(asc(venues.title)),
      this.db
        .select({ id: testingAgencies.id, name: testingAgencies.companyName })
        .from(testingAgencies)
        .where(inArray(testingAgencies.accountId, this.accountOfProgram(programId)))
        .orderBy(asc(testingAgencies.companyName)),
      this.db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(programUsers)
        .innerJoin(users, eq(users.id, programUsers.userId))
        .where(and(eq(programUsers.programId, programId), eq(programUsers.role, PROGRAM_USER_ROLES.examiner)))
        .orderBy(asc(users.firstName), asc(users.lastName)),
    ]);
    return { venues: venueRows, testCentres: centreRows, examiners: examinerRows.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim() })) };
  }

  async findCertificateNumber(awardId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ certificateNumber: awards.certificateNumber }).from(awards).where(eq(awards.id, awardId));
    return row?.certificateNumber;
  }
}
