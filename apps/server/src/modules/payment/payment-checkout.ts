import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { EMPLOYER_BILLING_MESSAGES } from '@certs/shared/employer/employer-billing.contract';
import { PAYMENT_MESSAGES, type PaymentRequestResponse, type TrackerData } from '@certs/shared/payment/payment.contract';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import { employerCompanyOf, type CurrentUser } from '../../platform/auth/authenticate';
import { isOpen, UUID, type PaymentLinks, type PaymentServiceDeps, type PaymentServiceOptions } from './payment-common';
import type { PaymentReading } from './payment-reading';
import type { SettleSignal, PaymentSettlement } from './payment-settlement';
import type { InvoiceRow, PaymentDetailsRow, PaymentRow } from './payment.repository';

export interface OpenPaymentRequestInput {
  invoiceId: string;
  applicationId: string;
  amountCents: number;
  /** The invoice's currency (its account's: AUD or NZD). */
  currency: string;
  actorId: string | null;
}

export interface OpenedPaymentRequest {
  trackerId: string;
  paymentUrl: string;
  expiresOn: Date;
}

const HOUR_MS = 60 * 60 * 1000;
/** A link that can be taken to the gateway now: open or declined (tried again), and not run out. */
const isPayableNow = (payment: PaymentRow) => (isOpen(payment.status) || payment.status === 'Failed') && payment.expiresOn.getTime() > Date.now();

/** Refuses a link already paid, expired or run out. */
function assertPayable(payment: PaymentRow): void {
  if (payment.status === 'Success') throw new AppError('CONFLICT', PAYMENT_MESSAGES.alreadyPaid);
  if (payment.status === 'Expired' || payment.expiresOn.getTime() <= Date.now()) throw new AppError('CONFLICT', PAYMENT_MESSAGES.expired);
}

/** Payment links of an invoice and their checkouts: the applicant's and the company's (issue 42), the zero path, the return from the gateway. */
export class PaymentCheckout {
  constructor(
    private readonly deps: PaymentServiceDeps,
    private readonly options: PaymentServiceOptions,
    private readonly links: PaymentLinks,
    private readonly reading: PaymentReading,
    private readonly settlement: PaymentSettlement,
  ) {}

  /**
   * Opens a payment link for an invoice inside the caller's transaction (the pre-exam stage calls
   * it right after issuing the invoice, and staff's "resend payment link"). Any link of the invoice
   * still open is expired first, so only the newest link can be paid. A zero total goes to the
   * zero-payment path instead of a gateway.
   */
  async openPaymentRequest(tx: Executor, input: OpenPaymentRequestInput): Promise<OpenedPaymentRequest> {
    await this.deps.repository.expireOpenOfInvoice(tx, input.invoiceId, input.actorId);
    const expiresOn = new Date(Date.now() + this.options.linkHours * HOUR_MS);
    const payment = await this.deps.repository.insert(tx, {
      invoiceId: input.invoiceId,
      applicationId: input.applicationId,
      gateway: input.amountCents === 0 ? 'zero' : this.options.gateway,
      amountCents: input.amountCents,
      currency: input.currency,
      status: 'Requested',
      expiresOn,
      createdBy: input.actorId,
      modifiedBy: input.actorId,
    });
    return { trackerId: payment.trackerId, paymentUrl: this.links.payPageUrl(payment.trackerId), expiresOn };
  }

  /**
   * The owning applicant starts paying: a checkout on the configured gateway; the payment becomes
   * Pending. An invoice issued to the person's employer (issue 42) is the company's to pay.
   */
  async requestPayment(actor: CurrentUser, trackerId: string): Promise<PaymentRequestResponse> {
    const details = await this.reading.loadOwned(actor, trackerId);
    if (details.invoiceCompany) throw new AppError('CONFLICT', PAYMENT_MESSAGES.paidByCompany(details.invoiceCompany.name));
    return this.startCheckout(actor, details, () => this.reading.loadOwned(actor, trackerId), this.links.payPageUrl(details.payment.trackerId));
  }

  /**
   * Issue 42: the coordinator of the company an invoice was issued to pays it online, as an
   * applicant pays theirs: the invoice's payment link (a new one when none can be paid any more) is
   * taken to a checkout on the same gateway, which sends the coordinator back to `returnUrl` (the
   * company's Invoices page). Another company's invoice, and a person's own, are not found.
   */
  async requestCompanyPayment(actor: CurrentUser, invoiceId: string, returnUrl: string): Promise<PaymentRequestResponse> {
    const companyId = employerCompanyOf(actor);
    const invoice = await this.companyInvoice(companyId, invoiceId);
    if (invoice.status === 'Paid') throw new AppError('CONFLICT', EMPLOYER_BILLING_MESSAGES.alreadyPaid);
    if (invoice.status !== 'Issued') throw new AppError('CONFLICT', EMPLOYER_BILLING_MESSAGES.notPayable);
    let latest = await this.deps.repository.findLatestOfInvoice(invoice.id);
    if (!latest || !isPayableNow(latest)) {
      // The link ran out (or was never opened): a new one, as staff's "resend payment link" opens.
      await this.deps.repository.transaction(async (tx) => {
        const locked = await this.deps.workflowRepository.lock(tx, invoice.applicationId);
        const current = await this.deps.repository.lockInvoice(tx, invoice.id);
        if (!locked || !current) throw new AppError('NOT_FOUND', EMPLOYER_BILLING_MESSAGES.invoiceNotFound);
        if (current.status !== 'Issued') throw new AppError('CONFLICT', current.status === 'Paid' ? EMPLOYER_BILLING_MESSAGES.alreadyPaid : EMPLOYER_BILLING_MESSAGES.notPayable);
        await this.openPaymentRequest(tx, { invoiceId: current.id, applicationId: current.applicationId, amountCents: current.totalCents, currency: current.currency, actorId: actor.id });
      });
      latest = await this.deps.repository.findLatestOfInvoice(invoice.id);
    }
    const paymentId = latest!.id;
    const load = async () => {
      const details = await this.deps.repository.findDetails({ id: paymentId });
      if (!details || details.invoiceCompany?.companyId !== companyId) throw new AppError('NOT_FOUND', EMPLOYER_BILLING_MESSAGES.invoiceNotFound);
      return details;
    };
    const details = await load();
    if (details.payment.amountCents === 0) {
      // Nothing to pay: confirmed on the zero path, as an applicant's zero invoice is.
      await this.settlement.settle(this.zeroSignal(details.payment, actor.id));
      return { trackerId: details.payment.trackerId, redirectUrl: returnUrl, status: 'Success' };
    }
    return this.startCheckout(actor, details, load, returnUrl);
  }

  /** Issue 42: the company's user is back from the gateway: its invoice's checkout under way is asked again and settled (idempotent). */
  async checkCompanyPayment(actor: CurrentUser, invoiceId: string): Promise<void> {
    const invoice = await this.companyInvoice(employerCompanyOf(actor), invoiceId);
    const latest = await this.deps.repository.findLatestOfInvoice(invoice.id);
    if (latest && latest.status !== 'Success' && latest.gatewayReference) await this.settlement.recheck(latest, actor.id);
  }

  /** An invoice issued to the company (its snapshot names the company); anything else is not found. */
  private async companyInvoice(companyId: string, invoiceId: string): Promise<InvoiceRow> {
    const invoice = UUID.test(invoiceId) ? await this.deps.repository.findInvoice(invoiceId) : undefined;
    if (!invoice || invoice.billedTo.company?.companyId !== companyId) throw new AppError('NOT_FOUND', EMPLOYER_BILLING_MESSAGES.invoiceNotFound);
    return invoice;
  }

  /** A checkout on the configured gateway for a payable link; `reload` reads the link again with the caller's own check. */
  private async startCheckout(actor: CurrentUser, first: PaymentDetailsRow, reload: () => Promise<PaymentDetailsRow>, returnUrl: string): Promise<PaymentRequestResponse> {
    let details = first;
    let payment = details.payment;
    assertPayable(payment);
    if (payment.amountCents === 0) throw new AppError('CONFLICT', PAYMENT_MESSAGES.zeroUseConfirm);
    // A checkout already under way may have been paid while its callback is still on its way:
    // ask before replacing it, so that money received is never lost.
    if (payment.status === 'Pending' && payment.gatewayReference) {
      await this.settlement.recheck(payment, actor.id);
      details = await reload();
      payment = details.payment;
      assertPayable(payment);
    }
    const gatewayName = this.options.gateway;
    const gateway = await this.settlement.gatewayOf(gatewayName, details.invoiceAccountId);
    if (!gateway) {
      const isAnotherAccountWithoutKeys = gatewayName === 'stripe' && details.invoiceAccountId !== FIRST_ACCOUNT_ID;
      throw new AppError('CONFLICT', isAnotherAccountWithoutKeys ? PAYMENT_MESSAGES.accountGatewayMissing(details.issuerName) : PAYMENT_MESSAGES.gatewayUnavailable);
    }
    let checkout;
    try {
      checkout = await gateway.createCheckout({
        trackerId: payment.trackerId,
        invoiceId: payment.invoiceId,
        merchant: details.issuerName,
        description: `Invoice ${details.invoiceNumberText}`,
        applicationNumber: details.applicationNumber,
        amountCents: details.invoiceTotalCents,
        currency: payment.currency,
        expiresOn: payment.expiresOn,
        returnUrl,
      });
    } catch (error) {
      this.options.log.warn({ err: error, trackerId: payment.trackerId }, 'payment gateway refused to open a checkout');
      throw new AppError('CONFLICT', PAYMENT_MESSAGES.gatewayUnavailable);
    }
    await this.deps.repository.transaction(async (tx) => {
      const locked = await this.deps.repository.lock(tx, payment.id);
      if (!locked) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
      assertPayable(locked);
      await this.deps.repository.update(tx, locked.id, {
        status: 'Pending',
        gateway: gatewayName,
        gatewayReference: checkout.gatewayReference,
        transactionStatus: null,
        failureReason: null,
        modifiedBy: actor.id,
      });
    });
    return { trackerId: payment.trackerId, redirectUrl: checkout.redirectUrl, status: 'Pending' };
  }

  /** The browser is back from the gateway: ask the gateway again and settle (idempotent), then show the result. */
  async afterPayment(actor: CurrentUser, trackerId: string): Promise<TrackerData> {
    const details = await this.reading.loadReadable(actor, trackerId);
    if (details.payment.status !== 'Success') await this.settlement.recheck(details.payment, actor.id);
    return this.reading.trackerData(actor, trackerId);
  }

  /** Nothing to pay: only when the invoice total kept on the server is zero. */
  async afterZeroPayment(actor: CurrentUser, trackerId: string): Promise<TrackerData> {
    const details = await this.reading.loadOwned(actor, trackerId);
    const payment = details.payment;
    if (payment.amountCents !== 0 || details.invoiceTotalCents !== 0) throw new AppError('CONFLICT', PAYMENT_MESSAGES.notZero);
    if (payment.status !== 'Success') {
      assertPayable(payment);
      await this.settlement.settle(this.zeroSignal(payment, actor.id));
    }
    return this.reading.trackerData(actor, trackerId);
  }

  /** A zero invoice confirmed: settled on the zero path, once per link. */
  private zeroSignal(payment: PaymentRow, actorId: string): SettleSignal {
    return {
      gateway: 'zero',
      eventId: `zero:${payment.id}`,
      eventType: 'zero.confirmed',
      payload: { trackerId: payment.trackerId },
      trackerId: payment.trackerId,
      check: { paid: true, amountCents: 0, currency: payment.currency, reference: 'zero', trackerId: payment.trackerId },
      checkoutId: null,
      actorId,
    };
  }
}
