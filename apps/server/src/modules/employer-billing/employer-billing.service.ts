import { applicationTypeOfProgram, type ApplicationStatus } from '@certs/shared/application/application-status';
import {
  EMPLOYER_BILLING_MESSAGES,
  EMPLOYER_INVOICES_PAGE,
  type CompanyInvoice,
  type Nomination,
  type NominationProgram,
  type NominateRequest,
} from '@certs/shared/employer/employer-billing.contract';
import type { PaymentRequestResponse } from '@certs/shared/payment/payment.contract';
import { formatInvoiceNumber } from '@certs/shared/pre-exam/pre-exam-rules';
import type { PublishedProgramDetail } from '@certs/shared/program/program-catalogue.contract';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { employerCompanyOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { MailService } from '../../platform/mail/mail.service';
import type { ApplicationService } from '../application/application.service';
import type { PaymentService } from '../payment/payment.service';
import type { CompanyBilling, InvoiceSponsors, PreExamService } from '../pre-exam/pre-exam.service';
import type { ProgramCatalogueService } from '../program/program-catalogue.service';
import type { EmployerBillingRepository } from './employer-billing.repository';

/** Applications that are over: a person whose latest application to a program ended so may be nominated for it again. */
const ENDED: ApplicationStatus[] = ['Failed', 'Award Cancelled', 'Award Withdrawn'];

export interface EmployerBillingDeps {
  repository: EmployerBillingRepository;
  applications: Pick<ApplicationService, 'startDraft'>;
  catalogue: Pick<ProgramCatalogueService, 'findPublishedDetail'>;
  payments: Pick<PaymentService, 'requestCompanyPayment' | 'checkCompanyPayment'>;
  invoices: Pick<PreExamService, 'renderCompanyPdf'>;
  mail: MailService;
  publicUrl: string;
}

type InvoiceRows = Awaited<ReturnType<EmployerBillingRepository['findInvoices']>>;
type PaymentRows = Awaited<ReturnType<EmployerBillingRepository['findLatestPayments']>>;

/**
 * The invoice's state for the company: Unpaid until paid (online or by a bank transfer staff
 * record), with the open payment link's expiry as the day to pay online by.
 */
function toCompanyInvoice(row: InvoiceRows[number], latest: PaymentRows[number] | undefined): CompanyInvoice {
  const { invoice } = row;
  const isPayable = !!latest && ['Requested', 'Pending', 'Failed'].includes(latest.status) && latest.expiresOn.getTime() > Date.now();
  return {
    id: invoice.id,
    invoiceNumber: formatInvoiceNumber(invoice.invoiceNumber, invoice.issuer.invoicePrefix),
    applicationId: invoice.applicationId,
    applicationNumber: row.applicationNumber,
    personName: `${row.firstName} ${row.lastName}`.trim(),
    programCode: row.programCode,
    programTitle: row.programTitle,
    issuerName: invoice.issuer.name,
    issuedOn: invoice.issuedOn.toISOString(),
    purchaseOrderNumber: invoice.billedTo.company?.purchaseOrderNumber ?? '',
    totalCents: invoice.totalCents,
    gstCents: invoice.gstCents,
    currency: invoice.currency,
    status: invoice.status === 'Paid' ? 'Paid' : invoice.status === 'Void' ? 'Void' : 'Unpaid',
    paidOn: invoice.paidOn?.toISOString() ?? null,
    dueOn: invoice.status === 'Issued' && isPayable ? latest.expiresOn.toISOString() : null,
    paymentStatus: latest?.status ?? null,
  };
}

/**
 * A company pays for its people (issue 42): its coordinator nominates one of the company's
 * approved employees for a published program of any awarding body; the application is started on
 * the person's behalf as the draft the applicant's own first save makes, for them to complete and
 * submit; its invoice is issued to the company (the pre-exam module reads `companyBillingOf`), and
 * the coordinator pays it online through the payment module, as an applicant pays. The company
 * is taken from the session, and sees only the applications it pays for and the invoices issued
 * to it: never the person's other applications.
 */
export class EmployerBillingService implements InvoiceSponsors {
  constructor(private readonly deps: EmployerBillingDeps) {}

  /** The coordinator nominates one of the company's people: the draft, the company's promise to pay, and a mail to the person. */
  async nominate(actor: CurrentUser, input: z.output<typeof NominateRequest>): Promise<Nomination> {
    const companyId = employerCompanyOf(actor);
    const { repository } = this.deps;
    const person = await repository.findApprovedEmployee(companyId, input.applicantId);
    if (!person) throw new AppError('NOT_FOUND', EMPLOYER_BILLING_MESSAGES.personNotFound);
    const program = await this.publishedProgram(actor, input.programId);
    const typePath = applicationTypeOfProgram(program.programType);
    if (!typePath) throw new AppError('BAD_REQUEST', EMPLOYER_BILLING_MESSAGES.programNotOpen, { programId: EMPLOYER_BILLING_MESSAGES.programNotOpen });
    const company = await repository.findCompany(companyId);
    if (!company) throw new AppError('NOT_FOUND', EMPLOYER_BILLING_MESSAGES.personNotFound);

    const applicationId = await repository.transaction(async (tx) => {
      if (!(await repository.lockApprovedEmployee(tx, companyId, person.applicantId))) throw new AppError('NOT_FOUND', EMPLOYER_BILLING_MESSAGES.personNotFound);
      const [latest] = await repository.findApplicationsTo(tx, person.applicantId, program.id);
      if (latest && !ENDED.includes(latest.status as ApplicationStatus)) throw new AppError('CONFLICT', EMPLOYER_BILLING_MESSAGES.alreadyOpen);
      const draft = await this.deps.applications.startDraft(tx, {
        applicantId: person.applicantId,
        programId: program.id,
        typePath,
        actorId: actor.id,
        note: `Nominated by ${company.name}, which pays for this application`,
      });
      await repository.insertSponsorship(tx, {
        applicationId: draft.id,
        companyId,
        purchaseOrderNumber: input.purchaseOrderNumber,
        billingContactName: input.billingContactName,
        billingContactEmail: input.billingContactEmail,
        nominatedBy: actor.id,
        createdBy: actor.id,
        modifiedBy: actor.id,
      });
      await this.deps.mail.send(
        {
          to: person.email,
          toUserId: person.userId,
          programId: program.id,
          subject: `${company.name} nominated you for ${program.programTitle}`,
          paragraphs: [
            `Dear ${person.firstName},`,
            `${company.name} has nominated you for ${program.programTitle} (${program.programCode}) and will pay its invoice.`,
            `We have started application ${draft.applicationNumber} for you. Please complete it (each requirement and the declaration) and submit it: staff assess it once you have.`,
          ],
          links: [{ label: 'Complete your application', url: `${this.deps.publicUrl}/student/applications/${typePath}/${draft.id}` }],
        },
        tx,
      );
      return draft.id;
    });
    const [nomination] = await this.nominationsOf(companyId, applicationId);
    return nomination!;
  }

  /** The applications the company pays for (coordinator and viewer). */
  nominations(actor: CurrentUser): Promise<Nomination[]> {
    return this.nominationsOf(employerCompanyOf(actor));
  }

  /** Every awarding body's published programs, for the coordinator's choice. */
  programs(): Promise<NominationProgram[]> {
    return this.deps.repository.findPublishedPrograms();
  }

  /** The invoices issued to the company (coordinator and viewer). */
  async invoices(actor: CurrentUser): Promise<CompanyInvoice[]> {
    const rows = await this.deps.repository.findInvoices(employerCompanyOf(actor));
    const latest = await this.deps.repository.findLatestPayments(rows.map((row) => row.invoice.id));
    return rows.map((row) => toCompanyInvoice(row, latest.find((payment) => payment.invoiceId === row.invoice.id)));
  }

  /** The tax invoice (PDF) of an invoice issued to the company. */
  invoicePdf(actor: CurrentUser, invoiceId: string): Promise<{ fileName: string; bytes: Uint8Array }> {
    return this.deps.invoices.renderCompanyPdf(employerCompanyOf(actor), invoiceId);
  }

  /** The coordinator pays online: the gateway's page to go to; back on the company's Invoices page. */
  pay(actor: CurrentUser, invoiceId: string): Promise<PaymentRequestResponse> {
    return this.deps.payments.requestCompanyPayment(actor, invoiceId, `${this.deps.publicUrl}${EMPLOYER_INVOICES_PAGE}?invoice=${encodeURIComponent(invoiceId)}`);
  }

  /** Back from the gateway: its answer is asked again and settled, then the invoice as it now stands. */
  async check(actor: CurrentUser, invoiceId: string): Promise<CompanyInvoice> {
    await this.deps.payments.checkCompanyPayment(actor, invoiceId);
    const found = (await this.invoices(actor)).find((invoice) => invoice.id === invoiceId);
    if (!found) throw new AppError('NOT_FOUND', EMPLOYER_BILLING_MESSAGES.invoiceNotFound);
    return found;
  }

  /** For the pre-exam stage: the company that pays an application, as its invoice names it (read before the invoice's transaction). */
  async companyBillingOf(applicationId: string): Promise<CompanyBilling | null> {
    const row = await this.deps.repository.findCompanyBilling(applicationId);
    if (!row) return null;
    const address = [row.streetAddress, [row.city, row.state, row.postalCode].filter(Boolean).join(' '), row.country].filter(Boolean).join(', ');
    return {
      companyId: row.companyId,
      companyName: row.companyName,
      businessNumberKind: row.businessNumberKind,
      businessNumber: row.businessNumber,
      address,
      purchaseOrderNumber: row.purchaseOrderNumber,
      contactName: row.contactName,
      contactEmail: row.contactEmail,
    };
  }

  private async nominationsOf(companyId: string, applicationId?: string): Promise<Nomination[]> {
    const rows = await this.deps.repository.findNominations(companyId, applicationId);
    const invoices = await this.deps.repository.findInvoices(
      companyId,
      rows.map((row) => row.applicationId),
    );
    return rows.map((row) => {
      // Newest first: the application's latest invoice issued to the company.
      const invoice = invoices.find((candidate) => candidate.invoice.applicationId === row.applicationId)?.invoice;
      return {
        applicationId: row.applicationId,
        applicationNumber: row.applicationNumber,
        applicantId: row.applicantId,
        personName: `${row.firstName} ${row.lastName}`.trim(),
        programId: row.programId,
        programCode: row.programCode,
        programTitle: row.programTitle,
        awardingBodyName: row.awardingBodyName,
        status: row.status as ApplicationStatus,
        purchaseOrderNumber: row.purchaseOrderNumber,
        billingContactName: row.billingContactName,
        billingContactEmail: row.billingContactEmail,
        nominatedBy: row.nominatedBy,
        nominatedOn: row.nominatedOn.toISOString(),
        invoice: invoice
          ? { id: invoice.id, invoiceNumber: formatInvoiceNumber(invoice.invoiceNumber, invoice.issuer.invoicePrefix), totalCents: invoice.totalCents, currency: invoice.currency, isPaid: invoice.status === 'Paid' }
          : null,
      };
    });
  }

  /** A published program of any awarding body; anything else is refused at its field, as the applicant's own draft is. */
  private async publishedProgram(actor: CurrentUser, programId: string): Promise<PublishedProgramDetail> {
    try {
      return await this.deps.catalogue.findPublishedDetail(actor, programId);
    } catch {
      throw new AppError('BAD_REQUEST', EMPLOYER_BILLING_MESSAGES.programNotOpen, { programId: EMPLOYER_BILLING_MESSAGES.programNotOpen });
    }
  }
}
