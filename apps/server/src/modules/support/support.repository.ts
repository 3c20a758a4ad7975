import { and, count, desc, eq, exists, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { applications } from '../../db/schema/application';
import { programs } from '../../db/schema/program';
import { supportActions, temporaryPasswords } from '../../db/schema/support';
import { applicants, users } from '../../db/schema/user';
import { PROGRAM_TYPES } from '@certs/shared/program/program-type';
import { rowsOf } from '../report/staff-scope';
import { userAppliedNowhere } from '../applicant/applied-nowhere';

function likeOf(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const foundUserColumns = {
  userId: users.id,
  userType: users.userType,
  role: users.role,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  active: users.active,
  activatedOn: users.activatedOn,
  applicantId: applicants.id,
  memberNumber: applicants.memberNumber,
  temporaryPasswordSetOn: temporaryPasswords.createdOn,
};

/**
 * Support's reads and writes (issue 20). It acts on the `users` row itself (active, password,
 * session version) as the account-user and registration modules do for their own flows; the
 * support log and temporary passwords are its own tables.
 */
const actor = alias(users, 'actor');
const target = alias(users, 'target');

/**
 * The users an account's support reaches (issue 40): its own staff, the applicants with an
 * application to its programs, and applicants who have applied nowhere yet (the platform's, no
 * account's record: any account's support helps them activate and sign in).
 */
function reachableBy(accountId: string): SQL {
  return sql`((${users.userType} = 'admin' and ${users.accountId} = ${accountId})
    or (${users.userType} = 'applicant' and (
      exists (select 1 from applications ap join programs p on p.id = ap.program_id join applicants ra on ra.id = ap.applicant_id where ra.user_id = ${users.id} and p.account_id = ${accountId})
      or ${userAppliedNowhere(users.id)})))`;
}

export class SupportRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  private userQuery(db: Executor = this.db) {
    return db
      .select(foundUserColumns)
      .from(users)
      .leftJoin(applicants, eq(applicants.userId, users.id))
      .leftJoin(temporaryPasswords, eq(temporaryPasswords.userId, users.id));
  }

  async findUsers(options: { accountId: string; page: number; pageSize: number; search: string; searchBy: 'all' | 'email' | 'name' | 'number' }) {
    const like = likeOf(options.search);
    const byEmail = or(ilike(users.email, like), ilike(applicants.primaryEmail, like));
    const byName = or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like), ilike(users.lastName, like));
    const byNumber = or(
      ilike(applicants.memberNumber, like),
      exists(this.db.select({ one: sql`1` }).from(applications).where(and(eq(applications.applicantId, applicants.id), ilike(applications.applicationNumber, like)))),
    );
    const where = and(reachableBy(options.accountId), { all: or(byEmail, byName, byNumber), email: byEmail, name: byName, number: byNumber }[options.searchBy]);
    const [total] = await this.db.select({ n: count() }).from(users).leftJoin(applicants, eq(applicants.userId, users.id)).where(where);
    const rows = await this.userQuery()
      .where(where)
      .orderBy(users.lastName, users.firstName, users.email)
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }

  /** The user, when the account's support reaches them (another account's answer as missing). */
  async findUser(userId: string, accountId: string, db: Executor = this.db) {
    const [row] = await this.userQuery(db).where(and(eq(users.id, userId), reachableBy(accountId)));
    return row;
  }

  async lockUser(tx: Executor, userId: string, accountId: string) {
    const [row] = await tx
      .select({ id: users.id, role: users.role, active: users.active })
      .from(users)
      .where(and(eq(users.id, userId), reachableBy(accountId)))
      .for('update');
    return row;
  }

  /** Active or not; either way every session of the user ends (the version the tokens carry moves on). */
  async setActive(tx: Executor, userId: string, active: boolean, actorId: string): Promise<void> {
    await tx
      .update(users)
      .set({ active, sessionVersion: sql`${users.sessionVersion} + 1`, modifiedOn: new Date(), modifiedBy: actorId })
      .where(eq(users.id, userId));
  }

  async setPassword(tx: Executor, userId: string, passwordHash: string, actorId: string): Promise<void> {
    await tx
      .update(users)
      .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, modifiedOn: new Date(), modifiedBy: actorId })
      .where(eq(users.id, userId));
  }

  async markTemporaryPassword(tx: Executor, userId: string, actorId: string): Promise<void> {
    const now = new Date();
    await tx
      .insert(temporaryPasswords)
      .values({ userId, createdBy: actorId, modifiedBy: actorId })
      .onConflictDoUpdate({ target: temporaryPasswords.userId, set: { changeTokenHash: null, changeTokenExpiresOn: null, createdOn: now, modifiedOn: now, createdBy: actorId, modifiedBy: actorId } });
  }

  /** A new change token for a user with a temporary password; false when they have none. */
  async issueChangeToken(userId: string, tokenHash: string, expiresOn: Date): Promise<boolean> {
    const rows = await this.db
      .update(temporaryPasswords)
      .set({ changeTokenHash: tokenHash, changeTokenExpiresOn: expiresOn, modifiedOn: new Date() })
      .where(eq(temporaryPasswords.userId, userId))
      .returning({ userId: temporaryPasswords.userId });
    return rows.length > 0;
  }

  /** Consumes a live change token (a conditional delete: a token works once). */
  async consumeChangeToken(tx: Executor, tokenHash: string) {
    const [row] = await tx
      .delete(temporaryPasswords)
      .where(and(eq(temporaryPasswords.changeTokenHash, tokenHash), gt(temporaryPasswords.changeTokenExpiresOn, new Date())))
      .returning({ userId: temporaryPasswords.userId });
    return row;
  }

  async findEmailOf(userId: string, db: Executor = this.db): Promise<string | undefined> {
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    return row?.email;
  }

  async insertAction(tx: Executor, values: typeof supportActions.$inferInsert): Promise<void> {
    await tx.insert(supportActions).values(values);
  }

  /** An application of the account's programs (another account's answers as missing). */
  async findApplication(applicationId: string, accountId: string) {
    const [row] = await this.db
      .select({ id: applications.id, programType: applications.programType, applicationNumber: applications.applicationNumber, userId: applicants.userId })
      .from(applications)
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .innerJoin(programs, eq(programs.id, applications.programId))
      .where(and(eq(applications.id, applicationId), eq(programs.accountId, accountId)));
    return row;
  }

  /** The account's AICIP applications waiting for a payment, searched by application or invoice number, name, email or member number. */
  async findAicipAwaitingPayment(options: { accountId: string; page: number; pageSize: number; search?: string }): Promise<{ rows: AicipApplicationRow[]; totalRows: number }> {
    const like = options.search ? likeOf(options.search) : undefined;
    const awaiting = sql`${AWAITING_PAYMENT} and p.account_id = ${options.accountId}`;
    const where = like
      ? sql`${awaiting} and (ap.application_number ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like} or u.email ilike ${like}
          or a.member_number ilike ${like} or ('INV-' || lpad(inv.invoice_number::text, 6, '0')) ilike ${like})`
      : awaiting;
    const [total] = rowsOf<{ n: number }>(await this.db.execute(sql`select count(*)::int as n from (${aicipApplicationSelect(where)}) found`));
    const rows = rowsOf<AicipApplicationRow>(
      await this.db.execute(sql`${aicipApplicationSelect(where)} order by inv.issued_on, ap.application_number limit ${options.pageSize} offset ${(options.page - 1) * options.pageSize}`),
    );
    return { rows, totalRows: total?.n ?? 0 };
  }

  /** One AICIP application with its latest invoice, whatever its stage (the screen shows it after the payment). */
  async findAicipApplication(applicationId: string, accountId: string): Promise<AicipApplicationRow | undefined> {
    return rowsOf<AicipApplicationRow>(await this.db.execute(aicipApplicationSelect(sql`ap.id = ${applicationId}::uuid and p.account_id = ${accountId}`)))[0];
  }

  /** The account's support log: what its own staff did. */
  async findLog(options: { accountId: string; page: number; pageSize: number; search?: string; action?: (typeof supportActions.$inferSelect)['action'] }) {
    const like = options.search ? likeOf(options.search) : undefined;
    const where = and(
      eq(actor.accountId, options.accountId),
      options.action ? eq(supportActions.action, options.action) : undefined,
      like
        ? or(
            ilike(target.email, like),
            ilike(sql`${target.firstName} || ' ' || ${target.lastName}`, like),
            ilike(sql`${actor.firstName} || ' ' || ${actor.lastName}`, like),
            ilike(supportActions.reason, like),
          )
        : undefined,
    );
    const base = () =>
      this.db
        .select({
          entry: supportActions,
          actorFirstName: actor.firstName,
          actorLastName: actor.lastName,
          targetFirstName: target.firstName,
          targetLastName: target.lastName,
          targetEmail: target.email,
        })
        .from(supportActions)
        .innerJoin(actor, eq(actor.id, supportActions.actorUserId))
        .leftJoin(target, eq(target.id, supportActions.targetUserId));
    const [total] = await this.db
      .select({ n: count() })
      .from(supportActions)
      .innerJoin(actor, eq(actor.id, supportActions.actorUserId))
      .leftJoin(target, eq(target.id, supportActions.targetUserId))
      .where(where);
    const rows = await base()
      .where(where)
      .orderBy(desc(supportActions.sequence))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize);
    return { rows, totalRows: total?.n ?? 0 };
  }
}

/** An AICIP application with its latest invoice (the one the payments module would settle). */
export interface AicipApplicationRow {
  applicationId: string;
  applicationNumber: string;
  programId: string;
  programCode: string;
  programTitle: string;
  firstName: string;
  lastName: string;
  email: string;
  memberNumber: string;
  status: string;
  workflowStage: string | null;
  invoiceId: string | null;
  invoiceNumber: number | null;
  /** The issuing account's prefix as the invoice was issued (decision 033); null: an invoice from before accounts (INV). */
  invoicePrefix: string | null;
  totalCents: number | null;
  currency: string | null;
  invoiceStatus: 'Issued' | 'Paid' | 'Void' | null;
  issuedOn: Date | string | null;
  paidOn: Date | string | null;
}

/** The select of an AICIP application and its latest invoice (Issued or Paid, newest first: the payments module's choice). */
function aicipApplicationSelect(where: SQL): SQL {
  return sql`
    select ap.id as "applicationId", ap.application_number as "applicationNumber", p.id as "programId", p.program_code as "programCode",
           p.program_title as "programTitle", u.first_name as "firstName", u.last_name as "lastName", u.email, a.member_number as "memberNumber",
           ap.status, ap.workflow_stage as "workflowStage", inv.id as "invoiceId", inv.invoice_number as "invoiceNumber", inv.issuer->>'invoicePrefix' as "invoicePrefix",
           inv.total_cents as "totalCents", inv.currency, inv.status as "invoiceStatus", inv.issued_on as "issuedOn", inv.paid_on as "paidOn"
    from applications ap
    join programs p on p.id = ap.program_id
    join applicants a on a.id = ap.applicant_id
    join users u on u.id = a.user_id
    left join lateral (
      select i.id, i.invoice_number, i.issuer, i.total_cents, i.currency, i.status, i.issued_on, i.paid_on from invoices i
      where i.application_id = ap.id and i.status in ('Issued', 'Paid')
      order by i.issued_on desc, i.invoice_number desc limit 1
    ) inv on true
    where ap.program_type = ${PROGRAM_TYPES.AICIP} and ${where}`;
}

/** Waiting for a payment as the payments module's offline rule sees it: payment requested, the latest invoice issued. */
const AWAITING_PAYMENT = sql`ap.status = 'Examinations Stage' and ap.workflow_stage = 'Payment Stage Requested' and inv.status = 'Issued'`;

export type FoundUserRow = NonNullable<Awaited<ReturnType<SupportRepository['findUser']>>>;
