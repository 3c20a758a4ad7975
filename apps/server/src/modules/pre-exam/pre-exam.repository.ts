import { and, asc, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { INVOICE_SERIES } from '@certs/shared/pre-exam/pre-exam-rules';
import type { Database } from '../../db/client';
import type { Executor } from '../../db/executor';
import { accounts } from '../../db/schema/account';
import { applications } from '../../db/schema/application';
import { applicationModules } from '../../db/schema/application-module';
import { invoiceCounters, invoices } from '../../db/schema/payment';
import { programCertificationSettings, programModules, programWelderQualificationSettings, programs } from '../../db/schema/program';

export type ApplicationModuleRow = typeof applicationModules.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type ProgramModuleRow = typeof programModules.$inferSelect;

export interface PreExamApplication {
  id: string;
  applicationNumber: string;
  applicantId: string;
  programId: string;
  programType: number;
  status: string;
  workflowStage: string | null;
  submittedOn: Date | null;
  preExamCouponCode: string | null;
  programCode: string;
  programTitle: string;
}

export interface InvoiceWithApplication {
  invoice: InvoiceRow;
  applicationNumber: string;
  applicantId: string;
  programId: string;
  programType: number;
  programCode: string;
  programTitle: string;
  /** The issuing account's zone now, for invoices whose snapshot predates keeping it. */
  accountTimeZone?: string;
}

/**
 * An account's invoice counter. The first account keeps the series it numbered with before there
 * were accounts, so its numbers run on unchanged; the key never follows the printed prefix, which
 * its administrators may change without starting the numbers again.
 */
export function invoiceSeriesOf(accountId: string): string {
  return accountId === FIRST_ACCOUNT_ID ? INVOICE_SERIES : `${INVOICE_SERIES}:${accountId}`;
}

/** The pre-exam stage's tables: the candidate's modules, invoices and the invoice number series. */
export class PreExamRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx));
  }

  /** The database outside any transaction, for services that hand an executor on (the coupon quote). */
  get executor(): Executor {
    return this.db;
  }

  async findApplication(id: string, db: Executor = this.db): Promise<PreExamApplication | undefined> {
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
        preExamCouponCode: applications.preExamCouponCode,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
      })
      .from(applications)
      .innerJoin(programs, eq(programs.id, applications.programId))
      .where(eq(applications.id, id));
    return row;
  }

  /** The program's exam modules (renewal modules belong to renewals), in the program's order; inactive ones too, for modules already chosen. */
  async findProgramModules(programId: string, db: Executor = this.db): Promise<ProgramModuleRow[]> {
    return db
      .select()
      .from(programModules)
      .where(and(eq(programModules.programId, programId), eq(programModules.isRenewal, false)))
      .orderBy(asc(programModules.sortOrder), asc(programModules.moduleCode));
  }

  async findApplicationModules(applicationId: string, db: Executor = this.db): Promise<ApplicationModuleRow[]> {
    return db.select().from(applicationModules).where(eq(applicationModules.applicationId, applicationId)).orderBy(asc(applicationModules.order));
  }

  /** Makes the candidate's modules exactly these (a module no longer taken loses its row), with their fees. */
  async replaceApplicationModules(
    tx: Executor,
    applicationId: string,
    rows: { programModuleId: string; isRequired: boolean; feeCents: number; feeBasis: 'member' | 'nonMember'; order: number }[],
    actorId: string,
  ): Promise<void> {
    const keep = rows.map((row) => row.programModuleId);
    await tx
      .delete(applicationModules)
      .where(keep.length ? and(eq(applicationModules.applicationId, applicationId), notInArray(applicationModules.programModuleId, keep)) : eq(applicationModules.applicationId, applicationId));
    for (const row of rows) {
      await tx
        .insert(applicationModules)
        .values({ applicationId, ...row, createdBy: actorId, modifiedBy: actorId })
        .onConflictDoUpdate({
          target: [applicationModules.applicationId, applicationModules.programModuleId],
          set: { isRequired: row.isRequired, feeCents: row.feeCents, feeBasis: row.feeBasis, order: row.order, modifiedOn: new Date(), modifiedBy: actorId },
        });
    }
  }

  /** The Certification settings' fees (kind initial): what a Certification pre-exam invoices. */
  /** The one fee of a type without modules: the certification fee, or the welder qualification test fee (program type 3). */
  async findProgramFees(programId: string, programType: number, db: Executor = this.db): Promise<{ memberFeeCents: number; nonMemberFeeCents: number } | undefined> {
    if (programType !== 3) return this.findCertificationFees(programId, db);
    const [row] = await db
      .select({ memberFeeCents: programWelderQualificationSettings.memberFeeCents, nonMemberFeeCents: programWelderQualificationSettings.nonmemberFeeCents })
      .from(programWelderQualificationSettings)
      .where(eq(programWelderQualificationSettings.programId, programId));
    return row;
  }

  async findCertificationFees(programId: string, db: Executor = this.db): Promise<{ memberFeeCents: number; nonMemberFeeCents: number } | undefined> {
    const [row] = await db
      .select({ memberFeeCents: programCertificationSettings.memberFeeCents, nonMemberFeeCents: programCertificationSettings.nonmemberFeeCents })
      .from(programCertificationSettings)
      .where(and(eq(programCertificationSettings.programId, programId), eq(programCertificationSettings.kind, 'initial')));
    return row;
  }

  /**
   * The account's next invoice number, in the caller's transaction. The counter row stays locked
   * until the transaction ends, so concurrent issuers queue behind it; a rolled-back transaction
   * leaves the counter as it was, so the next invoice takes the same number and the series has no
   * gaps. Each account has its own series, which starts at 1.
   */
  async nextInvoiceNumber(tx: Executor, accountId: string): Promise<number> {
    const [row] = await tx
      .insert(invoiceCounters)
      .values({ series: invoiceSeriesOf(accountId), lastNumber: 1 })
      .onConflictDoUpdate({ target: invoiceCounters.series, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
      .returning({ n: invoiceCounters.lastNumber });
    if (!row) throw new Error('no invoice number');
    return row.n;
  }

  async insertInvoice(tx: Executor, values: typeof invoices.$inferInsert): Promise<InvoiceRow> {
    const [row] = await tx.insert(invoices).values(values).returning();
    if (!row) throw new Error('invoice not inserted');
    return row;
  }

  /** The application's invoice that stands (not void), if one was issued. */
  async findCurrentInvoice(applicationId: string, db: Executor = this.db): Promise<InvoiceRow | undefined> {
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.applicationId, applicationId), ne(invoices.status, 'Void')))
      .orderBy(desc(invoices.issuedOn))
      .limit(1);
    return row;
  }

  private selectInvoices(db: Executor) {
    return db
      .select({
        invoice: invoices,
        applicationNumber: applications.applicationNumber,
        applicantId: applications.applicantId,
        programId: applications.programId,
        programType: applications.programType,
        programCode: programs.programCode,
        programTitle: programs.programTitle,
        accountTimeZone: accounts.timeZone,
      })
      .from(invoices)
      .innerJoin(applications, eq(applications.id, invoices.applicationId))
      .innerJoin(programs, eq(programs.id, applications.programId))
      .innerJoin(accounts, eq(accounts.id, invoices.accountId));
  }

  async findInvoicesOfApplication(applicationId: string, db: Executor = this.db): Promise<InvoiceWithApplication[]> {
    return this.selectInvoices(db).where(eq(invoices.applicationId, applicationId)).orderBy(desc(invoices.issuedOn), desc(invoices.invoiceNumber));
  }

  async findInvoice(id: string, db: Executor = this.db): Promise<InvoiceWithApplication | undefined> {
    const [row] = await this.selectInvoices(db).where(eq(invoices.id, id));
    return row;
  }
}
