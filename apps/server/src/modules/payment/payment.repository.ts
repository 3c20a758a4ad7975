import { and, count, desc, eq, gte, inArray, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { formatInvoiceNumber } from '@certs/shared/pre-exam/pre-exam-rules';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { applications } from '../../db/schema/application';
import { invoices, paymentEvents, payments } from '../../db/schema/payment';
import { programs } from '../../db/schema/program';
import { renewalApplications } from '../../db/schema/renewal';
import { resitModules } from '../../db/schema/resit';
import { applicants, users } from '../../db/schema/user';

export type PaymentRow = typeof payments.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

export interface ReportFilters {
  /** The staff member's account: only payments of its programs. */
  accountId: string;
  from?: Date;
  to?: Date;
  status?: PaymentRow['status'];
  gateway?: PaymentRow['gateway'];
  programId?: string;
  page: number;
  pageSize: number;
}

const OPEN_STATUSES: PaymentRow['status'][] = ['Requested', 'Pending'];

const detailColumns = {
  payment: payments,
  invoiceNumber: invoices.invoiceNumber,
  invoiceAccountId: invoices.accountId,
  invoiceIssuer: invoices.issuer,
  invoiceBilledTo: invoices.billedTo,
  invoiceTotalCents: invoices.totalCents,
  invoiceStatus: invoices.status,
  invoiceDiscountCents: invoices.discountCents,
  invoiceGstCents: invoices.gstCents,
  applicationNumber: applications.applicationNumber,
  applicationStatus: applications.status,
  workflowStage: applications.workflowStage,
  programType: applications.programType,
  programId: programs.id,
  programCode: programs.programCode,
  programTitle: programs.programTitle,
  applicantId: applicants.id,
  applicantUserId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  applicantEmail: users.email,
};

function detailsQuery(db: Executor) {
  return db
    .select(detailColumns)
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(applications, eq(applications.id, payments.applicationId))
    .innerJoin(programs, eq(programs.id, applications.programId))
    .innerJoin(applicants, eq(applicants.id, applications.applicantId))
    .innerJoin(users, eq(users.id, applicants.userId));
}
type DetailRow = Awaited<ReturnType<typeof detailsQuery>>[number];

export type PaymentDetailsRow = ReturnType<typeof toDetails>;

function toDetails(row: DetailRow) {
  return {
    payment: row.payment,
    invoiceNumber: row.invoiceNumber,
    /** The account that issued the invoice: whose gateway takes the money. */
    invoiceAccountId: row.invoiceAccountId,
    /** As printed on the invoice: its account's prefix then (INV before accounts). */
    invoiceNumberText: formatInvoiceNumber(row.invoiceNumber, row.invoiceIssuer.invoicePrefix),
    issuerName: row.invoiceIssuer.name,
    /** The company the invoice was issued to, when it agreed to pay (issue 42); its billing contact. */
    invoiceCompany: row.invoiceBilledTo.company ? { ...row.invoiceBilledTo.company, name: row.invoiceBilledTo.name, email: row.invoiceBilledTo.email } : null,
    invoiceTotalCents: row.invoiceTotalCents,
    invoiceStatus: row.invoiceStatus,
    invoiceDiscountCents: row.invoiceDiscountCents,
    invoiceGstCents: row.invoiceGstCents,
    applicationNumber: row.applicationNumber,
    applicationStatus: row.applicationStatus,
    workflowStage: row.workflowStage,
    programType: row.programType,
    programId: row.programId,
    programCode: row.programCode,
    programTitle: row.programTitle,
    applicantId: row.applicantId,
    applicantUserId: row.applicantUserId,
    applicantName: `${row.firstName} ${row.lastName}`.trim(),
    applicantEmail: row.applicantEmail,
  };
}

/** Payments, their events and the invoice fields they settle: the only file of the module that touches Drizzle. */
export class PaymentRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  async insert(tx: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
    const [row] = await tx.insert(payments).values(values).returning();
    if (!row) throw new Error('payment not inserted');
    return row;
  }

  async update(tx: Executor, id: string, values: Partial<typeof payments.$inferInsert>): Promise<void> {
    await tx.update(payments).set({ ...values, modifiedOn: new Date() }).where(eq(payments.id, id));
  }

  /** Expires every payment of the invoice that could still be paid (a new link replaces them); returns them. */
  async expireOpenOfInvoice(tx: Executor, invoiceId: string, actorId: string | null): Promise<PaymentRow[]> {
    return tx
      .update(payments)
      .set({ status: 'Expired', modifiedOn: new Date(), modifiedBy: actorId })
      .where(and(eq(payments.invoiceId, invoiceId), inArray(payments.status, OPEN_STATUSES)))
      .returning();
  }

  /** The account that issued a payment's invoice, by the payment's tracker (a gateway's callback names it). */
  async findAccountOfTracker(trackerId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ accountId: invoices.accountId }).from(payments).innerJoin(invoices, eq(invoices.id, payments.invoiceId)).where(eq(payments.trackerId, trackerId));
    return row?.accountId;
  }

  async findByTracker(trackerId: string, db: Executor = this.db): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.trackerId, trackerId));
    return row;
  }

  async findById(id: string, db: Executor = this.db): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    return row;
  }

  /** When a job or a re-check last asked the gateway. */
  async touch(id: string): Promise<void> {
    await this.db.update(payments).set({ lastCheckedOn: new Date() }).where(eq(payments.id, id));
  }

  async findApplication(id: string, db: Executor = this.db) {
    const [row] = await db
      .select({ id: applications.id, applicantId: applications.applicantId, programId: applications.programId, programType: applications.programType, applicationNumber: applications.applicationNumber })
      .from(applications)
      .where(eq(applications.id, id));
    return row;
  }

  /** Who to mail about an application's payment. */
  async findApplicantContact(applicationId: string, db: Executor = this.db): Promise<{ userId: string; email: string; name: string } | undefined> {
    const [row] = await db
      .select({ userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(applications)
      .innerJoin(applicants, eq(applicants.id, applications.applicantId))
      .innerJoin(users, eq(users.id, applicants.userId))
      .where(eq(applications.id, applicationId));
    return row ? { userId: row.userId, email: row.email, name: `${row.firstName} ${row.lastName}`.trim() } : undefined;
  }

  async lock(tx: Executor, id: string): Promise<PaymentRow | undefined> {
    const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
    return row;
  }

  async findDetails(by: { id: string } | { trackerId: string }, db: Executor = this.db) {
    const where = 'id' in by ? eq(payments.id, by.id) : eq(payments.trackerId, by.trackerId);
    const [row] = await detailsQuery(db).where(where);
    return row ? toDetails(row) : undefined;
  }

  async findByApplication(applicationId: string) {
    const rows = await detailsQuery(this.db).where(eq(payments.applicationId, applicationId)).orderBy(desc(payments.createdOn), desc(payments.id));
    return rows.map(toDetails);
  }

  /** An invoice's latest payment (link), whatever its status. */
  async findLatestOfInvoice(invoiceId: string, db: Executor = this.db): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(desc(payments.createdOn), desc(payments.id)).limit(1);
    return row;
  }

  /** The latest payment of an invoice that can still be paid. */
  async findOpenOfApplication(applicationId: string, db: Executor = this.db): Promise<PaymentRow | undefined> {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.applicationId, applicationId), inArray(payments.status, OPEN_STATUSES)))
      .orderBy(desc(payments.createdOn))
      .limit(1);
    return row;
  }

  /** The application's latest invoice that is not void. */
  async findLatestInvoice(applicationId: string, db: Executor = this.db): Promise<InvoiceRow | undefined> {
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.applicationId, applicationId), inArray(invoices.status, ['Issued', 'Paid'])))
      .orderBy(desc(invoices.issuedOn), desc(invoices.invoiceNumber))
      .limit(1);
    return row;
  }

  /** The newest invoice of the application still to be paid (a Welder Qualification's revalidation fee). */
  async findOpenInvoice(applicationId: string, db: Executor = this.db): Promise<InvoiceRow | undefined> {
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.applicationId, applicationId), eq(invoices.status, 'Issued')))
      .orderBy(desc(invoices.issuedOn), desc(invoices.invoiceNumber))
      .limit(1);
    return row;
  }

  /** An AICIP renewal's application and the invoice of its renewal modules (null until invoiced). */
  async findRenewalInvoiceRef(renewalId: string, db: Executor = this.db): Promise<{ applicationId: string; invoiceId: string | null } | undefined> {
    const [row] = await db
      .select({ applicationId: renewalApplications.applicationId, invoiceId: renewalApplications.invoiceId })
      .from(renewalApplications)
      .where(eq(renewalApplications.id, renewalId));
    return row;
  }

  /** A re-sit's application and the invoice of its fee. */
  async findResitInvoiceRef(resitId: string, db: Executor = this.db): Promise<{ applicationId: string; invoiceId: string | null } | undefined> {
    const [row] = await db.select({ applicationId: resitModules.applicationId, invoiceId: resitModules.invoiceId }).from(resitModules).where(eq(resitModules.id, resitId));
    return row;
  }

  async lockInvoice(tx: Executor, id: string): Promise<InvoiceRow | undefined> {
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
    return row;
  }

  async findInvoice(id: string, db: Executor = this.db): Promise<InvoiceRow | undefined> {
    const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
    return row;
  }

  async markInvoicePaid(tx: Executor, id: string, paidOn: Date, actorId: string | null): Promise<void> {
    await tx.update(invoices).set({ status: 'Paid', paidOn, modifiedOn: new Date(), modifiedBy: actorId }).where(eq(invoices.id, id));
  }

  /**
   * Records a gateway event. The unique (gateway, eventId) index makes a repeated event fail
   * here, before anything else is written; a parallel duplicate waits for the first to commit
   * and then fails too.
   */
  async insertEvent(tx: Executor, values: typeof paymentEvents.$inferInsert): Promise<PaymentEventRow> {
    const [row] = await tx.insert(paymentEvents).values(values).returning();
    if (!row) throw new Error('payment event not inserted');
    return row;
  }

  async updateEvent(tx: Executor, id: string, values: Pick<typeof paymentEvents.$inferInsert, 'outcome' | 'reason' | 'paymentId'>): Promise<void> {
    await tx.update(paymentEvents).set({ ...values, modifiedOn: new Date() }).where(eq(paymentEvents.id, id));
  }

  async findEvents(paymentId: string) {
    return this.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(paymentEvents.createdOn);
  }

  /**
   * Claims up to `limit` payments for a job, like the mail outbox: the rows are picked with
   * `FOR UPDATE SKIP LOCKED` and `last_checked_on` is pushed forward as a lease in the same
   * statement, so two instances (or two passes) never take the same payment.
   */
  async claim(kind: 'pending' | 'expired', options: { olderThanMinutes: number; leaseSeconds: number; limit: number }): Promise<PaymentRow[]> {
    const now = sql`now()`;
    const leaseFree = sql`(${payments.lastCheckedOn} is null or ${payments.lastCheckedOn} < ${now} - make_interval(secs => ${options.leaseSeconds}))`;
    const due =
      kind === 'pending'
        ? sql`${payments.status} = 'Pending' and ${payments.modifiedOn} < ${now} - make_interval(mins => ${options.olderThanMinutes}) and ${payments.expiresOn} >= ${now}`
        : sql`${payments.status} in ('Requested', 'Pending') and ${payments.expiresOn} < ${now}`;
    const result = await this.db.execute<{ id: string }>(sql`
      update ${payments} set last_checked_on = ${now}
      where ${payments.id} in (
        select ${payments.id} from ${payments}
        where ${due} and ${leaseFree}
        order by ${payments.expiresOn}
        limit ${options.limit}
        for update skip locked
      )
      returning ${payments.id}`);
    const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    if (ids.length === 0) return [];
    return this.db.select().from(payments).where(inArray(payments.id, ids));
  }

  /** The staff's payments report: one row per payment, newest first, with its invoice and application. */
  async findReport(filters: ReportFilters, paged = true) {
    const conditions: SQL[] = [eq(programs.accountId, filters.accountId)];
    // A payment's date is when it was paid, or when its link was opened while unpaid.
    const reportDate = sql<Date>`coalesce(${payments.paidOn}, ${payments.createdOn})`;
    if (filters.from) conditions.push(gte(reportDate, filters.from));
    if (filters.to) conditions.push(lt(reportDate, filters.to));
    if (filters.status) conditions.push(eq(payments.status, filters.status));
    if (filters.gateway) conditions.push(eq(payments.gateway, filters.gateway));
    if (filters.programId) conditions.push(eq(applications.programId, filters.programId));
    const where = conditions.length ? and(...conditions) : undefined;
    const [total] = await this.db
      .select({ n: count() })
      .from(payments)
      .innerJoin(applications, eq(applications.id, payments.applicationId))
      .innerJoin(programs, eq(programs.id, applications.programId))
      .where(where);
    let query = detailsQuery(this.db).where(where).orderBy(desc(reportDate), desc(payments.id)).$dynamic();
    if (paged) query = query.limit(filters.pageSize).offset((filters.page - 1) * filters.pageSize);
    const rows = await query;
    return { totalRows: total?.n ?? 0, rows: rows.map(toDetails) };
  }

  /** The account's programs that have payments, for the report's filter. */
  async findReportPrograms(accountId: string) {
    return this.db
      .selectDistinct({ id: programs.id, programCode: programs.programCode, programTitle: programs.programTitle })
      .from(payments)
      .innerJoin(applications, eq(applications.id, payments.applicationId))
      .innerJoin(programs, eq(programs.id, applications.programId))
      .where(eq(programs.accountId, accountId))
      .orderBy(programs.programCode);
  }

  /** The test gateway's record of a session (see TestGatewayStore): only test-gateway payments. */
  async findTestSession(sessionId: string): Promise<{ trackerId: string; gatewayReference: string } | undefined> {
    const [row] = await this.db
      .select({ trackerId: payments.trackerId, gatewayReference: payments.gatewayReference })
      .from(payments)
      .where(and(eq(payments.gateway, 'test'), or(eq(payments.gatewayReference, sessionId), like(payments.gatewayReference, `${sessionId};%`))));
    return row?.gatewayReference ? { trackerId: row.trackerId, gatewayReference: row.gatewayReference } : undefined;
  }

  /** Records the tester's choice while the session is still open, in one conditional statement. */
  async decideTestSession(sessionId: string, decidedReference: string): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({ gatewayReference: decidedReference })
      .where(and(eq(payments.gateway, 'test'), eq(payments.gatewayReference, sessionId)))
      .returning({ id: payments.id });
    return rows.length > 0;
  }

  /** Payments still waiting past their link (for tests and the expiry job's reports). */
  async countOpenExpired(now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(payments)
      .where(and(inArray(payments.status, OPEN_STATUSES), lte(payments.expiresOn, now)));
    return row?.n ?? 0;
  }

  /**
   * Voids an Issued invoice and closes its open links (a Failed one could be tried again), each with
   * the reason: nothing can be paid on it after. Answers the status it found; only Issued changes.
   */
  async voidIssuedInvoice(tx: Executor, input: { invoiceId: string; reason: string; actorId: string | null }): Promise<'Issued' | 'Paid' | 'Void' | undefined> {
    const [invoice] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, input.invoiceId)).for('update');
    if (!invoice || invoice.status !== 'Issued') return invoice?.status;
    const now = new Date();
    await tx.update(invoices).set({ status: 'Void', modifiedOn: now, modifiedBy: input.actorId }).where(eq(invoices.id, input.invoiceId));
    await tx
      .update(payments)
      .set({ status: 'Expired', failureReason: input.reason, modifiedOn: now, modifiedBy: input.actorId })
      .where(and(eq(payments.invoiceId, input.invoiceId), inArray(payments.status, ['Requested', 'Pending', 'Failed'])));
    return 'Issued';
  }
}
