import { randomUUID } from 'node:crypto';
import type { Applicant } from '@certs/shared/applicant/applicant.contract';
import { STAGE_MESSAGES } from '@certs/shared/application/application-stage.contract';
import { APPLICATION_TYPES, type ApplicationTypePath } from '@certs/shared/application/application-status';
import type { WorkflowStage } from '@certs/shared/application/application-workflow';
import { taxIdentifiersOf } from '@certs/shared/account/account.contract';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { formatDateTimeWithZone } from '@certs/shared/common/dates';
import {
  PRE_EXAM_MESSAGES,
  PRE_EXAM_TYPES,
  selectionErrors,
  taxIdentifiersText,
  type Invoice,
  type InvoiceIssuer,
  type PreExamLine,
  type PreExamModule,
  type PreExamModuleList,
  type PreExamSubmitResponse,
  type PreExamType,
  type PreExamUpdateRequest,
  type PreExamView,
} from '@certs/shared/pre-exam/pre-exam.contract';
import {
  FEE_BASIS_LABELS,
  feeBasisOf,
  feeLinesOf,
  feeOf,
  formatGstRate,
  formatInvoiceNumber,
  formatMoney,
  invoiceTotalsOf,
  todayInSydney,
  type FeeBasis,
  type InvoiceTotals,
  type ModuleChoice,
} from '@certs/shared/pre-exam/pre-exam-rules';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import type { InvoiceIssuer as InvoiceIssuerColumn, InvoiceLine as InvoiceLineColumn, invoices } from '../../db/schema/payment';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { MailService, OutgoingMail } from '../../platform/mail/mail.service';
import { accountZone } from '../account/account-time-zone';
import type { AccountIdentity } from '../account/account.service';
import type { ApplicantService } from '../applicant/applicant.service';
import { moveApplication, type ApplicationMove } from '../application/application-move';
import { canManageApplications, canSeeApplications, type ProgramStanding } from '../application/application-workflow.policy';
import type { ProgramService } from '../program/program.service';
import { renderInvoicePdf } from './invoice-pdf';
import type { InvoiceWithApplication, PreExamApplication, PreExamRepository, ProgramModuleRow } from './pre-exam.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The application module's lock and move (`moveApplication` and the repository it is given). */
export type WorkflowRepository = Parameters<typeof moveApplication>[1];
type LockedApplication = ApplicationMove['locked'];

/** Opens the payment link of an issued invoice, in the invoice's transaction (the payment module's service). */
export interface PaymentRequests {
  openPaymentRequest(
    tx: Executor,
    input: { invoiceId: string; applicationId: string; amountCents: number; currency: string; actorId: string | null },
  ): Promise<{ trackerId: string; paymentUrl: string; expiresOn: Date }>;
}

export interface CouponQuoteInput {
  code: string;
  programId: string;
  programType: number;
  applicantId: string;
  subtotalCents: number;
  at?: Date;
}
export interface CouponQuote {
  couponId: string;
  code: string;
  discountCents: number;
  description: string;
}

/** Prices and redeems discount codes (the coupon module's service); both refuse with AppError BAD_REQUEST at `couponCode`. */
export interface CouponPricing {
  quote(db: Executor, input: CouponQuoteInput): Promise<CouponQuote>;
  redeem(tx: Executor, input: CouponQuoteInput & { applicationId: string; invoiceId: string; actorId: string }): Promise<CouponQuote>;
}

/**
 * The body that issues a program's invoices: the account owning the program (the account module's
 * service). Its name, tax identifiers, GST rate, currency and invoice prefix go on the invoice.
 */
export interface InvoiceIssuers {
  identityOfProgram(programId: string): Promise<AccountIdentity>;
  /** The body's logo for the PDF (its current one: the logo is no part of the tax snapshot). */
  logoOf?(logoAttachmentId: string | null): Promise<{ bytes: Uint8Array; contentType: string } | null>;
}

/** What a company that agreed to pay an application puts on its invoice (issue 42): the employer-billing module's record. */
export interface CompanyBilling {
  companyId: string;
  companyName: string;
  businessNumberKind: 'ABN' | 'NZBN' | null;
  businessNumber: string | null;
  address: string;
  purchaseOrderNumber: string;
  contactName: string;
  contactEmail: string;
}

/** Whether a company pays an application (read before the invoice's transaction: another module's read). */
export interface InvoiceSponsors {
  companyBillingOf(applicationId: string): Promise<CompanyBilling | null>;
}

export interface PreExamOptions {
  publicUrl: string;
}

export interface PreExamDeps {
  repository: PreExamRepository;
  workflow: WorkflowRepository;
  programs: Pick<ProgramService, 'programPrivilege'>;
  applicants: Pick<ApplicantService, 'findForAuthorisedRecord'>;
  coupons: CouponPricing;
  payments: PaymentRequests;
  accounts: InvoiceIssuers;
  mail: MailService;
  /** Companies paying for their people's applications (issue 42); without it every invoice is the applicant's. */
  sponsors?: InvoiceSponsors;
}

interface Loaded {
  type: PreExamType;
  application: PreExamApplication;
  standing: ProgramStanding;
  applicationType: ApplicationTypePath;
  hasModules: boolean;
}

interface Priced {
  feeBasis: FeeBasis;
  modules: PreExamModule[];
  lines: PreExamLine[];
  isSelectionSaved: boolean;
}

type Selection = z.output<typeof PreExamUpdateRequest>;
export type InvoiceBilledTo = (typeof invoices.$inferInsert)['billedTo'];

const addressOf = (address: Applicant['homeAddress']) =>
  [[address.streetNumber, address.streetName].filter(Boolean).join(' '), [address.city, address.state, address.postalCode].filter(Boolean).join(' '), address.country].filter(Boolean).join(', ');

/** Who an invoice is billed to: the member number only when member fees were charged. */
export function billedToOf(applicant: Applicant, feeBasis: FeeBasis): InvoiceBilledTo {
  return {
    name: `${applicant.firstName} ${applicant.lastName}`.trim(),
    email: applicant.primaryEmail || applicant.email,
    address: addressOf(applicant.homeAddress) || addressOf(applicant.workAddress),
    memberNumber: feeBasis === 'member' ? applicant.memberNumber : '',
  };
}

/**
 * An invoice the company agreed to pay: billed to the company (its name, billing contact's email,
 * address, ABN or NZBN and purchase order), the person named as the candidate with their member
 * number when member fees were charged.
 */
export function companyBilledToOf(company: CompanyBilling, applicant: Applicant, feeBasis: FeeBasis): InvoiceBilledTo {
  const person = billedToOf(applicant, feeBasis);
  return {
    name: company.companyName,
    email: company.contactEmail,
    address: company.address,
    memberNumber: '',
    company: {
      companyId: company.companyId,
      businessNumberKind: company.businessNumberKind,
      businessNumber: company.businessNumber,
      purchaseOrderNumber: company.purchaseOrderNumber,
      contactName: company.contactName,
      candidateName: person.name,
      candidateMemberNumber: person.memberNumber,
    },
  };
}

/** The issuer snapshot an invoice stores: the account as it stands on the day of issue. */
export function issuerSnapshotOf(account: AccountIdentity): InvoiceIssuerColumn {
  return {
    name: account.name,
    abn: account.abn,
    address: account.address,
    email: account.contactEmail,
    accountId: account.id,
    country: account.country,
    nzbn: account.nzbn,
    gstNumber: account.gstNumber,
    invoicePrefix: account.invoicePrefix,
    timeZone: account.timeZone,
  };
}

/** The zone an invoice's dates are printed in: its issuer's as issued (the account's now, for an older snapshot). */
export function invoiceZoneOf(row: Pick<InvoiceWithApplication, 'invoice' | 'accountTimeZone'>): string {
  return accountZone(row.invoice.issuer.timeZone ?? row.accountTimeZone);
}

/** A stored issuer as the API shows it; a snapshot from before accounts is an Australian body's. */
export function invoiceIssuerOf(stored: InvoiceIssuerColumn): InvoiceIssuer {
  const issuer = { name: stored.name, country: stored.country ?? 'AU', abn: stored.abn, nzbn: stored.nzbn ?? '', gstNumber: stored.gstNumber ?? '', address: stored.address, email: stored.email };
  return { ...issuer, taxIdentifiers: taxIdentifiersOf(issuer) };
}

function toInvoice(row: InvoiceWithApplication): Invoice {
  const { invoice } = row;
  return {
    id: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    invoiceNumberText: formatInvoiceNumber(invoice.invoiceNumber, invoice.issuer.invoicePrefix),
    applicationId: invoice.applicationId,
    applicationNumber: row.applicationNumber,
    programCode: row.programCode,
    programTitle: row.programTitle,
    issuedOn: invoice.issuedOn.toISOString(),
    issuer: invoiceIssuerOf(invoice.issuer),
    billedTo: { ...invoice.billedTo, company: invoice.billedTo.company ?? null },
    lines: invoice.lines.map((line) => ({ ...line, applicationModuleId: line.applicationModuleId || null })),
    subtotalCents: invoice.subtotalCents,
    discountCents: invoice.discountCents,
    couponCode: invoice.couponCode,
    gstRateBasisPoints: invoice.gstRateBasisPoints,
    gstCents: invoice.gstCents,
    totalCents: invoice.totalCents,
    currency: invoice.currency,
    status: invoice.status,
    paidOn: invoice.paidOn?.toISOString() ?? null,
  };
}

/**
 * The pre-exam stage (spec section 4: "Pre-exam save and submit; submit sends the invoice"):
 * staff choose the candidate's modules, the server prices them (member or non-member fees, a
 * discount code, GST contained), and submitting issues a numbered tax invoice, moves the
 * application into examinations, opens the payment link and mails the applicant, all in one
 * transaction on the locked application row.
 */
export class PreExamService {
  constructor(
    private readonly deps: PreExamDeps,
    private readonly options: PreExamOptions,
  ) {}

  async findView(actor: CurrentUser, type: PreExamType, id: string): Promise<PreExamView> {
    return this.viewOf(await this.load(actor, type, id), actor);
  }

  /** `/required` (chosen as required) and `/nonrequired` (the others: optional or not taken). */
  async findModules(actor: CurrentUser, type: PreExamType, id: string, which: 'required' | 'nonrequired'): Promise<PreExamModuleList> {
    const view = await this.viewOf(await this.load(actor, type, id), actor);
    return {
      feeBasis: view.feeBasis,
      isSelectionSaved: view.isSelectionSaved,
      modules: view.modules.filter((m) => (which === 'required' ? m.choice === 'required' : m.choice !== 'required')),
    };
  }

  /** `preexam/update`: saves the selection and the discount code while the stage is open; a code that cannot be used is refused at its field. */
  async update(actor: CurrentUser, type: PreExamType, id: string, input: Selection): Promise<PreExamView> {
    const loaded = await this.loadForManaging(actor, type, id);
    // Read before the transaction: another module's reads run outside it (one connection on PGlite).
    const applicant = await this.applicantFor(loaded.application);
    await this.deps.repository.transaction(async (tx) => {
      await this.lockOpen(tx, loaded);
      await this.saveSelection(tx, loaded, applicant, input, actor.id);
    });
    return this.viewOf(await this.load(actor, type, id), actor);
  }

  /**
   * `preexam/submit`: in one transaction on the locked application, saves the selection when one
   * is sent, prices it on the server, redeems the discount code, takes the next invoice number,
   * writes the invoice, moves the application (Examinations Stage, preExamination Completed, then
   * Payment Stage Requested), opens the payment link and mails the applicant. Any failure rolls
   * all of it back, the invoice number included.
   */
  async submit(actor: CurrentUser, type: PreExamType, id: string, input: Selection | undefined): Promise<PreExamSubmitResponse> {
    const loaded = await this.loadForManaging(actor, type, id);
    const issuer = await this.invoiceIssuerOf(loaded.application.programId);
    const applicant = await this.deps.applicants.findForAuthorisedRecord(loaded.application.applicantId, undefined, issuer.id);
    const company = (await this.deps.sponsors?.companyBillingOf(loaded.application.id)) ?? null;
    const payment = await this.deps.repository.transaction(async (tx) => {
      const locked = await this.lockOpen(tx, loaded);
      if (input) await this.saveSelection(tx, loaded, applicant, input, actor.id);
      const application = (await this.deps.repository.findApplication(loaded.application.id, tx)) ?? loaded.application;
      const current = { ...loaded, application };
      const priced = await this.price(current, tx, applicant);
      if (loaded.hasModules) {
        const errors = selectionErrors(
          priced.modules.map((m) => ({ programModuleId: m.programModuleId, choice: m.choice })),
          true,
        );
        if (errors.modules || !priced.isSelectionSaved) throw new AppError('BAD_REQUEST', errors.modules ?? PRE_EXAM_MESSAGES.chooseModule, { modules: errors.modules ?? PRE_EXAM_MESSAGES.chooseModule });
        // The fees charged are the ones of this moment, on the candidate's rows as on the invoice.
        await this.deps.repository.replaceApplicationModules(tx, application.id, this.moduleRows(priced), actor.id);
      }
      const subtotalCents = priced.lines.reduce((sum, line) => sum + line.amountCents, 0);
      const couponInput = application.preExamCouponCode
        ? { code: application.preExamCouponCode, programId: application.programId, programType: application.programType, applicantId: application.applicantId, subtotalCents }
        : null;
      const quote = couponInput ? await this.deps.coupons.quote(tx, couponInput) : null;
      const totals = invoiceTotalsOf(priced.lines, quote?.discountCents ?? 0, issuer.gstRateBasisPoints);

      const chosen = await this.deps.repository.findApplicationModules(application.id, tx);
      const { invoiceId, invoiceNumberText: numberText } = await this.writeInvoice(tx, {
        issuer,
        applicationId: application.id,
        billedTo: company ? companyBilledToOf(company, applicant, priced.feeBasis) : billedToOf(applicant, priced.feeBasis),
        lines: priced.lines.map(
          (line): InvoiceLineColumn => ({
            applicationModuleId: chosen.find((row) => row.programModuleId === line.programModuleId)?.id ?? '',
            moduleCode: line.moduleCode,
            moduleTitle: line.moduleTitle,
            feeBasis: line.feeBasis,
            isRequired: line.isRequired,
            amountCents: line.amountCents,
          }),
        ),
        totals,
        couponCode: quote?.code ?? null,
        actorId: actor.id,
      });
      if (couponInput && quote) {
        // Under the code's own lock: a usage limit or a second use by this applicant refuses here and undoes the invoice.
        const redeemed = await this.deps.coupons.redeem(tx, { ...couponInput, applicationId: application.id, invoiceId, actorId: actor.id });
        if (redeemed.discountCents !== quote.discountCents) throw new AppError('CONFLICT', STAGE_MESSAGES.moved);
      }

      const started = await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath: loaded.applicationType,
        action: 'startExaminations',
        toStage: 'preExamination Completed',
        what: 'invoiced',
        note: loaded.hasModules ? `Modules chosen: ${priced.lines.map((line) => line.moduleCode).join(', ')}` : `${application.programType === 3 ? 'Welder qualification test' : 'Certification'} fee: ${application.programCode}`,
        actorId: actor.id,
      });
      await moveApplication(tx, this.deps.workflow, {
        locked: { ...locked, status: started.status, workflowStage: started.stage },
        typePath: loaded.applicationType,
        toStage: 'Payment Stage Requested' satisfies WorkflowStage,
        what: 'invoiced',
        note: `Invoice ${numberText} issued: ${formatMoney(totals.totalCents, issuer.currency)} incl. GST ${formatMoney(totals.gstCents, issuer.currency)}`,
        actorId: actor.id,
      });
      const opened = await this.deps.payments.openPaymentRequest(tx, { invoiceId, applicationId: application.id, amountCents: totals.totalCents, currency: issuer.currency, actorId: actor.id });
      const issued = { numberText, lines: priced.lines, totals, couponCode: quote?.code ?? null, paymentUrl: opened.paymentUrl, expiresOn: opened.expiresOn };
      if (company) {
        // The company pays: its billing contact gets the invoice, the person learns it went to the company.
        for (const mail of this.companyInvoiceMails(application, loaded.applicationType, applicant, issuer, company, issued)) await this.deps.mail.send(mail, tx);
      } else {
        await this.deps.mail.send(this.invoiceMail(application, loaded.applicationType, applicant, issuer, issued), tx);
      }
      return opened;
    });
    const view = await this.viewOf(await this.load(actor, type, id), actor);
    return { ...view, payment: { trackerId: payment.trackerId, paymentUrl: payment.paymentUrl, expiresOn: payment.expiresOn.toISOString() } };
  }

  /** The application's invoices: staff who can see the application, or the applicant who owns it. */
  async findInvoices(actor: CurrentUser, applicationId: string): Promise<Invoice[]> {
    const application = UUID.test(applicationId) ? await this.deps.repository.findApplication(applicationId) : undefined;
    await this.assertCanReadInvoicesOf(actor, application);
    return (await this.deps.repository.findInvoicesOfApplication(applicationId)).map(toInvoice);
  }

  async findInvoice(actor: CurrentUser, id: string): Promise<Invoice> {
    return toInvoice(await this.readableInvoice(actor, id));
  }

  /** The tax invoice as a PDF, with its file name (INV-000001.pdf); its dates are the issuing body's days. */
  async renderPdf(actor: CurrentUser, id: string): Promise<{ fileName: string; bytes: Uint8Array }> {
    const row = await this.readableInvoice(actor, id);
    const invoice = toInvoice(row);
    const logo = this.deps.accounts.logoOf ? await this.deps.accounts.logoOf((await this.deps.accounts.identityOfProgram(row.programId)).logoAttachmentId) : null;
    return { fileName: `${invoice.invoiceNumberText}.pdf`, bytes: await renderInvoicePdf(invoice, invoiceZoneOf(row), logo) };
  }

  /**
   * A company's tax invoice as a PDF (issue 42): only an invoice issued to that company; any other
   * (the person's own, another company's) is not found.
   */
  async renderCompanyPdf(companyId: string, id: string): Promise<{ fileName: string; bytes: Uint8Array }> {
    const row = UUID.test(id) ? await this.deps.repository.findInvoice(id) : undefined;
    if (!row || row.invoice.billedTo.company?.companyId !== companyId) throw new AppError('NOT_FOUND', PRE_EXAM_MESSAGES.invoiceNotFound);
    const invoice = toInvoice(row);
    const logo = this.deps.accounts.logoOf ? await this.deps.accounts.logoOf((await this.deps.accounts.identityOfProgram(row.programId)).logoAttachmentId) : null;
    return { fileName: `${invoice.invoiceNumberText}.pdf`, bytes: await renderInvoicePdf(invoice, invoiceZoneOf(row), logo) };
  }

  private async readableInvoice(actor: CurrentUser, id: string): Promise<InvoiceWithApplication> {
    const row = UUID.test(id) ? await this.deps.repository.findInvoice(id) : undefined;
    if (!row) throw new AppError('NOT_FOUND', PRE_EXAM_MESSAGES.invoiceNotFound);
    const application = await this.deps.repository.findApplication(row.invoice.applicationId);
    await this.assertCanReadInvoicesOf(actor, application, PRE_EXAM_MESSAGES.invoiceNotFound);
    return row;
  }

  // ---- Issuing ------------------------------------------------------------------------------

  /**
   * Takes the issuing account's next invoice number and writes the invoice, in the caller's
   * transaction (a rollback gives the number back).
   */
  private async writeInvoice(
    tx: Executor,
    input: { issuer: AccountIdentity; applicationId: string; billedTo: InvoiceBilledTo; lines: InvoiceLineColumn[]; totals: InvoiceTotals; couponCode: string | null; actorId: string },
  ): Promise<{ invoiceId: string; invoiceNumberText: string }> {
    const { issuer } = input;
    const invoiceNumber = await this.deps.repository.nextInvoiceNumber(tx, issuer.id);
    const invoiceId = randomUUID();
    await this.deps.repository.insertInvoice(tx, {
      id: invoiceId,
      accountId: issuer.id,
      invoiceNumber,
      applicationId: input.applicationId,
      issuedOn: new Date(),
      issuer: issuerSnapshotOf(issuer),
      billedTo: input.billedTo,
      lines: input.lines,
      subtotalCents: input.totals.subtotalCents,
      discountCents: input.totals.discountCents,
      couponCode: input.couponCode,
      gstRateBasisPoints: issuer.gstRateBasisPoints,
      gstCents: input.totals.gstCents,
      totalCents: input.totals.totalCents,
      currency: issuer.currency,
      status: 'Issued',
      createdBy: input.actorId,
      modifiedBy: input.actorId,
    });
    return { invoiceId, invoiceNumberText: formatInvoiceNumber(invoiceNumber, issuer.invoicePrefix) };
  }

  /**
   * The body that issues the program's invoices (the account owning it): its name, tax
   * identifiers, GST rate, currency and number series. Read it before the caller's transaction
   * (another module's read), and hand it to `issueInvoice`.
   */
  async invoiceIssuerOf(programId: string): Promise<AccountIdentity> {
    return this.deps.accounts.identityOfProgram(programId);
  }

  /**
   * The applicant with their membership of the program's account: member fees are the body's own
   * (a member of another body pays this one's non-member fees).
   */
  private async applicantFor(application: { applicantId: string; programId: string }): Promise<Applicant> {
    const { id: accountId } = await this.invoiceIssuerOf(application.programId);
    return this.deps.applicants.findForAuthorisedRecord(application.applicantId, undefined, accountId);
  }

  /** Who to bill for the program and on which fee basis today (its account's membership); read it before the caller's transaction (another module's read). */
  async billingOf(applicantId: string, programId: string): Promise<{ billedTo: InvoiceBilledTo; feeBasis: FeeBasis }> {
    const applicant = await this.applicantFor({ applicantId, programId });
    const feeBasis = feeBasisOf(applicant, todayInSydney());
    return { feeBasis, billedTo: billedToOf(applicant, feeBasis) };
  }

  /**
   * A further invoice of an application after its pre-exam stage (an AICIP renewal's modules and
   * late fee, decision 023): the same numbering, GST and payment link, issued by the account the
   * caller read with `invoiceIssuerOf` before its transaction, in the caller's transaction; the
   * caller has locked the application and records the move and the mail. A discount code (a
   * re-sit's, decision 024) is priced and redeemed as at the pre-exam stage.
   */
  async issueInvoice(
    tx: Executor,
    input: { issuer: AccountIdentity; applicationId: string; billedTo: InvoiceBilledTo; lines: InvoiceLineColumn[]; actorId: string; coupon?: Omit<CouponQuoteInput, 'subtotalCents'> },
  ): Promise<{ invoiceId: string; invoiceNumberText: string; currency: string; totals: InvoiceTotals; payment: { trackerId: string; paymentUrl: string; expiresOn: Date } }> {
    const couponInput = input.coupon ? { ...input.coupon, subtotalCents: input.lines.reduce((sum, line) => sum + line.amountCents, 0) } : null;
    const quote = couponInput ? await this.deps.coupons.quote(tx, couponInput) : null;
    const totals = invoiceTotalsOf(input.lines, quote?.discountCents ?? 0, input.issuer.gstRateBasisPoints);
    const { invoiceId, invoiceNumberText } = await this.writeInvoice(tx, { ...input, totals, couponCode: quote?.code ?? null });
    if (couponInput && quote) await this.deps.coupons.redeem(tx, { ...couponInput, applicationId: input.applicationId, invoiceId, actorId: input.actorId });
    const payment = await this.deps.payments.openPaymentRequest(tx, { invoiceId, applicationId: input.applicationId, amountCents: totals.totalCents, currency: input.issuer.currency, actorId: input.actorId });
    return { invoiceId, invoiceNumberText, currency: input.issuer.currency, totals, payment };
  }

  // ---- Loading and authorisation ------------------------------------------------------------

  private async load(actor: CurrentUser, type: PreExamType, id: string): Promise<Loaded> {
    const applicationType = PRE_EXAM_TYPES[type].applicationType;
    const application = UUID.test(id) ? await this.deps.repository.findApplication(id) : undefined;
    if (!application || application.programType !== APPLICATION_TYPES[applicationType].programType || !application.submittedOn) {
      throw new AppError('NOT_FOUND', PRE_EXAM_MESSAGES.notFound);
    }
    const standing = await this.deps.programs.programPrivilege(actor, application.programId);
    if (!canSeeApplications(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return { type, application, standing, applicationType, hasModules: PRE_EXAM_TYPES[type].hasModules };
  }

  private async loadForManaging(actor: CurrentUser, type: PreExamType, id: string): Promise<Loaded> {
    const loaded = await this.load(actor, type, id);
    if (!canManageApplications(actor, loaded.standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return loaded;
  }

  /** An applicant reads only their own (another's answers as missing); staff need a standing in the program. */
  private async assertCanReadInvoicesOf(actor: CurrentUser, application: PreExamApplication | undefined, notFound: string = PRE_EXAM_MESSAGES.notFound): Promise<void> {
    if (!application) throw new AppError('NOT_FOUND', notFound);
    if (actor.userType === 'applicant') {
      if (!actor.applicantId || actor.applicantId !== application.applicantId) throw new AppError('NOT_FOUND', notFound);
      return;
    }
    const standing = await this.deps.programs.programPrivilege(actor, application.programId);
    if (!canSeeApplications(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  }

  /** Locks the application and refuses unless the stage is open: Assessment Completed and no invoice yet. */
  private async lockOpen(tx: Executor, loaded: Loaded): Promise<LockedApplication> {
    const locked = await this.deps.workflow.lock(tx, loaded.application.id);
    if (!locked) throw new AppError('NOT_FOUND', PRE_EXAM_MESSAGES.notFound);
    if (await this.deps.repository.findCurrentInvoice(locked.id, tx)) throw new AppError('CONFLICT', PRE_EXAM_MESSAGES.invoiceIssued);
    if (locked.status !== 'Assessment Completed') throw new AppError('CONFLICT', PRE_EXAM_MESSAGES.notOpen(locked.status));
    return locked;
  }

  // ---- Selection and pricing ----------------------------------------------------------------

  private async saveSelection(tx: Executor, loaded: Loaded, applicant: Applicant, input: Selection, actorId: string): Promise<void> {
    const errors = selectionErrors(input.modules, loaded.hasModules);
    if (errors.modules) throw new AppError('BAD_REQUEST', errors.modules, errors);
    const { application } = loaded;
    const feeBasis = feeBasisOf(applicant, todayInSydney());
    if (loaded.hasModules) {
      const programModules = await this.deps.repository.findProgramModules(application.programId, tx);
      const chosen = await this.deps.repository.findApplicationModules(application.id, tx);
      const byId = new Map(programModules.map((m) => [m.id, m]));
      // An inactive module can be kept where it was already chosen, never newly chosen.
      const selectable = (id: string) => {
        const module = byId.get(id);
        return !!module && (!module.isInactive || chosen.some((row) => row.programModuleId === id));
      };
      if (input.modules.some((m) => !selectable(m.programModuleId))) throw new AppError('BAD_REQUEST', PRE_EXAM_MESSAGES.unknownModule, { modules: PRE_EXAM_MESSAGES.unknownModule });
      const choiceOf = new Map(input.modules.map((m) => [m.programModuleId, m.choice]));
      const rows = programModules
        .filter((m) => (choiceOf.get(m.id) ?? 'notTaken') !== 'notTaken')
        .map((m, index) => ({ programModuleId: m.id, isRequired: choiceOf.get(m.id) === 'required', feeCents: feeOf(this.feesOf(m), feeBasis), feeBasis, order: index + 1 }));
      await this.deps.repository.replaceApplicationModules(tx, application.id, rows, actorId);
    }
    if (input.couponCode) {
      const priced = await this.price({ ...loaded }, tx, applicant);
      await this.deps.coupons.quote(tx, {
        code: input.couponCode,
        programId: application.programId,
        programType: application.programType,
        applicantId: application.applicantId,
        subtotalCents: priced.lines.reduce((sum, line) => sum + line.amountCents, 0),
      });
    }
    await this.deps.workflow.update(tx, application.id, { preExamCouponCode: input.couponCode, modifiedBy: actorId });
  }

  private feesOf(module: ProgramModuleRow) {
    return { memberFeeCents: module.memberFeeCents, nonMemberFeeCents: module.nonMemberFeeCents };
  }

  private moduleRows(priced: Priced) {
    return priced.modules
      .filter((m) => m.choice !== 'notTaken')
      .map((m, index) => ({ programModuleId: m.programModuleId, isRequired: m.choice === 'required', feeCents: m.feeCents, feeBasis: priced.feeBasis, order: index + 1 }));
  }

  /**
   * The modules with their choice and fee for the candidate's fee basis today, and the lines they
   * make. Until a selection is saved every active module is proposed as required. A Certification
   * has one line: the program's certification fee.
   */
  private async price(loaded: Loaded, db: Executor, applicant: Applicant): Promise<Priced> {
    const { application } = loaded;
    const feeBasis = feeBasisOf(applicant, todayInSydney());
    if (!loaded.hasModules) {
      const fees = await this.deps.repository.findProgramFees(application.programId, application.programType, db);
      if (!fees) throw new AppError('CONFLICT', PRE_EXAM_MESSAGES.noCertificationFee);
      const what = application.programType === 3 ? 'Welder qualification test' : 'Certification';
      const line = { programModuleId: null, moduleCode: application.programCode, moduleTitle: `${what}: ${application.programTitle}`, feeBasis, isRequired: true, amountCents: feeOf(fees, feeBasis) };
      return { feeBasis, modules: [], lines: [line], isSelectionSaved: true };
    }
    const [programModules, chosen] = await Promise.all([this.deps.repository.findProgramModules(application.programId, db), this.deps.repository.findApplicationModules(application.id, db)]);
    const isSelectionSaved = chosen.length > 0;
    const modules: PreExamModule[] = programModules
      .filter((m) => !m.isInactive || chosen.some((row) => row.programModuleId === m.id))
      .map((m, index) => {
        const row = chosen.find((c) => c.programModuleId === m.id);
        const choice: ModuleChoice = row ? (row.isRequired ? 'required' : 'optional') : isSelectionSaved ? 'notTaken' : 'required';
        return {
          programModuleId: m.id,
          moduleCode: m.moduleCode,
          moduleTitle: m.moduleTitle,
          examinationType: m.examinationType,
          memberFeeCents: m.memberFeeCents,
          nonMemberFeeCents: m.nonMemberFeeCents,
          feeCents: feeOf(this.feesOf(m), feeBasis),
          choice,
          order: index + 1,
        };
      });
    return { feeBasis, modules, lines: feeLinesOf(modules, feeBasis), isSelectionSaved };
  }

  private async viewOf(loaded: Loaded, actor: CurrentUser): Promise<PreExamView> {
    const { application } = loaded;
    // The invoice to come is priced at the GST rate and in the currency of the program's account.
    const issuer = await this.invoiceIssuerOf(application.programId);
    const base = {
      applicationId: application.id,
      applicationNumber: application.applicationNumber,
      preExamType: loaded.type,
      programId: application.programId,
      applicantId: application.applicantId,
      status: application.status as PreExamView['status'],
      hasModules: loaded.hasModules,
      currency: issuer.currency,
    };
    const invoiceRow = await this.deps.repository.findCurrentInvoice(application.id);
    if (invoiceRow) {
      const invoice = toInvoice({ invoice: invoiceRow, applicationNumber: application.applicationNumber, applicantId: application.applicantId, programId: application.programId, programType: application.programType, programCode: application.programCode, programTitle: application.programTitle });
      const chosen = await this.deps.repository.findApplicationModules(application.id);
      const programModules = loaded.hasModules ? await this.deps.repository.findProgramModules(application.programId) : [];
      const feeBasis = invoice.lines[0]?.feeBasis ?? 'nonMember';
      const modules = programModules
        .filter((m) => !m.isInactive || chosen.some((row) => row.programModuleId === m.id))
        .map((m, index): PreExamModule => {
          const row = chosen.find((c) => c.programModuleId === m.id);
          return {
            programModuleId: m.id,
            moduleCode: m.moduleCode,
            moduleTitle: m.moduleTitle,
            examinationType: m.examinationType,
            memberFeeCents: m.memberFeeCents,
            nonMemberFeeCents: m.nonMemberFeeCents,
            feeCents: row?.feeCents ?? feeOf(this.feesOf(m), feeBasis),
            choice: row ? (row.isRequired ? 'required' : 'optional') : 'notTaken',
            order: index + 1,
          };
        });
      return {
        ...base,
        currency: invoice.currency,
        feeBasis,
        isSelectionSaved: true,
        modules,
        lines: invoice.lines.map((line) => ({
          programModuleId: chosen.find((row) => row.id === line.applicationModuleId)?.programModuleId ?? null,
          moduleCode: line.moduleCode,
          moduleTitle: line.moduleTitle,
          feeBasis: line.feeBasis,
          isRequired: line.isRequired,
          amountCents: line.amountCents,
        })),
        subtotalCents: invoice.subtotalCents,
        couponCode: invoice.couponCode,
        discountCents: invoice.discountCents,
        discountDescription: invoice.couponCode ? `Discount code ${invoice.couponCode}` : null,
        couponError: null,
        gstRateBasisPoints: invoice.gstRateBasisPoints,
        gstCents: invoice.gstCents,
        totalCents: invoice.totalCents,
        canEdit: false,
        invoice,
      };
    }

    const canEdit = application.status === 'Assessment Completed' && canManageApplications(actor, loaded.standing);
    let priced: Priced;
    try {
      priced = await this.price(loaded, this.deps.repository.executor, await this.deps.applicants.findForAuthorisedRecord(application.applicantId, undefined, issuer.id));
    } catch (error) {
      // A Certification without fees set: the page still opens and says why nothing can be invoiced.
      if (!(error instanceof AppError) || error.code !== 'CONFLICT') throw error;
      return { ...base, feeBasis: 'nonMember', isSelectionSaved: false, modules: [], lines: [], subtotalCents: 0, couponCode: application.preExamCouponCode, discountCents: 0, discountDescription: null, couponError: error.message, gstRateBasisPoints: issuer.gstRateBasisPoints, gstCents: 0, totalCents: 0, canEdit: false, invoice: null };
    }
    const subtotalCents = priced.lines.reduce((sum, line) => sum + line.amountCents, 0);
    let discount: { cents: number; description: string | null; error: string | null } = { cents: 0, description: null, error: null };
    if (application.preExamCouponCode) {
      try {
        const quote = await this.deps.coupons.quote(this.deps.repository.executor, {
          code: application.preExamCouponCode,
          programId: application.programId,
          programType: application.programType,
          applicantId: application.applicantId,
          subtotalCents,
        });
        discount = { cents: quote.discountCents, description: quote.description, error: null };
      } catch (error) {
        // A saved code can lapse (expired, used up) before the invoice is issued: say so rather than fail the page.
        if (!(error instanceof AppError) || error.code !== 'BAD_REQUEST') throw error;
        discount = { cents: 0, description: null, error: error.message };
      }
    }
    const totals = invoiceTotalsOf(priced.lines, discount.cents, issuer.gstRateBasisPoints);
    return {
      ...base,
      feeBasis: priced.feeBasis,
      isSelectionSaved: priced.isSelectionSaved,
      modules: priced.modules,
      lines: priced.lines,
      subtotalCents: totals.subtotalCents,
      couponCode: application.preExamCouponCode,
      discountCents: totals.discountCents,
      discountDescription: discount.description,
      couponError: discount.error,
      gstRateBasisPoints: issuer.gstRateBasisPoints,
      gstCents: totals.gstCents,
      totalCents: totals.totalCents,
      canEdit,
      invoice: null,
    };
  }

  // ---- Mail ---------------------------------------------------------------------------------

  /**
   * The invoice of an application a company pays (issue 42): to its billing contact, with the
   * invoice and the way to pay it from the company's portal; to the person, that it went to the
   * company and nothing is theirs to pay.
   */
  private companyInvoiceMails(
    application: PreExamApplication,
    applicationType: ApplicationTypePath,
    applicant: Applicant,
    issuer: AccountIdentity,
    company: CompanyBilling,
    issued: { numberText: string; lines: PreExamLine[]; totals: ReturnType<typeof invoiceTotalsOf>; couponCode: string | null; expiresOn: Date },
  ): OutgoingMail[] {
    const { totals } = issued;
    const money = (cents: number) => formatMoney(cents, issuer.currency);
    const candidate = `${applicant.firstName} ${applicant.lastName}`.trim();
    const invoicesUrl = `${this.options.publicUrl}/employer/invoices`;
    return [
      {
        to: company.contactEmail,
        programId: application.programId,
        subject: `Tax invoice ${issued.numberText}: ${candidate}, ${application.programCode}`,
        paragraphs: [
          `Dear ${company.contactName},`,
          `${company.companyName} agreed to pay for ${candidate}'s application ${application.applicationNumber} for ${application.programTitle} (${application.programCode}).`,
          `Tax invoice ${issued.numberText} has been issued to ${company.companyName}${company.purchaseOrderNumber ? ` (purchase order ${company.purchaseOrderNumber})` : ''} by ${issuer.name} (${taxIdentifiersText({ taxIdentifiers: taxIdentifiersOf(issuer) }, ', ')}).`,
          `Total (incl. GST): ${money(totals.totalCents)}; GST included (${formatGstRate(issuer.gstRateBasisPoints)}): ${money(totals.gstCents)}.`,
          totals.totalCents > 0
            ? `Your company's coordinator can pay it online from the company's portal (Invoices) by ${formatDateTimeWithZone(issued.expiresOn, issuer.timeZone)}, or pay by bank transfer quoting the invoice number. The tax invoice (PDF) is there too.`
            : 'Nothing is owed on this invoice.',
        ],
        links: [{ label: "Your company's invoices", url: invoicesUrl }],
      },
      {
        to: applicant.email,
        toUserId: applicant.userId,
        programId: application.programId,
        subject: `Application ${application.applicationNumber}: invoice ${issued.numberText} issued to ${company.companyName}`,
        paragraphs: [
          `Dear ${applicant.firstName},`,
          `Your examinations for ${application.programTitle} (${application.programCode}) are being prepared.`,
          `${company.companyName} pays for this application: tax invoice ${issued.numberText} (${money(totals.totalCents)} incl. GST) has been issued to the company, and there is nothing for you to pay.`,
          'Your exams are scheduled once the company has paid.',
        ],
        links: [{ label: 'Your application', url: `${this.options.publicUrl}/student/applications/${applicationType}/${application.id}` }],
      },
    ];
  }

  private invoiceMail(
    application: PreExamApplication,
    applicationType: ApplicationTypePath,
    applicant: Applicant,
    issuer: AccountIdentity,
    issued: { numberText: string; lines: PreExamLine[]; totals: ReturnType<typeof invoiceTotalsOf>; couponCode: string | null; paymentUrl: string; expiresOn: Date },
  ) {
    const { totals } = issued;
    const money = (cents: number) => formatMoney(cents, issuer.currency);
    const lineText = issued.lines.map((line) => `${line.moduleCode} ${line.moduleTitle} (${line.isRequired ? 'required' : 'optional'}, ${FEE_BASIS_LABELS[line.feeBasis].toLowerCase()} fee): ${money(line.amountCents)}`);
    const summary = [
      `Subtotal: ${money(totals.subtotalCents)}`,
      ...(totals.discountCents > 0 ? [`Discount${issued.couponCode ? ` (${issued.couponCode})` : ''}: -${money(totals.discountCents)}`] : []),
      `Total (incl. GST): ${money(totals.totalCents)}`,
      `GST included (${formatGstRate(issuer.gstRateBasisPoints)}): ${money(totals.gstCents)}`,
    ];
    // The issuing body's clock: a New Zealand body's link runs out at an Auckland time.
    const due = formatDateTimeWithZone(issued.expiresOn, issuer.timeZone);
    return {
      to: applicant.email,
      toUserId: applicant.userId,
      programId: application.programId,
      subject: `Application ${application.applicationNumber}: invoice ${issued.numberText} and payment link`,
      paragraphs: [
        `Dear ${applicant.firstName},`,
        `This is about your application ${application.applicationNumber} for ${application.programTitle} (${application.programCode}).`,
        `Your examinations are being prepared. Tax invoice ${issued.numberText} has been issued by ${issuer.name} (${taxIdentifiersText({ taxIdentifiers: taxIdentifiersOf(issuer) }, ', ')}) for:`,
        // One paragraph per line: the HTML part shows each on its own line.
        ...lineText,
        ...summary,
        totals.totalCents > 0
          ? `Please pay by ${due}, when the payment link expires. Your exams are scheduled once the payment is received.`
          : `Nothing is owed: open the payment link by ${due} to confirm, and your exams will be scheduled.`,
        'You can download the tax invoice (PDF) from your application page.',
      ],
      links: [
        { label: 'Pay the invoice', url: issued.paymentUrl },
        { label: 'Your application', url: `${this.options.publicUrl}/student/applications/${applicationType}/${application.id}` },
      ],
    };
  }
}
