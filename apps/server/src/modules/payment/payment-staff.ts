import { APPLICATION_TYPES, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { formatDateTimeWithZone } from '@certs/shared/common/dates';
import {
  PAYMENT_MESSAGES,
  PAYMENT_INVOICE_TYPES,
  PAYMENT_MODULE_TYPES,
  formatAmount,
  formatInvoiceNumber,
  type Payment,
  type PaymentVerifiedRequest,
  type ResendPaymentLinkResponse,
  type StaffPaymentType,
} from '@certs/shared/payment/payment.contract';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import { moveApplication } from '../application/application-move';
import { canManageApplications } from '../application/application-workflow.policy';
import { UUID, type PaymentLinks, type PaymentServiceDeps } from './payment-common';
import type { PaymentCheckout } from './payment-checkout';
import type { PaymentReading } from './payment-reading';
import type { PaymentSettlement } from './payment-settlement';
import type { InvoiceRow } from './payment.repository';
import { accountZone } from '../account/account-time-zone';

/** The route words whose `{id}` names the record that holds the invoice, not the application. */
const NAMED_INVOICE_OWNERS: Partial<Record<StaffPaymentType, 'renewal' | 'resit'>> = {
  aicipapplicationrenewalmodule: 'renewal',
  certificationrenewalapplication: 'renewal',
  qualificationapplicationresitmodule: 'resit',
  aicipapplicationresitmodule: 'resit',
};

/** What a staff payment route acts on: the application, which of its invoices, and whether it waits at the payment stage. */
interface ManagedPaymentTarget {
  application: { id: string; applicantId: string; programId: string; programType: number; applicationNumber: string };
  typePath: ApplicationTypePath;
  invoice: { kind: 'latest' } | { kind: 'open' } | { kind: 'named'; invoiceId: string | null };
  waitsAtPaymentStage: boolean;
}

/** Staff on an application's invoice: a new payment link sent, an offline payment (bank transfer) recorded. */
export class PaymentStaffActions {
  constructor(
    private readonly deps: PaymentServiceDeps,
    private readonly links: PaymentLinks,
    private readonly reading: PaymentReading,
    private readonly settlement: PaymentSettlement,
    private readonly checkout: PaymentCheckout,
  ) {}

  /** Staff send a new payment link: the open one expires, a new one is opened and mailed. */
  async resendLink(actor: CurrentUser, type: StaffPaymentType, id: string, note?: string): Promise<ResendPaymentLinkResponse> {
    const target = await this.loadManaged(actor, type, id);
    const { application, typePath } = target;
    return this.deps.repository.transaction(async (tx) => {
      const locked = await this.deps.workflowRepository.lock(tx, application.id);
      if (!locked) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
      const invoice = await this.lockTargetInvoice(tx, target);
      if (target.waitsAtPaymentStage && (locked.status !== 'Examinations Stage' || locked.workflowStage !== 'Payment Stage Requested')) throw new AppError('CONFLICT', PAYMENT_MESSAGES.notAwaitingPayment);
      const opened = await this.checkout.openPaymentRequest(tx, { invoiceId: invoice.id, applicationId: application.id, amountCents: invoice.totalCents, currency: invoice.currency, actorId: actor.id });
      const invoiceNumber = formatInvoiceNumber(invoice.invoiceNumber, invoice.issuer.invoicePrefix);
      const money = (cents: number) => formatAmount(cents, invoice.currency);
      await moveApplication(tx, this.deps.workflowRepository, {
        locked,
        typePath,
        what: 'sent a payment link',
        note: [`Payment link sent again for invoice ${invoiceNumber} (${money(invoice.totalCents)}), open until ${formatDateTimeWithZone(opened.expiresOn, accountZone(invoice.issuer.timeZone))}`, note].filter(Boolean).join('. '),
        actorId: actor.id,
      });
      const company = invoice.billedTo.company;
      if (company) {
        // Issue 42: the invoice is the company's; its billing contact pays from the portal.
        await this.deps.mail.send(
          {
            to: invoice.billedTo.email,
            programId: application.programId,
            subject: `Invoice ${invoiceNumber}: payment link for application ${locked.applicationNumber}`,
            paragraphs: [
              `Dear ${company.contactName || invoice.billedTo.name},`,
              `Invoice ${invoiceNumber} (${money(invoice.totalCents)} including GST ${money(invoice.gstCents)}) for ${company.candidateName}'s application ${locked.applicationNumber} can be paid online from your company's portal (Invoices) until ${formatDateTimeWithZone(opened.expiresOn, accountZone(invoice.issuer.timeZone))}, or by bank transfer quoting the invoice number.`,
            ],
            links: [{ label: "Your company's invoices", url: this.links.companyInvoicesUrl() }],
          },
          tx,
        );
      }
      const recipient = company ? undefined : await this.deps.repository.findApplicantContact(application.id, tx);
      if (recipient) {
        await this.deps.mail.send(
          {
            to: recipient.email,
            toUserId: recipient.userId,
            programId: application.programId,
            subject: `Application ${locked.applicationNumber}: payment link for invoice ${invoiceNumber}`,
            paragraphs: [
              `Dear ${recipient.name},`,
              invoice.totalCents === 0
                ? `Invoice ${invoiceNumber} for application ${locked.applicationNumber} has nothing to pay. Please confirm it from the link below.`
                : `Here is a new link to pay invoice ${invoiceNumber} for application ${locked.applicationNumber}: ${money(invoice.totalCents)} including GST ${money(invoice.gstCents)}.`,
              `The link is open until ${formatDateTimeWithZone(opened.expiresOn, accountZone(invoice.issuer.timeZone))}. Earlier links for this invoice no longer work.`,
            ],
            links: [
              { label: 'Pay the invoice', url: opened.paymentUrl },
              { label: 'View your application', url: this.links.applicationPageUrl(typePath, application.id) },
            ],
          },
          tx,
        );
      }
      return { trackerId: opened.trackerId, paymentUrl: opened.paymentUrl, expiresOn: opened.expiresOn.toISOString() };
    });
  }

  /** Staff record an offline payment (bank transfer): a payment on the offline gateway, settled like any other. */
  async verifyOffline(actor: CurrentUser, type: StaffPaymentType, id: string, input: PaymentVerifiedRequest): Promise<Payment> {
    const target = await this.loadManaged(actor, type, id);
    const { application } = target;
    const paymentId = await this.deps.repository.transaction(async (tx) => {
      const locked = await this.deps.workflowRepository.lock(tx, application.id);
      if (!locked) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
      const invoice = await this.lockTargetInvoice(tx, target);
      if (target.waitsAtPaymentStage && (locked.status !== 'Examinations Stage' || locked.workflowStage !== 'Payment Stage Requested')) throw new AppError('CONFLICT', PAYMENT_MESSAGES.notAwaitingPayment);
      await this.deps.repository.expireOpenOfInvoice(tx, invoice.id, actor.id);
      const payment = await this.deps.repository.insert(tx, {
        invoiceId: invoice.id,
        applicationId: application.id,
        gateway: 'offline',
        amountCents: invoice.totalCents,
        currency: invoice.currency,
        status: 'Requested',
        offlineReference: input.reference,
        expiresOn: new Date(),
        createdBy: actor.id,
        modifiedBy: actor.id,
      });
      const outcome = await this.settlement.settleIn(tx, {
        gateway: 'offline',
        eventId: `offline:${payment.id}`,
        eventType: 'offline.verified',
        payload: { reference: input.reference, paidOn: input.paidOn ?? null, note: input.note ?? null, verifiedBy: actor.id },
        trackerId: payment.trackerId,
        check: { paid: true, amountCents: invoice.totalCents, currency: invoice.currency, reference: input.reference, trackerId: payment.trackerId },
        checkoutId: null,
        paidOn: input.paidOn ? new Date(input.paidOn) : undefined,
        offlineReference: input.reference,
        note: input.note ? `Verified by staff: ${input.note}` : 'Verified by staff',
        actorId: actor.id,
      });
      if (outcome.outcome !== 'applied') throw new AppError('CONFLICT', outcome.reason);
      return payment.id;
    });
    const details = await this.deps.repository.findDetails({ id: paymentId });
    if (!details) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
    return this.reading.toPayment(details);
  }

  /**
   * The application (and, for a renewal or a re-sit, its invoice) of this route's type, once the
   * caller may manage its program's applications. An application's modules wait at the payment
   * stage; a Welder Qualification's revalidation fee, a renewal's modules or late fee and a re-sit's
   * fee are paid outside it.
   * Another account's record is as unknown as a missing one (its program is not the caller's: 404
   * from `programPrivilege` or 403 from the policy, as for the application invoices).
   */
  private async loadManaged(actor: CurrentUser, type: StaffPaymentType, id: string): Promise<ManagedPaymentTarget> {
    let applicationId = id;
    let namedInvoiceId: string | null | undefined;
    const invoiceOf = NAMED_INVOICE_OWNERS[type];
    if (invoiceOf) {
      const ref = UUID.test(id) ? await (invoiceOf === 'renewal' ? this.deps.repository.findRenewalInvoiceRef(id) : this.deps.repository.findResitInvoiceRef(id)) : undefined;
      if (!ref) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
      applicationId = ref.applicationId;
      namedInvoiceId = ref.invoiceId;
    }
    const application = UUID.test(applicationId) ? await this.deps.repository.findApplication(applicationId) : undefined;
    const typePath: ApplicationTypePath = type in PAYMENT_MODULE_TYPES ? PAYMENT_MODULE_TYPES[type as keyof typeof PAYMENT_MODULE_TYPES] : PAYMENT_INVOICE_TYPES[type as keyof typeof PAYMENT_INVOICE_TYPES];
    if (!application || application.programType !== APPLICATION_TYPES[typePath].programType) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
    const standing = await this.deps.programs.programPrivilege(actor, application.programId);
    if (!canManageApplications(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const invoice: ManagedPaymentTarget['invoice'] = invoiceOf ? { kind: 'named', invoiceId: namedInvoiceId ?? null } : type === 'welderqualificationapplication' ? { kind: 'open' } : { kind: 'latest' };
    return { application, typePath, invoice, waitsAtPaymentStage: type in PAYMENT_MODULE_TYPES };
  }

  /** The target's invoice, locked; refused when there is none or it is already paid. */
  private async lockTargetInvoice(tx: Executor, target: ManagedPaymentTarget): Promise<InvoiceRow> {
    const { repository } = this.deps;
    const applicationId = target.application.id;
    let found: InvoiceRow | undefined;
    if (target.invoice.kind === 'named') found = target.invoice.invoiceId ? await repository.findInvoice(target.invoice.invoiceId, tx) : undefined;
    else if (target.invoice.kind === 'open') found = (await repository.findOpenInvoice(applicationId, tx)) ?? (await repository.findLatestInvoice(applicationId, tx));
    else found = await repository.findLatestInvoice(applicationId, tx);
    const invoice = found ? await repository.lockInvoice(tx, found.id) : undefined;
    if (!invoice || (invoice.status !== 'Issued' && invoice.status !== 'Paid')) throw new AppError('CONFLICT', PAYMENT_MESSAGES.invoiceNotFound);
    if (invoice.status === 'Paid') throw new AppError('CONFLICT', PAYMENT_MESSAGES.alreadyPaid);
    return invoice;
  }
}
