import { and, asc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { accounts } from '../../db/schema/account';
import { awardHistory, awards } from '../../db/schema/award';
import { companies } from '../../db/schema/company';
import { invoices } from '../../db/schema/payment';
import { programs, programWelderQualificationSettings } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { testingAgencies } from '../../db/schema/venue';
import { wpqRecords, wpqTestResults } from '../../db/schema/wpq';
import { wpqConfirmationLinks, wpqConfirmations, wpqExtensionLogs, wpqRevalidations, wpqValidityEnds, wpqValidityReminders } from '../../db/schema/wpq-validity';

export type ConfirmationRow = typeof wpqConfirmations.$inferSelect;
export type ConfirmationLinkRow = typeof wpqConfirmationLinks.$inferSelect;
export type RevalidationRow = typeof wpqRevalidations.$inferSelect;
export type ExtensionLogRow = typeof wpqExtensionLogs.$inferSelect;

/** The employer named on the record, else the one the applicant chose in their profile. */
const employerId = sql`coalesce(${wpqRecords.employerCompanyId}, ${applicants.employerCompanyId})`;

const keptColumns = {
  recordId: wpqRecords.id,
  applicationId: wpqRecords.applicationId,
  applicantId: wpqRecords.applicantId,
  programId: wpqRecords.programId,
  standard: wpqRecords.standard,
  testDate: wpqRecords.testDate,
  validityOption: wpqRecords.validityOption,
  rangeOfQualification: wpqRecords.rangeOfQualification,
  awardId: awards.id,
  awardStatus: awards.status,
  awardedOn: awards.awardedOn,
  certificateNumber: awards.certificateNumber,
  certificateVersion: awards.certificateVersion,
  programCode: programs.programCode,
  programTitle: programs.programTitle,
  programType: programs.programType,
  welderUserId: users.id,
  welderFirstName: users.firstName,
  welderLastName: users.lastName,
  welderEmail: users.email,
  employerId: companies.id,
  employerName: companies.name,
  employerContactEmail: companies.contactEmail,
  employerContactName: companies.contactName,
  employerActive: companies.active,
  interval: programWelderQualificationSettings.interval,
  numOfConfirmation: programWelderQualificationSettings.numOfConfirmation,
  reValidationProlongation: programWelderQualificationSettings.reValidationProlongation,
  revalidationMemberFeeCents: programWelderQualificationSettings.revalidationMemberFeeCents,
  revalidationNonmemberFeeCents: programWelderQualificationSettings.revalidationNonmemberFeeCents,
  messageConfirmation: programWelderQualificationSettings.messageConfirmation,
  messageProlongation: programWelderQualificationSettings.messageProlongationReValidation,
  /** The program's awarding body's zone: confirmations fall due on that body's days. */
  timeZone: accounts.timeZone,
  awardingBodyName: accounts.name,
};

function keptQuery(executor: Executor) {
  return executor
    .select(keptColumns)
    .from(wpqRecords)
    .innerJoin(awards, eq(awards.id, wpqRecords.awardId))
    .innerJoin(programs, eq(programs.id, wpqRecords.programId))
    .innerJoin(accounts, eq(accounts.id, programs.accountId))
    .innerJoin(applicants, eq(applicants.id, wpqRecords.applicantId))
    .innerJoin(users, eq(users.id, applicants.userId))
    .leftJoin(programWelderQualificationSettings, eq(programWelderQualificationSettings.programId, wpqRecords.programId))
    .leftJoin(companies, eq(companies.id, employerId));
}

/** An awarded record with its award, program settings, welder and employer. */
export type KeptFacts = Awaited<ReturnType<typeof keptQuery>>[number];

/** The only file of the validity module that touches Drizzle. */
export class WpqValidityRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  /** An awarded record with everything the validity needs; undefined before its award. */
  async findKept(recordId: string, executor: Executor = this.db): Promise<KeptFacts | undefined> {
    const [row] = await keptQuery(executor).where(eq(wpqRecords.id, recordId));
    return row;
  }

  async findKeptByAward(awardId: string, executor: Executor = this.db): Promise<KeptFacts | undefined> {
    const [row] = await keptQuery(executor).where(eq(awards.id, awardId));
    return row;
  }

  /** What a confirmation, revalidation or end changes on the award row (type, status, certificate version). */
  /** The welder's certificates are issued again (a new version) when something they print changes, such as the photograph. */
  async reissueCertificatesOf(applicantId: string, actorId: string): Promise<void> {
    await this.db
      .update(awards)
      .set({ certificateVersion: sql`${awards.certificateVersion} + 1`, modifiedBy: actorId, modifiedOn: new Date() })
      .where(inArray(awards.id, this.db.select({ id: wpqRecords.awardId }).from(wpqRecords).where(and(eq(wpqRecords.applicantId, applicantId), sql`${wpqRecords.awardId} is not null`))));
  }

  async updateAward(tx: Executor, id: string, values: Partial<typeof awards.$inferInsert>): Promise<void> {
    await tx.update(awards).set({ ...values, modifiedOn: new Date() }).where(eq(awards.id, id));
  }

  async insertAwardHistory(tx: Executor, values: typeof awardHistory.$inferInsert): Promise<void> {
    await tx.insert(awardHistory).values(values);
  }

  /** The award's row lock, after the application's (the order every award action takes). */
  async lockAward(tx: Executor, awardId: string): Promise<void> {
    await tx.select({ id: awards.id }).from(awards).where(eq(awards.id, awardId)).for('update');
  }

  async findRecordOwner(recordId: string): Promise<{ applicantId: string; programId: string; awardId: string | null } | undefined> {
    const [row] = await this.db.select({ applicantId: wpqRecords.applicantId, programId: wpqRecords.programId, awardId: wpqRecords.awardId }).from(wpqRecords).where(eq(wpqRecords.id, recordId));
    return row;
  }

  /**
   * Every record whose award is current and whose validity has not been ended: the job's (every
   * account's) and the search's candidates, of these programs or of one account's programs.
   */
  async findCurrentKept(options: { programIds?: readonly string[]; accountId?: string } = {}): Promise<KeptFacts[]> {
    const ended = this.db.select({ one: sql`1` }).from(wpqValidityEnds).where(eq(wpqValidityEnds.wpqRecordId, wpqRecords.id));
    const conditions = [eq(awards.status, 'current'), notExists(ended)];
    if (options.programIds) conditions.push(options.programIds.length ? inArray(wpqRecords.programId, [...options.programIds]) : sql`false`);
    if (options.accountId) conditions.push(inArray(wpqRecords.programId, this.db.select({ id: programs.id }).from(programs).where(eq(programs.accountId, options.accountId))));
    return keptQuery(this.db)
      .where(and(...conditions))
      .orderBy(asc(awards.certificateNumber));
  }

  /**
   * The awarded records of these welders whose award is current or on hold and whose validity has
   * not been ended, every account's (a company's people, issue 42), with their confirmations and
   * revalidations: three queries however many records.
   */
  async findHeldBy(applicantIds: readonly string[]): Promise<{ facts: KeptFacts[]; confirmations: (ConfirmationRow & { companyName: string | null })[]; revalidations: RevalidationRow[] }> {
    if (applicantIds.length === 0) return { facts: [], confirmations: [], revalidations: [] };
    const ended = this.db.select({ one: sql`1` }).from(wpqValidityEnds).where(eq(wpqValidityEnds.wpqRecordId, wpqRecords.id));
    const facts = await keptQuery(this.db)
      .where(and(inArray(wpqRecords.applicantId, [...applicantIds]), inArray(awards.status, ['current', 'on hold']), notExists(ended)))
      .orderBy(asc(awards.awardedOn), asc(awards.certificateNumber));
    if (facts.length === 0) return { facts, confirmations: [], revalidations: [] };
    const recordIds = facts.map((row) => row.recordId);
    const confirmations = await this.db
      .select({ confirmation: wpqConfirmations, companyName: companies.name })
      .from(wpqConfirmations)
      .leftJoin(companies, eq(companies.id, wpqConfirmations.companyId))
      .where(inArray(wpqConfirmations.wpqRecordId, recordIds))
      .orderBy(asc(wpqConfirmations.sequence));
    const revalidations = await this.db.select().from(wpqRevalidations).where(inArray(wpqRevalidations.wpqRecordId, recordIds)).orderBy(asc(wpqRevalidations.createdOn));
    return { facts, confirmations: confirmations.map((r) => ({ ...r.confirmation, companyName: r.companyName })), revalidations };
  }

  async findConfirmations(recordId: string, executor: Executor = this.db): Promise<(ConfirmationRow & { companyName: string | null })[]> {
    const rows = await executor
      .select({ confirmation: wpqConfirmations, companyName: companies.name })
      .from(wpqConfirmations)
      .leftJoin(companies, eq(companies.id, wpqConfirmations.companyId))
      .where(eq(wpqConfirmations.wpqRecordId, recordId))
      .orderBy(asc(wpqConfirmations.sequence));
    return rows.map((r) => ({ ...r.confirmation, companyName: r.companyName }));
  }

  /** The confirmation of a period, unless that period was confirmed already (then undefined: the unique key decided). */
  async insertConfirmation(tx: Executor, values: typeof wpqConfirmations.$inferInsert): Promise<ConfirmationRow | undefined> {
    const [row] = await tx.insert(wpqConfirmations).values(values).onConflictDoNothing().returning();
    return row;
  }

  async insertLink(tx: Executor, values: typeof wpqConfirmationLinks.$inferInsert): Promise<ConfirmationLinkRow> {
    const [row] = await tx.insert(wpqConfirmationLinks).values(values).returning();
    return row!;
  }

  async findLinkByHash(tokenHash: string, executor: Executor = this.db): Promise<ConfirmationLinkRow | undefined> {
    const [row] = await executor.select().from(wpqConfirmationLinks).where(eq(wpqConfirmationLinks.tokenHash, tokenHash));
    return row;
  }

  /** Spends the link; false when another request spent it first. */
  async markLinkUsed(tx: Executor, id: string): Promise<boolean> {
    const rows = await tx.update(wpqConfirmationLinks).set({ usedOn: new Date(), modifiedOn: new Date() }).where(and(eq(wpqConfirmationLinks.id, id), isNull(wpqConfirmationLinks.usedOn))).returning({ id: wpqConfirmationLinks.id });
    return rows.length === 1;
  }

  /** Records a reminder unless it was recorded before; true when this call recorded it. */
  async recordReminder(tx: Executor, values: typeof wpqValidityReminders.$inferInsert): Promise<boolean> {
    const rows = await tx.insert(wpqValidityReminders).values(values).onConflictDoNothing().returning({ id: wpqValidityReminders.id });
    return rows.length === 1;
  }

  async findReminders(recordId: string) {
    return this.db.select().from(wpqValidityReminders).where(eq(wpqValidityReminders.wpqRecordId, recordId)).orderBy(asc(wpqValidityReminders.id));
  }

  /** The end of a qualification, once: true when this call wrote it. */
  async recordEnd(tx: Executor, values: typeof wpqValidityEnds.$inferInsert): Promise<boolean> {
    const rows = await tx.insert(wpqValidityEnds).values(values).onConflictDoNothing().returning({ id: wpqValidityEnds.wpqRecordId });
    return rows.length === 1;
  }

  async findRevalidations(recordId: string, executor: Executor = this.db): Promise<RevalidationRow[]> {
    return executor.select().from(wpqRevalidations).where(eq(wpqRevalidations.wpqRecordId, recordId)).orderBy(asc(wpqRevalidations.createdOn));
  }

  async findRevalidation(id: string, executor: Executor = this.db, lock = false): Promise<RevalidationRow | undefined> {
    const query = executor.select().from(wpqRevalidations).where(eq(wpqRevalidations.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async findRevalidationByInvoice(tx: Executor, invoiceId: string): Promise<RevalidationRow | undefined> {
    const [row] = await tx.select().from(wpqRevalidations).where(eq(wpqRevalidations.invoiceId, invoiceId)).for('update');
    return row;
  }

  /** A new revalidation; undefined when one is open already (the partial unique index decided). */
  async insertRevalidation(tx: Executor, values: typeof wpqRevalidations.$inferInsert): Promise<RevalidationRow | undefined> {
    const [row] = await tx.insert(wpqRevalidations).values(values).onConflictDoNothing().returning();
    return row;
  }

  async updateRevalidation(tx: Executor, id: string, values: Partial<typeof wpqRevalidations.$inferInsert>): Promise<void> {
    await tx.update(wpqRevalidations).set({ ...values, modifiedOn: new Date() }).where(eq(wpqRevalidations.id, id));
  }

  async insertLog(tx: Executor, values: typeof wpqExtensionLogs.$inferInsert): Promise<ExtensionLogRow> {
    const [row] = await tx.insert(wpqExtensionLogs).values(values).returning();
    return row!;
  }

  /** The log of one qualification, oldest first (the order it happened in, as the contract says). */
  async findLogs(recordId: string): Promise<ExtensionLogRow[]> {
    return this.db.select().from(wpqExtensionLogs).where(eq(wpqExtensionLogs.wpqRecordId, recordId)).orderBy(asc(wpqExtensionLogs.id));
  }

  /** The revalidation fees' invoices: number (with the prefix it was issued under), total, currency and status. */
  async findInvoices(ids: readonly string[], executor: Executor = this.db) {
    if (ids.length === 0) return [];
    return executor
      .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, issuer: invoices.issuer, totalCents: invoices.totalCents, currency: invoices.currency, status: invoices.status })
      .from(invoices)
      .where(inArray(invoices.id, [...ids]));
  }

  /** The program's manager (name and address), who hears that a revalidation lapsed unpaid. */
  async findProgramManager(programId: string, executor: Executor = this.db): Promise<{ id: string; email: string; firstName: string } | undefined> {
    const [row] = await executor.select({ id: users.id, email: users.email, firstName: users.firstName }).from(programs).innerJoin(users, eq(users.id, programs.programManagerId)).where(eq(programs.id, programId));
    return row;
  }

  /** Who approved each of a record's approved revalidations (their names, for the certificate's signature cells). */
  async findRevalidationApprovers(recordId: string): Promise<{ id: string; name: string }[]> {
    const rows = await this.db
      .select({ id: wpqRevalidations.id, firstName: users.firstName, lastName: users.lastName })
      .from(wpqRevalidations)
      .innerJoin(users, eq(users.id, wpqRevalidations.decidedBy))
      .where(and(eq(wpqRevalidations.wpqRecordId, recordId), eq(wpqRevalidations.status, 'approved')));
    return rows.map((row) => ({ id: row.id, name: `${row.firstName} ${row.lastName}`.trim() }));
  }

  /** Everything the Annex A certificate prints beyond the validity: the whole record, its tests, examiner, test centre and employer. */
  async findCertificateFacts(recordId: string) {
    const [row] = await this.db
      .select({ record: wpqRecords, examinerFirstName: users.firstName, examinerLastName: users.lastName, centreName: testingAgencies.companyName, centreReference: testingAgencies.referenceNumber })
      .from(wpqRecords)
      .leftJoin(users, eq(users.id, wpqRecords.examinerId))
      .leftJoin(testingAgencies, eq(testingAgencies.id, wpqRecords.testingAgencyId))
      .where(eq(wpqRecords.id, recordId));
    if (!row) return undefined;
    const tests = await this.db.select().from(wpqTestResults).where(eq(wpqTestResults.wpqRecordId, recordId)).orderBy(asc(wpqTestResults.order), asc(wpqTestResults.isRetest));
    return { ...row, tests };
  }
}
