import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { APPLICATION_TYPES, applicationTypeOfProgram, type ApplicationStatus, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { canMoveStage, type WorkflowStage } from '@certs/shared/application/application-workflow';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { EMPLOYER_BILLING_MESSAGES, EMPLOYER_INVOICES_PAGE } from '@certs/shared/employer/employer-billing.contract';
import { dayRangeInZone, formatDate, formatDateTimeWithZone } from '@certs/shared/common/dates';
import { zoneLabel } from '@certs/shared/exam-schedule/exam-schedule-time';
import {
  PAYMENT_MESSAGES,
  PAYMENT_INVOICE_TYPES,
  PAYMENT_MODULE_TYPES,
  paymentReportCsvColumns,
  formatAmount,
  formatInvoiceNumber,
  type Payment,
  type PaymentReportCsvQuery,
  type PaymentReportPage,
  type PaymentReportQuery,
  type PaymentReportRow,
  type PaymentRequestResponse,
  type PaymentVerifiedRequest,
  type ResendPaymentLinkResponse,
  type StaffPaymentType,
  type TrackerData,
} from '@certs/shared/payment/payment.contract';
import {
  CHECKOUT_GATEWAYS,
  OPEN_PAYMENT_STATUSES,
  PAYMENT_GATEWAY_LABELS,
  displayedPaymentStatus,
  type CheckoutGatewayName,
  type PaymentGatewayName,
} from '@certs/shared/payment/payment-status';
import { gatewayReferenceParts } from '@certs/shared/payment/payment-reference';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import { employerCompanyOf, staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { toCsv } from '../../platform/csv';
import type { MailService } from '../../platform/mail/mail.service';
import { moveApplication } from '../application/application-move';
import { canManageApplications, canSeeApplications } from '../application/application-workflow.policy';
import type { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { ProgramService } from '../program/program.service';
import { WebhookSignatureError, type GatewayCheck, type PaymentGateway } from './gateways/payment-gateway';
import { stripeTrackerIdOf } from './gateways/stripe-gateway';
import { checkoutIdOf, type TestGateway } from './gateways/test-gateway';
import type { InvoiceRow, PaymentDetailsRow, PaymentRepository, PaymentRow } from './payment.repository';
import { accountZone, type AccountTimeZones } from '../account/account-time-zone';

export interface PaymentServiceOptions {
  publicUrl: string;
  /** The configured checkout gateway (PAYMENT_GATEWAY). */
  gateway: CheckoutGatewayName;
  linkHours: number;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface PaymentServiceDeps {
  repository: PaymentRepository;
  workflowRepository: ApplicationWorkflowRepository;
  mail: MailService;
  programs: ProgramService;
  /** The gateways this instance can talk to, by name: the platform's, from its configuration. */
  gateways: Partial<Record<CheckoutGatewayName, PaymentGateway>>;
  /** An account's own Stripe keys, kept sealed by the account module; null where it saved none. */
  accounts: { stripeKeysOf(accountId: string): Promise<StripeKeys | null> };
  /** A Stripe gateway on an account's own keys. */
  stripeGatewayOf(keys: StripeKeys): PaymentGateway;
  /** The account's zone: the report's days are its days. */
  zones: Pick<AccountTimeZones, 'ofAccount'>;
}

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string | null;
}

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

export interface SettleOutcome {
  outcome: 'applied' | 'refused' | 'ignored' | 'duplicate';
  reason: string;
  paymentId: string | null;
}

const HOUR_MS = 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const JOB_LEASE_SECONDS = 300;

const isOpen = (status: PaymentRow['status']) => OPEN_PAYMENT_STATUSES.includes(status);
/** A link that can be taken to the gateway now: open or declined (tried again), and not run out. */
const isPayableNow = (payment: PaymentRow) => (isOpen(payment.status) || payment.status === 'Failed') && payment.expiresOn.getTime() > Date.now();
const isCheckoutGateway = (gateway: PaymentGatewayName): gateway is CheckoutGatewayName => (CHECKOUT_GATEWAYS as readonly string[]).includes(gateway);
const sameCurrency = (a: string | null | undefined, b: string) => (a ?? '').toUpperCase() === b.toUpperCase();

/** Payments of invoices: links, checkouts on a gateway, settling callbacks, offline payments, jobs and the report. */
/**
 * Why a payment did not go through, in words the applicant reads on the pay page and staff in the
 * payments table (issue 21 item 8); the gateway's event type itself stays in the event log.
 */
export function failureReasonOf(eventType: string): string {
  if (eventType === 'payment.declined' || eventType === 'checkout.session.async_payment_failed') return 'Declined at the gateway';
  if (eventType === 'checkout.session.expired') return 'The payment page expired before the payment was made';
  return 'Not completed at the gateway';
}

export class PaymentService {
  private readonly invoicePaidListeners: InvoicePaidListener[] = [];

  constructor(
    private readonly deps: PaymentServiceDeps,
    private readonly options: PaymentServiceOptions,
  ) {}

  /** Another module's work when one of its invoices is paid, in the same transaction as the payment (app.ts wires it). */
  onInvoicePaid(listener: InvoicePaidListener): void {
    this.invoicePaidListeners.push(listener);
  }

  /** The applicant's pay page for a payment tracker. */
  payPageUrl(trackerId: string): string {
    return `${this.options.publicUrl}/student/payments/${trackerId}`;
  }

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
    return { trackerId: payment.trackerId, paymentUrl: this.payPageUrl(payment.trackerId), expiresOn };
  }

  // ---------------------------------------------------------------- reading

  async findByApplication(actor: CurrentUser, applicationId: string): Promise<Payment[]> {
    const application = UUID.test(applicationId) ? await this.deps.repository.findApplication(applicationId) : undefined;
    if (!application) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
    await this.authorizeRead(actor, application);
    const rows = await this.deps.repository.findByApplication(applicationId);
    return rows.map((row) => this.toPayment(row));
  }

  async findPayment(actor: CurrentUser, id: string): Promise<Payment> {
    const details = await this.loadReadable(actor, id);
    return this.toPayment(details);
  }

  /** What the pay page needs; `id` is the tracker id of the link (or the payment's id). */
  async trackerData(actor: CurrentUser, id: string): Promise<TrackerData> {
    const details = await this.loadReadable(actor, id);
    return this.toTrackerData(details);
  }

  // ---------------------------------------------------------------- the applicant pays

  /**
   * The owning applicant starts paying: a checkout on the configured gateway; the payment becomes
   * Pending. An invoice issued to the person's employer (issue 42) is the company's to pay.
   */
  async requestPayment(actor: CurrentUser, trackerId: string): Promise<PaymentRequestResponse> {
    const details = await this.loadOwned(actor, trackerId);
    if (details.invoiceCompany) throw new AppError('CONFLICT', PAYMENT_MESSAGES.paidByCompany(details.invoiceCompany.name));
    return this.startCheckout(actor, details, () => this.loadOwned(actor, trackerId), this.payPageUrl(details.payment.trackerId));
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
      await this.settle(this.zeroSignal(details.payment, actor.id));
      return { trackerId: details.payment.trackerId, redirectUrl: returnUrl, status: 'Success' };
    }
    return this.startCheckout(actor, details, load, returnUrl);
  }

  /** Issue 42: the company's user is back from the gateway: its invoice's checkout under way is asked again and settled (idempotent). */
  async checkCompanyPayment(actor: CurrentUser, invoiceId: string): Promise<void> {
    const invoice = await this.companyInvoice(employerCompanyOf(actor), invoiceId);
    const latest = await this.deps.repository.findLatestOfInvoice(invoice.id);
    if (latest && latest.status !== 'Success' && latest.gatewayReference) await this.recheck(latest, actor.id);
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
    this.assertPayable(payment);
    if (payment.amountCents === 0) throw new AppError('CONFLICT', PAYMENT_MESSAGES.zeroUseConfirm);
    // A checkout already under way may have been paid while its callback is still on its way:
    // ask before replacing it, so that money received is never lost.
    if (payment.status === 'Pending' && payment.gatewayReference) {
      await this.recheck(payment, actor.id);
      details = await reload();
      payment = details.payment;
      this.assertPayable(payment);
    }
    const gatewayName = this.options.gateway;
    const gateway = await this.gatewayOf(gatewayName, details.invoiceAccountId);
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
      this.assertPayable(locked);
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
    const details = await this.loadReadable(actor, trackerId);
    if (details.payment.status !== 'Success') await this.recheck(details.payment, actor.id);
    return this.trackerData(actor, trackerId);
  }

  /** Nothing to pay: only when the invoice total kept on the server is zero. */
  async afterZeroPayment(actor: CurrentUser, trackerId: string): Promise<TrackerData> {
    const details = await this.loadOwned(actor, trackerId);
    const payment = details.payment;
    if (payment.amountCents !== 0 || details.invoiceTotalCents !== 0) throw new AppError('CONFLICT', PAYMENT_MESSAGES.notZero);
    if (payment.status !== 'Success') {
      this.assertPayable(payment);
      await this.settle(this.zeroSignal(payment, actor.id));
    }
    return this.trackerData(actor, trackerId);
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

  // ---------------------------------------------------------------- callbacks

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
  private async gatewayOf(name: CheckoutGatewayName, accountId: string): Promise<PaymentGateway | undefined> {
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
  async settle(signal: SettleSignal): Promise<SettleOutcome> {
    try {
      return await this.deps.repository.transaction((tx) => this.settleIn(tx, signal));
    } catch (error) {
      if (isUniqueViolation(error)) return { outcome: 'duplicate', reason: 'This event was already recorded', paymentId: null };
      throw error;
    }
  }

  private async settleIn(tx: Executor, signal: SettleSignal): Promise<SettleOutcome> {
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
      const payer = this.payerOf(invoice, details);
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
          links: [{ label: 'Pay the invoice', url: payer.isCompany ? this.companyInvoicesUrl() : this.payPageUrl(payment.trackerId) }],
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
          links: [{ label: "Your company's invoices", url: this.companyInvoicesUrl() }],
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
        links: [{ label: 'View your application', url: this.applicationPageUrl(typePath, application.id) }],
      },
      tx,
    );
    return finish('applied', 'Paid', payment.id);
  }

  /** Asks the payment's gateway about its current checkout and settles what it says; nothing when it is not finished. */
  private async recheck(payment: PaymentRow, actorId: string | null): Promise<SettleOutcome | null> {
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

  // ---------------------------------------------------------------- staff

  /** Staff send a new payment link: the open one expires, a new one is opened and mailed. */
  async resendLink(actor: CurrentUser, type: StaffPaymentType, id: string, note?: string): Promise<ResendPaymentLinkResponse> {
    const target = await this.loadManaged(actor, type, id);
    const { application, typePath } = target;
    return this.deps.repository.transaction(async (tx) => {
      const locked = await this.deps.workflowRepository.lock(tx, application.id);
      if (!locked) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
      const invoice = await this.lockTargetInvoice(tx, target);
      if (target.waitsAtPaymentStage && (locked.status !== 'Examinations Stage' || locked.workflowStage !== 'Payment Stage Requested')) throw new AppError('CONFLICT', PAYMENT_MESSAGES.notAwaitingPayment);
      const opened = await this.openPaymentRequest(tx, { invoiceId: invoice.id, applicationId: application.id, amountCents: invoice.totalCents, currency: invoice.currency, actorId: actor.id });
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
            links: [{ label: "Your company's invoices", url: this.companyInvoicesUrl() }],
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
              { label: 'View your application', url: this.applicationPageUrl(typePath, application.id) },
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
      const outcome = await this.settleIn(tx, {
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
    return this.toPayment(details);
  }

  // ---------------------------------------------------------------- jobs

  /** Re-checks Pending payments untouched for a while with their gateway; several instances never check one twice. */
  async recheckPending(options: { olderThanMinutes: number; limit?: number } = { olderThanMinutes: 10 }): Promise<number> {
    const claimed = await this.deps.repository.claim('pending', { olderThanMinutes: options.olderThanMinutes, leaseSeconds: JOB_LEASE_SECONDS, limit: options.limit ?? 20 });
    let settled = 0;
    for (const payment of claimed) {
      try {
        const outcome = await this.recheck(payment, null);
        if (outcome?.outcome === 'applied') settled += 1;
      } catch (error) {
        this.options.log.warn({ err: error, trackerId: payment.trackerId }, 'pending payment re-check failed');
      }
    }
    return settled;
  }

  /**
   * Expires links past their time (status Expired, with a history note). A checkout under way is
   * asked first: money the gateway received is recorded, never expired away.
   */
  async expireDue(options: { limit?: number } = {}): Promise<number> {
    const claimed = await this.deps.repository.claim('expired', { olderThanMinutes: 0, leaseSeconds: JOB_LEASE_SECONDS, limit: options.limit ?? 50 });
    let expired = 0;
    for (const payment of claimed) {
      try {
        if (payment.status === 'Pending') await this.recheck(payment, null);
        const didExpire = await this.deps.repository.transaction(async (tx) => {
          const application = await this.deps.workflowRepository.lock(tx, payment.applicationId);
          const locked = await this.deps.repository.lock(tx, payment.id);
          if (!application || !locked || !isOpen(locked.status) || locked.expiresOn.getTime() > Date.now()) return false;
          await this.deps.repository.update(tx, locked.id, { status: 'Expired' });
          const invoice = await this.deps.repository.findInvoice(locked.invoiceId, tx);
          await moveApplication(tx, this.deps.workflowRepository, {
            locked: application,
            typePath: applicationTypeOfProgram(application.programType) ?? 'qualificationapplication',
            what: 'noted',
            note: `Payment link expired unpaid${invoice ? ` (invoice ${formatInvoiceNumber(invoice.invoiceNumber, invoice.issuer.invoicePrefix)}, ${formatAmount(locked.amountCents, locked.currency)})` : ''}`,
            actorId: null,
          });
          return true;
        });
        if (didExpire) expired += 1;
      } catch (error) {
        this.options.log.warn({ err: error, trackerId: payment.trackerId }, 'payment expiry failed');
      }
    }
    return expired;
  }

  // ---------------------------------------------------------------- report

  /** The payments of the staff member's account: another account's never appear. */
  async report(actor: CurrentUser, query: PaymentReportQuery): Promise<PaymentReportPage> {
    const { totalRows, rows } = await this.deps.repository.findReport({ ...(await this.reportFilters(actor, query)), page: query.page, pageSize: query.pageSize });
    return { rows: rows.map((row) => this.toReportRow(row)), page: query.page, pageSize: query.pageSize, totalRows };
  }

  reportPrograms(actor: CurrentUser) {
    return this.deps.repository.findReportPrograms(staffAccountOf(actor));
  }

  async reportCsv(actor: CurrentUser, query: PaymentReportCsvQuery): Promise<string> {
    const filters = await this.reportFilters(actor, query);
    const { rows } = await this.deps.repository.findReport({ ...filters, page: 1, pageSize: 1 }, false);
    // Plain-number strings: toCsv leaves them as they are (a spreadsheet reads them as numbers).
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    return toCsv(
      rows.map((row) => {
        const report = this.toReportRow(row);
        const gateway = gatewayReferenceParts(row.payment.gatewayReference);
        return [
          formatDate(report.paidOn ?? report.createdOn, 'dayTime', filters.timeZone),
          report.invoiceNumber,
          report.applicationNumber,
          report.applicantName,
          `${report.programCode} ${report.programTitle}`,
          dollars(report.amountCents),
          dollars(report.gstCents),
          dollars(report.discountCents),
          PAYMENT_GATEWAY_LABELS[report.gateway],
          row.payment.offlineReference ?? gateway.reference,
          gateway.checkoutId,
          report.displayedStatus,
        ];
      }),
      { columns: paymentReportCsvColumns(zoneLabel(filters.timeZone)) },
    );
  }

  /** The account's payments; the days asked for are the account's days. */
  private async reportFilters(actor: CurrentUser, query: PaymentReportCsvQuery) {
    const accountId = staffAccountOf(actor);
    const timeZone = await this.deps.zones.ofAccount(accountId);
    return {
      accountId,
      timeZone,
      from: query.from ? dayRangeInZone(query.from, timeZone)?.from : undefined,
      to: query.to ? dayRangeInZone(query.to, timeZone)?.to : undefined,
      status: query.status,
      gateway: query.gateway,
      programId: query.programId,
    };
  }

  // ---------------------------------------------------------------- helpers

  private assertPayable(payment: PaymentRow): void {
    if (payment.status === 'Success') throw new AppError('CONFLICT', PAYMENT_MESSAGES.alreadyPaid);
    if (payment.status === 'Expired' || payment.expiresOn.getTime() <= Date.now()) throw new AppError('CONFLICT', PAYMENT_MESSAGES.expired);
  }

  private async findDetailsById(id: string) {
    if (!UUID.test(id)) return undefined;
    return (await this.deps.repository.findDetails({ trackerId: id })) ?? (await this.deps.repository.findDetails({ id }));
  }

  /** The owner applicant, or staff who may see the application's program; others get 404 (applicants) or 403 (staff). */
  private async loadReadable(actor: CurrentUser, id: string): Promise<PaymentDetailsRow> {
    const details = await this.findDetailsById(id);
    if (!details) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
    await this.authorizeRead(actor, { applicantId: details.applicantId, programId: details.programId });
    return details;
  }

  /** Only the applicant who owns the payment; anyone else learns nothing (404). */
  private async loadOwned(actor: CurrentUser, trackerId: string): Promise<PaymentDetailsRow> {
    const details = await this.findDetailsById(trackerId);
    if (!details || actor.userType !== 'applicant' || details.applicantId !== actor.applicantId) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
    return details;
  }

  private async authorizeRead(actor: CurrentUser, application: { applicantId: string; programId: string }): Promise<void> {
    if (actor.userType === 'applicant') {
      if (application.applicantId !== actor.applicantId) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
      return;
    }
    const standing = await this.deps.programs.programPrivilege(actor, application.programId);
    if (!canSeeApplications(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
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

  /** The company's Invoices page in its portal (issue 42). */
  private companyInvoicesUrl(): string {
    return `${this.options.publicUrl}${EMPLOYER_INVOICES_PAGE}`;
  }

  /** Who pays an invoice and hears about its payments: the applicant, or the billing contact of the company it was issued to (issue 42). */
  private payerOf(invoice: InvoiceRow, details: PaymentDetailsRow): { email: string; userId: string | null; name: string; isCompany: boolean } {
    const company = invoice.billedTo.company;
    if (company) return { email: invoice.billedTo.email, userId: null, name: company.contactName || invoice.billedTo.name, isCompany: true };
    return { email: details.applicantEmail, userId: details.applicantUserId, name: details.applicantName, isCompany: false };
  }

  private applicationPageUrl(typePath: ApplicationTypePath, applicationId: string): string {
    return `${this.options.publicUrl}/student/applications/${typePath}/${applicationId}`;
  }

  private displayed(payment: PaymentRow) {
    return displayedPaymentStatus({ status: payment.status, transactionStatus: payment.transactionStatus, amountCents: payment.amountCents });
  }

  private toPayment(details: PaymentDetailsRow): Payment {
    const payment = details.payment;
    return {
      id: payment.id,
      trackerId: payment.trackerId,
      invoiceId: payment.invoiceId,
      invoiceNumber: details.invoiceNumberText,
      applicationId: payment.applicationId,
      applicationNumber: details.applicationNumber,
      gateway: payment.gateway,
      amountCents: payment.amountCents,
      currency: payment.currency,
      status: payment.status,
      displayedStatus: this.displayed(payment),
      transactionStatus: payment.transactionStatus,
      gatewayReference: payment.gatewayReference,
      offlineReference: payment.offlineReference,
      failureReason: payment.failureReason,
      expiresOn: payment.expiresOn.toISOString(),
      paidOn: payment.paidOn?.toISOString() ?? null,
      createdOn: payment.createdOn.toISOString(),
      lastCheckedOn: payment.lastCheckedOn?.toISOString() ?? null,
      paymentUrl: this.payPageUrl(payment.trackerId),
      paidByCompany: details.invoiceCompany?.name ?? null,
    };
  }

  private toTrackerData(details: PaymentDetailsRow): TrackerData {
    const payment = details.payment;
    const isPayable = isOpen(payment.status) || payment.status === 'Failed';
    return {
      trackerId: payment.trackerId,
      paymentId: payment.id,
      status: payment.status,
      displayedStatus: this.displayed(payment),
      transactionStatus: payment.transactionStatus,
      gateway: payment.gateway,
      amountCents: payment.amountCents,
      currency: payment.currency,
      invoiceId: payment.invoiceId,
      invoiceNumber: details.invoiceNumberText,
      applicationId: payment.applicationId,
      applicationNumber: details.applicationNumber,
      applicationType: applicationTypeOfProgram(details.programType) ?? 'qualificationapplication',
      programCode: details.programCode,
      programTitle: details.programTitle,
      expiresOn: payment.expiresOn.toISOString(),
      paidOn: payment.paidOn?.toISOString() ?? null,
      failureReason: payment.failureReason,
      canPay: isPayable && payment.expiresOn.getTime() > Date.now() && details.invoiceStatus === 'Issued' && !details.invoiceCompany,
      isZero: payment.amountCents === 0,
      paidByCompany: details.invoiceCompany?.name ?? null,
    };
  }

  private toReportRow(details: PaymentDetailsRow): PaymentReportRow {
    const payment = details.payment;
    return {
      paymentId: payment.id,
      createdOn: payment.createdOn.toISOString(),
      paidOn: payment.paidOn?.toISOString() ?? null,
      invoiceNumber: details.invoiceNumberText,
      applicationId: payment.applicationId,
      applicationNumber: details.applicationNumber,
      applicationType: applicationTypeOfProgram(details.programType) ?? 'qualificationapplication',
      programId: details.programId,
      applicantName: details.applicantName,
      applicantEmail: details.applicantEmail,
      programCode: details.programCode,
      programTitle: details.programTitle,
      amountCents: payment.amountCents,
      gstCents: details.invoiceGstCents,
      discountCents: details.invoiceDiscountCents,
      currency: payment.currency,
      gateway: payment.gateway,
      reference: payment.offlineReference ?? payment.gatewayReference,
      status: payment.status,
      displayedStatus: this.displayed(payment),
    };
  }
}
