import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { applicationTypeOfProgram, type ApplicationStatus } from '@certs/shared/application/application-status';
import { canMoveStage, type WorkflowStage } from '@certs/shared/application/application-workflow';
import { formatDate, formatDateTimeWithZone } from '@certs/shared/common/dates';
import { PAYMENT_MESSAGES, formatAmount } from '@certs/shared/payment/payment.contract';
import { CHECKOUT_GATEWAYS, PAYMENT_GATEWAY_LABELS, type CheckoutGatewayName, type PaymentGatewayName } from '@certs/shared/payment/payment-status';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import { moveApplication } from '../application/application-move';
import { WebhookSignatureError, type GatewayCheck, type PaymentGateway } from './gateways/payment-gateway';
import { stripeTrackerIdOf } from './gateways/stripe-gateway';
import { checkoutIdOf, type TestGateway } from './gateways/test-gateway';
import { isOpen, payerOf, UUID, type PaymentLinks, type PaymentServiceDeps, type PaymentServiceOptions } from './payment-common';
import type { PaymentRow } from './payment.repository';
import { accountZone } from '../account/account-time-zone';

/** Something that says how a payment ended: a gateway callback, a re-check, staff, or the zero path. */
export interface SettleSignal {
  gateway: PaymentGatewayName;
  eventId: string;
  eventType: string;
  payload: unknown;
  trackerId: string | null;
  /** What the event itself claims (checked against the invoice as well as the gateway's answer). */
  invoiceId?: string | null;
  reported?: { amountCents: number | null; currency: string | null };
  /** The gateway's answer, asked again before anything is marked paid. */
  check: GatewayCheck;
  /** The checkout the answer is about, when it came from a gateway. */
  checkoutId: string | null;
  failureReason?: string;
  paidOn?: Date;
  offlineReference?: string;
  note?: string;
  actorId: string | null;
}

/** Told, in the settling transaction, that an invoice was paid (a re-sit's or a revalidation's invoice moves it on). */
export type InvoicePaidListener = (tx: Executor, paid: { invoiceId: string; applicationId: string; actorId: string | null }) => Promise<void>;

export interface SettleOutcome {
  outcome: 'applied' | 'refused' | 'ignored' | 'duplicate';
  reason: string;
  paymentId: string | null;
}

const isCheckoutGateway = (gateway: PaymentGatewayName): gateway is CheckoutGatewayName => (CHECKOUT_GATEWAYS as readonly string[]).includes(gateway);
const sameCurrency = (a: string | null | undefined, b: string) => (a ?? '').toUpperCase() === b.toUpperCase();

/**
 * Why a payment did not go through, in words the applicant reads on the pay page and staff in the
 * payments table (issue 21 item 8); the gateway's event type itself stays in the event log.
 */
export function failureReasonOf(eventType: string): string {
  if (eventType === 'payment.declined' || eventType === 'checkout.session.async_payment_failed') return 'Declined at the gateway';
  if (eventType === 'checkout.session.expired') return 'The payment page expired before the payment was made';
  return 'Not completed at the gateway';
}

/**
 * Gateways and settling: which gateway takes an account's money, the gateways' callbacks and
 * re-checks, and the one settle function every way a payment ends goes through.
 */
export class PaymentSettlement {
  private readonly invoicePaidListeners: InvoicePaidListener[] = [];

  constructor(
    private readonly deps: PaymentServiceDeps,
    private readonly options: PaymentServiceOptions,
    private readonly links: PaymentLinks,
  ) {}

  /** Another module's work when one of its invoices is paid, in the same transaction as the payment (app.ts wires it). */
  onInvoicePaid(listener: InvoicePaidListener): void {
    this.invoicePaidListeners.push(listener);
  }

  /** The gateway's callback: its signature is checked over the raw bytes, then it is settled. */
  async handleWebhook(gatewayName: CheckoutGatewayName, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<SettleOutcome> {
    const gateway = await this.webhookGatewayOf(gatewayName, rawBody);
    if (!gateway) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
    let event;
    try {
      event = gateway.verifyWebhook(rawBody, headers);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        this.options.log.warn({ gateway: gatewayName, reason: error.message }, 'payment callback with a bad signature refused');
        throw new AppError('BAD_REQUEST', PAYMENT_MESSAGES.badSignature);
      }
      throw error;
    }
    // Events that settle nothing (another type, a checkout not finished) are still recorded once.
    const check: GatewayCheck =
      event.paid === null || !event.gatewayReference
        ? { paid: null, amountCents: 0, currency: '', reference: event.gatewayReference, trackerId: event.trackerId }
        : await gateway.retrieve(event.gatewayReference);
    return this.settle({
      gateway: gatewayName,
      eventId: event.eventId,
      eventType: event.type,
      payload: event.payload,
      trackerId: event.trackerId,
      invoiceId: event.invoiceId,
      reported: { amountCents: event.amountCents, currency: event.currency },
      // The event says paid, the gateway asked again decides; a declined event stays declined
      // only if the gateway does not say paid.
      check: event.paid === false && check.paid !== true ? { ...check, paid: false } : check,
      checkoutId: event.gatewayReference ? checkoutIdOf(event.gatewayReference) : null,
      failureReason: event.paid === false ? failureReasonOf(event.type) : undefined,
      actorId: null,
    });
  }

  /**
   * The gateway that takes an account's money. The built-in test gateway serves every account
   * (test and demo installations). Stripe: the account's own keys when it saved them, else the
   * platform's configured keys, but those only for the first account, whose money they always
   * took; another account without keys has no Stripe gateway, so its applicants' money never lands
   * in the first account's Stripe.
   */
  async gatewayOf(name: CheckoutGatewayName, accountId: string): Promise<PaymentGateway | undefined> {
    if (name !== 'stripe') return this.deps.gateways[name];
    const keys = await this.deps.accounts.stripeKeysOf(accountId);
    if (keys) return this.deps.stripeGatewayOf(keys);
    return accountId === FIRST_ACCOUNT_ID ? this.deps.gateways.stripe : undefined;
  }

  /**
   * Whose secret checks a callback: a Stripe event names its checkout's tracker, and the account
   * of that payment's invoice says which keys opened it. The body is read here only to find the
   * account; nothing in it is trusted before that account's secret has verified it.
   */
  private async webhookGatewayOf(name: CheckoutGatewayName, rawBody: Buffer): Promise<PaymentGateway | undefined> {
    if (name !== 'stripe') return this.deps.gateways[name];
    const trackerId = stripeTrackerIdOf(rawBody);
    const accountId = trackerId && UUID.test(trackerId) ? await this.deps.repository.findAccountOfTracker(trackerId) : undefined;
    return this.gatewayOf(name, accountId ?? FIRST_ACCOUNT_ID);
  }

  /** The hosted test gateway, when it is the configured one. */
  testGateway(): TestGateway {
    const gateway = this.deps.gateways.test;
    if (!gateway) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.sessionNotFound);
    return gateway as TestGateway;
  }

  /**
   * Settles one signal, in ONE transaction: the event is recorded first (unique per gateway and
   * event id, so a repeated or parallel duplicate stops there), then the application, payment and
   * invoice rows are locked and the payment, invoice, application stage, history and mail written.
   */
  /** Another module's void of an unpaid invoice, in its transaction (a lapsed or cancelled revalidation): settle then refuses it. */
  voidInvoice(tx: Executor, input: { invoiceId: string; reason: string; actorId: string | null }): Promise<'Issued' | 'Paid' | 'Void' | undefined> {
    return this.deps.repository.voidIssuedInvoice(tx, input);
  }

  async settle(signal: SettleSignal): Promise<SettleOutcome> {
    try {
      return await this.deps.repository.transaction((tx) => this.settleIn(tx, signal));
    } catch (error) {
      if (isUniqueViolation(error)) return { outcome: 'duplicate', reason: 'This event was already recorded', paymentId: null };
      throw error;
    }
  }

  async settleIn(tx: Executor, signal: SettleSignal): Promise<SettleOutcome> {
    const { repository, workflowRepository } = this.deps;
    const event = await repository.insertEvent(tx, {
      gateway: signal.gateway,
      eventId: signal.eventId,
      eventType: signal.eventType,
      payload: signal.payload ?? {},
      outcome: 'ignored',
      createdBy: signal.actorId,
      modifiedBy: signal.actorId,
    });
    const finish = async (outcome: 'applied' | 'refused' | 'ignored', reason: string, paymentId: string | null): Promise<SettleOutcome> => {
      await repository.updateEvent(tx, event.id, { outcome, reason, paymentId });
      return { outcome, reason, paymentId };
    };
    const found = signal.trackerId && UUID.test(signal.trackerId) ? await repository.findByTracker(signal.trackerId, tx) : undefined;
    if (!found) return finish('ignored', 'No payment with this tracker', null);
    // Lock order: application, payment, invoice (the same as every staff move on the application).
    const application = await workflowRepository.lock(tx, found.applicationId);
    const payment = await repository.lock(tx, found.id);
    const invoice = payment ? await repository.lockInvoice(tx, payment.invoiceId) : undefined;
    if (!application || !payment || !invoice) return finish('ignored', 'The payment or its invoice is missing', found.id);
    const now = new Date();
    const refuse = async (reason: string) => {
      this.options.log.warn({ gateway: signal.gateway, eventId: signal.eventId, trackerId: payment.trackerId, invoiceId: invoice.id, reason }, 'payment callback refused');
      return finish('refused', reason, payment.id);
    };

    if (signal.gateway !== payment.gateway) return refuse(`The payment is on the ${payment.gateway} gateway, not ${signal.gateway}`);
    if (invoice.applicationId !== payment.applicationId) return refuse('The invoice belongs to another application');
    if (signal.invoiceId && signal.invoiceId !== payment.invoiceId) return refuse('The event names another invoice');
    if (signal.check.trackerId && signal.check.trackerId !== payment.trackerId) return refuse('The gateway recorded this checkout for another payment');
    if (payment.status === 'Success') return finish('ignored', 'Already paid', payment.id);

    if (signal.check.paid === null) {
      await repository.update(tx, payment.id, { lastCheckedOn: now });
      return finish('ignored', 'Not finished at the gateway yet', payment.id);
    }

    const details = await repository.findDetails({ id: payment.id }, tx);
    if (!details) return finish('ignored', 'The payment or its invoice is missing', payment.id);
    const typePath = applicationTypeOfProgram(application.programType) ?? 'qualificationapplication';
    const invoiceNumber = details.invoiceNumberText;
    const money = (cents: number) => formatAmount(cents, invoice.currency);

    if (signal.check.paid === false) {
      const current = payment.gatewayReference ? checkoutIdOf(payment.gatewayReference) : null;
      if (!isOpen(payment.status) || (signal.checkoutId && current && signal.checkoutId !== current)) {
        return finish('ignored', 'The payment is not waiting for this checkout', payment.id);
      }
      await repository.update(tx, payment.id, {
        status: 'Failed',
        transactionStatus: false,
        failureReason: signal.failureReason ?? 'Declined at the gateway',
        lastCheckedOn: now,
        modifiedBy: signal.actorId,
      });
      // An invoice issued to a company (issue 42): its billing contact hears, and pays again from the portal.
      const payer = payerOf(invoice, details);
      await this.deps.mail.send(
        {
          to: payer.email,
          toUserId: payer.userId,
          programId: details.programId,
          subject: `Payment not completed: invoice ${invoiceNumber}`,
          paragraphs: [
            `Dear ${payer.name},`,
            `Your payment of ${money(invoice.totalCents)} for invoice ${invoiceNumber} (application ${details.applicationNumber}${payer.isCompany ? `, ${details.applicantName}` : ''}) was not completed. Nothing has been charged.`,
            `You can try again from the link below until ${formatDateTimeWithZone(payment.expiresOn, accountZone(invoice.issuer.timeZone))}.`,
          ],
          links: [{ label: 'Pay the invoice', url: payer.isCompany ? this.links.companyInvoicesUrl() : this.links.payPageUrl(payment.trackerId) }],
        },
        tx,
      );
      return finish('applied', 'Declined', payment.id);
    }

    // Paid at the gateway: every figure must match the invoice the server issued.
    const expected = invoice.totalCents;
    if (payment.amountCents !== expected) return refuse(`The payment is for ${money(payment.amountCents)} but the invoice total is ${money(expected)}`);
    if (signal.check.amountCents !== expected) return refuse(`The gateway charged ${money(signal.check.amountCents)} but the invoice total is ${money(expected)}`);
    if (signal.reported?.amountCents != null && signal.reported.amountCents !== expected) {
      return refuse(`The event reports ${money(signal.reported.amountCents)} but the invoice total is ${money(expected)}`);
    }
    if (!sameCurrency(signal.check.currency, invoice.currency) || !sameCurrency(payment.currency, invoice.currency)) {
      return refuse(`The gateway charged in ${signal.check.currency || 'no currency'} but the invoice is in ${invoice.currency}`);
    }
    if (signal.reported?.currency != null && !sameCurrency(signal.reported.currency, invoice.currency)) {
      return refuse(`The event reports ${signal.reported.currency} but the invoice is in ${invoice.currency}`);
    }
    const reference = signal.offlineReference ?? signal.check.reference;
    if (invoice.status !== 'Issued') {
      // Money arrived for an invoice already settled (or void): keep the record for a refund.
      await repository.update(tx, payment.id, { failureReason: `Paid at the gateway (${reference}) after invoice ${invoiceNumber} was already ${invoice.status.toLowerCase()}: refund due`, lastCheckedOn: now });
      return refuse(`Invoice ${invoiceNumber} is already ${invoice.status.toLowerCase()}; refund due for ${reference}`);
    }

    const paidOn = signal.paidOn ?? now;
    await repository.update(tx, payment.id, { status: 'Success', transactionStatus: true, paidOn, lastCheckedOn: now, failureReason: null, modifiedBy: signal.actorId });
    await repository.markInvoicePaid(tx, invoice.id, paidOn, signal.actorId);
    // Any other link of the invoice can no longer be paid.
    await repository.expireOpenOfInvoice(tx, invoice.id, signal.actorId);
    for (const listener of this.invoicePaidListeners) await listener(tx, { invoiceId: invoice.id, applicationId: application.id, actorId: signal.actorId });
    // A listener may have moved the application (a paid revalidation fee revalidates it): read the
    // row again under the lock this transaction holds, so this move does not write the old status back.
    const moved = this.invoicePaidListeners.length > 0 ? ((await workflowRepository.lock(tx, application.id)) ?? application) : application;
    const gatewayLabel = PAYMENT_GATEWAY_LABELS[payment.gateway];
    const toStage: WorkflowStage | undefined = canMoveStage(moved.status as ApplicationStatus, moved.workflowStage as WorkflowStage | null, 'Payment Stage Completed')
      ? 'Payment Stage Completed'
      : undefined;
    await moveApplication(tx, workflowRepository, {
      locked: moved,
      typePath,
      toStage,
      what: 'marked paid',
      note: [`Payment received: ${money(expected)} (${gatewayLabel}, ${reference})`, signal.note].filter(Boolean).join('. '),
      actorId: signal.actorId,
    });
    const receipt = `Receipt — invoice ${invoiceNumber}; amount paid ${money(expected)} ${invoice.currency} (including GST ${money(invoice.gstCents)}); date ${formatDate(paidOn, 'day', accountZone(invoice.issuer.timeZone))}; paid by ${gatewayLabel}, reference ${reference}.`;
    const company = invoice.billedTo.company;
    if (company) {
      // Issue 42: the company paid; its billing contact gets the receipt, the person the news.
      await this.deps.mail.send(
        {
          to: invoice.billedTo.email,
          programId: details.programId,
          subject: `Payment received: invoice ${invoiceNumber}`,
          paragraphs: [
            `Dear ${company.contactName || invoice.billedTo.name},`,
            `Thank you: we have received ${invoice.billedTo.name}'s payment for ${details.applicantName}'s application ${details.applicationNumber} (${details.programTitle}).`,
            receipt,
          ],
          links: [{ label: "Your company's invoices", url: this.links.companyInvoicesUrl() }],
        },
        tx,
      );
    }
    await this.deps.mail.send(
      {
        to: details.applicantEmail,
        toUserId: details.applicantUserId,
        programId: details.programId,
        subject: `Payment received: invoice ${invoiceNumber}`,
        paragraphs: company
          ? [
              `Dear ${details.applicantName},`,
              `${invoice.billedTo.name} has paid invoice ${invoiceNumber} for your application ${details.applicationNumber} (${details.programTitle}).`,
              'We will let you know when your examinations are scheduled.',
            ]
          : [
              `Dear ${details.applicantName},`,
              `Thank you: we have received your payment for application ${details.applicationNumber} (${details.programTitle}).`,
              receipt,
              'We will let you know when your examinations are scheduled.',
            ],
        links: [{ label: 'View your application', url: this.links.applicationPageUrl(typePath, application.id) }],
      },
      tx,
    );
    return finish('applied', 'Paid', payment.id);
  }

  /** Asks the payment's gateway about its current checkout and settles what it says; nothing when it is not finished. */
  async recheck(payment: PaymentRow, actorId: string | null): Promise<SettleOutcome | null> {
    if (!payment.gatewayReference || !isCheckoutGateway(payment.gateway)) return null;
    // The checkout is asked of the gateway (and keys) of the account whose invoice it pays.
    const accountId = (await this.deps.repository.findAccountOfTracker(payment.trackerId)) ?? FIRST_ACCOUNT_ID;
    const gateway = await this.gatewayOf(payment.gateway, accountId);
    if (!gateway) return null;
    const check = await gateway.retrieve(payment.gatewayReference);
    if (check.paid === null) {
      await this.deps.repository.touch(payment.id);
      return null;
    }
    const checkoutId = checkoutIdOf(payment.gatewayReference);
    return this.settle({
      gateway: payment.gateway,
      // One re-check verdict per checkout: ten callbacks at once record it once.
      eventId: `recheck:${checkoutId}:${check.paid ? 'paid' : 'declined'}`,
      eventType: 'recheck',
      payload: check,
      trackerId: payment.trackerId,
      check,
      checkoutId,
      failureReason: check.paid ? undefined : failureReasonOf('recheck'),
      actorId,
    });
  }
}
