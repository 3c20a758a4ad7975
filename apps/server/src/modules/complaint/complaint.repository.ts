import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { OPEN_CASE_STATUSES, type CaseStatus } from '@certs/shared/case/case.contract';
import type { ComplaintAbout } from '@certs/shared/complaint/complaint.contract';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { accounts } from '../../db/schema/account';
import { caseEntries, complaints, type CaseChange } from '../../db/schema/appeal';
import { awardHistory, awards } from '../../db/schema/award';
import { companies } from '../../db/schema/company';
import { companyUsers } from '../../db/schema/company-user';
import { programs } from '../../db/schema/program';
import { applicants, users } from '../../db/schema/user';
import { venues } from '../../db/schema/venue';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const handler = alias(users, 'handler');
const decider = alias(users, 'decider');
const subjectUser = alias(users, 'subject_user');
const complainantCompany = alias(companies, 'complainant_company');

export type ComplaintRow = typeof complaints.$inferSelect;
export type CaseEntryRow = typeof caseEntries.$inferSelect;

export interface RegisterFilters {
  accountId: string;
  page: number;
  pageSize: number;
  search?: string;
  status?: CaseStatus;
  about?: ComplaintAbout;
  programId?: string;
  handlerId?: string;
  /** The body's today: open complaints past their decision date are overdue. */
  overdueOn?: { today: string; isOverdue: boolean };
}

/** `First Last`, or null when the join found nobody. */
export function nameOf(first: string | null | undefined, last: string | null | undefined): string | null {
  return first ? `${first} ${last ?? ''}`.trim() : null;
}

/**
 * Complaints and their entries (issue 43). Every staff read and write names the staff member's
 * account (the database's row-level security is the second line); the complainant's reads name
 * the complainant (their user, their company, or the reference and email).
 */
export class ComplaintRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  // ---- Lodging ---------------------------------------------------------------------------------

  /** The next number of the platform-wide CMP sequence. */
  async nextReferenceNumber(tx: Executor): Promise<number> {
    const result = await tx.execute(sql`select nextval('complaint_reference_seq') as n`);
    const [row] = (result as unknown as { rows: { n: string | number }[] }).rows;
    return Number(row!.n);
  }

  async insert(tx: Executor, values: typeof complaints.$inferInsert & { accountId: string }): Promise<ComplaintRow> {
    const [row] = await tx.insert(complaints).values(values).returning();
    return row!;
  }

  /** The account a form names by short name (any case) or id, with its zone and name. */
  async findAccount(reference: string): Promise<{ id: string; name: string; timeZone: string } | undefined> {
    const byId = UUID.test(reference) ? eq(accounts.id, reference) : undefined;
    const [row] = await this.db
      .select({ id: accounts.id, name: accounts.name, timeZone: accounts.timeZone })
      .from(accounts)
      .where(or(byId, sql`lower(${accounts.shortName}) = lower(${reference})`));
    return row;
  }

  async findAccountById(id: string, db: Executor = this.db): Promise<{ id: string; name: string; timeZone: string } | undefined> {
    const [row] = await db.select({ id: accounts.id, name: accounts.name, timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, id));
    return row;
  }

  async findProgram(id: string, db: Executor = this.db): Promise<{ id: string; accountId: string; programCode: string; programTitle: string } | undefined> {
    const [row] = await db.select({ id: programs.id, accountId: programs.accountId, programCode: programs.programCode, programTitle: programs.programTitle }).from(programs).where(eq(programs.id, id));
    return row;
  }

  /** Every body with its published programs, for the form's choice (public information). */
  async findBodies() {
    const bodies = await this.db.select({ id: accounts.id, shortName: accounts.shortName, name: accounts.name }).from(accounts).orderBy(asc(accounts.createdOn), asc(accounts.name));
    const published = await this.db
      .select({ id: programs.id, accountId: programs.accountId, programCode: programs.programCode, programTitle: programs.programTitle })
      .from(programs)
      .where(eq(programs.status, 2))
      .orderBy(asc(programs.programCode));
    return bodies.map((body) => ({
      shortName: body.shortName,
      name: body.name,
      programs: published.filter((program) => program.accountId === body.id).map(({ id, programCode, programTitle }) => ({ id, programCode, programTitle })),
    }));
  }

  /** The signed-in complainant as a complaint names them. */
  async findPerson(userId: string): Promise<{ firstName: string; lastName: string; email: string } | undefined> {
    const [row] = await this.db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
    return row;
  }

  async findCompanyName(companyId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
    return row?.name;
  }

  // ---- The complainant's reads -----------------------------------------------------------------

  private personSelection() {
    return {
      complaint: complaints,
      bodyName: accounts.name,
      timeZone: accounts.timeZone,
      programCode: programs.programCode,
      programTitle: programs.programTitle,
    };
  }

  /** By reference and email (either wrong: nothing). */
  async findByReference(reference: string, email: string) {
    const [row] = await this.db
      .select(this.personSelection())
      .from(complaints)
      .innerJoin(accounts, eq(accounts.id, complaints.accountId))
      .leftJoin(programs, eq(programs.id, complaints.programId))
      .where(and(eq(complaints.reference, reference), sql`lower(${complaints.complainantEmail}) = lower(${email})`));
    return row;
  }

  /** The complaints a signed-in person lodged, or (`companyId`) any user of their company lodged as its employer. */
  private ownedBy(owner: { userId: string } | { companyId: string }): SQL | undefined {
    if ('userId' in owner) return and(eq(complaints.complainantUserId, owner.userId), eq(complaints.complainantKind, 'applicant'));
    return and(
      eq(complaints.complainantKind, 'employer'),
      inArray(complaints.complainantUserId, this.db.select({ id: companyUsers.userId }).from(companyUsers).where(eq(companyUsers.companyId, owner.companyId))),
    );
  }

  async findOwned(owner: { userId: string } | { companyId: string }) {
    return this.db
      .select(this.personSelection())
      .from(complaints)
      .innerJoin(accounts, eq(accounts.id, complaints.accountId))
      .leftJoin(programs, eq(programs.id, complaints.programId))
      .where(this.ownedBy(owner))
      .orderBy(desc(complaints.receivedOn));
  }

  async findOwnedById(owner: { userId: string } | { companyId: string }, id: string) {
    if (!UUID.test(id)) return undefined;
    const [row] = await this.db
      .select(this.personSelection())
      .from(complaints)
      .innerJoin(accounts, eq(accounts.id, complaints.accountId))
      .leftJoin(programs, eq(programs.id, complaints.programId))
      .where(and(eq(complaints.id, id), this.ownedBy(owner)));
    return row;
  }

  // ---- Staff -----------------------------------------------------------------------------------

  async findRegisterPage(filters: RegisterFilters) {
    const like = filters.search ? likePattern(filters.search) : undefined;
    const openStatuses = [...OPEN_CASE_STATUSES];
    const overdue = filters.overdueOn
      ? filters.overdueOn.isOverdue
        ? and(inArray(complaints.status, openStatuses), lt(complaints.decideBy, filters.overdueOn.today))
        : or(sql`${complaints.status} not in ('received', 'investigating')`, sql`${complaints.decideBy} >= ${filters.overdueOn.today}`)
      : undefined;
    const where = and(
      eq(complaints.accountId, filters.accountId),
      like ? or(ilike(complaints.reference, like), ilike(complaints.complainantName, like), ilike(complaints.aboutText, like), ilike(complaints.details, like)) : undefined,
      filters.status ? eq(complaints.status, filters.status) : undefined,
      filters.about ? eq(complaints.about, filters.about) : undefined,
      filters.programId ? eq(complaints.programId, filters.programId) : undefined,
      filters.handlerId === 'none' ? isNull(complaints.handlerId) : filters.handlerId ? eq(complaints.handlerId, filters.handlerId) : undefined,
      overdue,
    );
    const [total] = await this.db.select({ n: count() }).from(complaints).where(where);
    const rows = await this.db
      .select({ complaint: complaints, programCode: programs.programCode, handlerFirstName: handler.firstName, handlerLastName: handler.lastName })
      .from(complaints)
      .leftJoin(programs, eq(programs.id, complaints.programId))
      .leftJoin(handler, eq(handler.id, complaints.handlerId))
      .where(where)
      .orderBy(desc(complaints.receivedOn), desc(complaints.reference))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  /** One complaint of the account, with the names staff read beside it. */
  async findForStaff(id: string, accountId: string) {
    if (!UUID.test(id)) return undefined;
    const [row] = await this.db
      .select({
        complaint: complaints,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        handlerFirstName: handler.firstName,
        handlerLastName: handler.lastName,
        deciderFirstName: decider.firstName,
        deciderLastName: decider.lastName,
        subjectFirstName: subjectUser.firstName,
        subjectLastName: subjectUser.lastName,
        venueTitle: venues.title,
        certificateNumber: awards.certificateNumber,
        companyName: complainantCompany.name,
      })
      .from(complaints)
      .leftJoin(programs, eq(programs.id, complaints.programId))
      .leftJoin(handler, eq(handler.id, complaints.handlerId))
      .leftJoin(decider, eq(decider.id, complaints.decidedBy))
      .leftJoin(subjectUser, eq(subjectUser.id, complaints.aboutUserId))
      .leftJoin(venues, eq(venues.id, complaints.aboutVenueId))
      .leftJoin(awards, eq(awards.id, complaints.aboutAwardId))
      .leftJoin(companyUsers, and(eq(companyUsers.userId, complaints.complainantUserId), eq(complaints.complainantKind, 'employer')))
      .leftJoin(complainantCompany, eq(complainantCompany.id, companyUsers.companyId))
      .where(and(eq(complaints.id, id), eq(complaints.accountId, accountId)));
    return row;
  }

  async lock(tx: Executor, id: string, accountId: string): Promise<ComplaintRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await tx
      .select()
      .from(complaints)
      .where(and(eq(complaints.id, id), eq(complaints.accountId, accountId)))
      .for('update');
    return row;
  }

  async update(tx: Executor, id: string, values: Partial<typeof complaints.$inferInsert>): Promise<void> {
    await tx.update(complaints).set({ ...values, modifiedOn: new Date() }).where(eq(complaints.id, id));
  }

  async addChange(tx: Executor, id: string, change: CaseChange, actorId: string): Promise<void> {
    await tx
      .update(complaints)
      .set({ changes: sql`${complaints.changes} || ${JSON.stringify([change])}::jsonb`, modifiedOn: new Date(), modifiedBy: actorId })
      .where(eq(complaints.id, id));
  }

  async insertEntry(tx: Executor, values: { accountId: string; complaintId: string; kind: CaseEntryRow['kind']; text: string; isShared: boolean; actorId: string | null }): Promise<void> {
    await tx.insert(caseEntries).values({
      accountId: values.accountId,
      complaintId: values.complaintId,
      kind: values.kind,
      text: values.text,
      sharedWithPerson: values.isShared ? 'yes' : 'no',
      actorId: values.actorId,
      createdBy: values.actorId,
      modifiedBy: values.actorId,
    });
  }

  async findEntries(complaintId: string, options: { sharedOnly: boolean }) {
    return this.db
      .select({ entry: caseEntries, actorFirstName: users.firstName, actorLastName: users.lastName })
      .from(caseEntries)
      .leftJoin(users, eq(users.id, caseEntries.actorId))
      .where(and(eq(caseEntries.complaintId, complaintId), options.sharedOnly ? eq(caseEntries.sharedWithPerson, 'yes') : undefined))
      .orderBy(asc(caseEntries.createdOn), asc(caseEntries.id));
  }

  /** The account's active staff, by name: handlers and the examiners a complaint may name. */
  async findStaff(accountId: string, db: Executor = this.db): Promise<{ id: string; firstName: string; lastName: string; role: number }[]> {
    return db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
      .from(users)
      .where(and(eq(users.userType, 'admin'), eq(users.accountId, accountId), eq(users.active, true)))
      .orderBy(asc(users.firstName), asc(users.lastName));
  }

  async findStaffMember(accountId: string, userId: string, db: Executor = this.db) {
    const [row] = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.userType, 'admin'), eq(users.accountId, accountId), eq(users.active, true)));
    return row;
  }

  async findPrograms(accountId: string) {
    return this.db
      .select({ id: programs.id, programCode: programs.programCode, programTitle: programs.programTitle })
      .from(programs)
      .where(eq(programs.accountId, accountId))
      .orderBy(asc(programs.programCode));
  }

  async findVenues(accountId: string) {
    return this.db.select({ id: venues.id, title: venues.title }).from(venues).where(eq(venues.accountId, accountId)).orderBy(asc(venues.title));
  }

  async findVenue(accountId: string, venueId: string, db: Executor = this.db) {
    const [row] = await db.select({ id: venues.id }).from(venues).where(and(eq(venues.id, venueId), eq(venues.accountId, accountId)));
    return row;
  }

  /** A certificate of one of the account's programs, with its holder's user (forgiving letter case). */
  async findAward(accountId: string, certificateNumber: string, db: Executor = this.db) {
    const [row] = await db
      .select({ id: awards.id, certificateNumber: awards.certificateNumber, holderUserId: applicants.userId })
      .from(awards)
      .innerJoin(programs, eq(programs.id, awards.programId))
      .innerJoin(applicants, eq(applicants.id, awards.applicantId))
      .where(and(eq(programs.accountId, accountId), sql`lower(${awards.certificateNumber}) = lower(${certificateNumber})`));
    return row;
  }

  async findAwardHistory(awardId: string, db: Executor = this.db) {
    return db
      .select({ id: awardHistory.id, action: awardHistory.action, fromStatus: awardHistory.fromStatus, toStatus: awardHistory.toStatus, reason: awardHistory.reason, createdOn: awardHistory.createdOn })
      .from(awardHistory)
      .where(eq(awardHistory.awardId, awardId))
      .orderBy(desc(awardHistory.id));
  }

  /** The awards and history rows the complaint's changes link to, for their certificate number and action. */
  async findLinkedAwards(awardIds: string[], historyIds: number[]) {
    const [linkedAwards, linkedHistory] = await Promise.all([
      awardIds.length ? this.db.select({ id: awards.id, certificateNumber: awards.certificateNumber }).from(awards).where(inArray(awards.id, awardIds)) : [],
      historyIds.length ? this.db.select({ id: awardHistory.id, action: awardHistory.action, createdOn: awardHistory.createdOn }).from(awardHistory).where(inArray(awardHistory.id, historyIds)) : [],
    ]);
    return { awards: linkedAwards, history: linkedHistory };
  }
}
