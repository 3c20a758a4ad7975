import type { CheckoutGatewayName } from '@certs/shared/payment/payment-status';
import type {
  Payment,
  PaymentReportCsvQuery,
  PaymentReportPage,
  PaymentReportQuery,
  PaymentRequestResponse,
  PaymentVerifiedRequest,
  ResendPaymentLinkResponse,
  StaffPaymentType,
  TrackerData,
} from '@certs/shared/payment/payment.contract';
import type { Executor } from '../../db/executor';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { TestGateway } from './gateways/test-gateway';
import { PaymentCheckout, type OpenedPaymentRequest, type OpenPaymentRequestInput } from './payment-checkout';
import { PaymentLinks, type PaymentServiceDeps, type PaymentServiceOptions } from './payment-common';
import { PaymentJobs } from './payment-jobs';
import { PaymentReading } from './payment-reading';
import { PaymentReport } from './payment-report';
import { PaymentSettlement, type InvoicePaidListener, type SettleOutcome, type SettleSignal } from './payment-settlement';
import { PaymentStaffActions } from './payment-staff';

export type { PaymentServiceDeps, PaymentServiceOptions, StripeKeys } from './payment-common';
export type { OpenedPaymentRequest, OpenPaymentRequestInput } from './payment-checkout';
export { failureReasonOf, type InvoicePaidListener, type SettleOutcome, type SettleSignal } from './payment-settlement';

/**
 * Payments of invoices: links, checkouts on a gateway, settling callbacks, offline payments, jobs
 * and the report. The one face routes and other modules call; each part is a payment-*.ts file.
 */
export class PaymentService {
  private readonly links: PaymentLinks;
  private readonly reading: PaymentReading;
  private readonly settlement: PaymentSettlement;
  private readonly checkout: PaymentCheckout;
  private readonly staff: PaymentStaffActions;
  private readonly jobs: PaymentJobs;
  private readonly reports: PaymentReport;

  constructor(deps: PaymentServiceDeps, options: PaymentServiceOptions) {
    this.links = new PaymentLinks(options);
    this.reading = new PaymentReading(deps, this.links);
    this.settlement = new PaymentSettlement(deps, options, this.links);
    this.checkout = new PaymentCheckout(deps, options, this.links, this.reading, this.settlement);
    this.staff = new PaymentStaffActions(deps, this.links, this.reading, this.settlement, this.checkout);
    this.jobs = new PaymentJobs(deps, options, this.settlement);
    this.reports = new PaymentReport(deps);
  }

  // Settling (payment-settlement.ts).

  onInvoicePaid(listener: InvoicePaidListener): void {
    this.settlement.onInvoicePaid(listener);
  }

  handleWebhook(gatewayName: CheckoutGatewayName, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<SettleOutcome> {
    return this.settlement.handleWebhook(gatewayName, rawBody, headers);
  }

  testGateway(): TestGateway {
    return this.settlement.testGateway();
  }

  settle(signal: SettleSignal): Promise<SettleOutcome> {
    return this.settlement.settle(signal);
  }

  /** Voids an Issued invoice and closes its links, in the caller's transaction; answers the status it found. */
  voidInvoice(tx: Executor, input: { invoiceId: string; reason: string; actorId: string | null }): Promise<'Issued' | 'Paid' | 'Void' | undefined> {
    return this.settlement.voidInvoice(tx, input);
  }

  // Reading (payment-reading.ts).

  payPageUrl(trackerId: string): string {
    return this.links.payPageUrl(trackerId);
  }

  findByApplication(actor: CurrentUser, applicationId: string): Promise<Payment[]> {
    return this.reading.findByApplication(actor, applicationId);
  }

  findPayment(actor: CurrentUser, id: string): Promise<Payment> {
    return this.reading.findPayment(actor, id);
  }

  trackerData(actor: CurrentUser, id: string): Promise<TrackerData> {
    return this.reading.trackerData(actor, id);
  }

  // Links and checkouts (payment-checkout.ts).

  openPaymentRequest(tx: Executor, input: OpenPaymentRequestInput): Promise<OpenedPaymentRequest> {
    return this.checkout.openPaymentRequest(tx, input);
  }

  requestPayment(actor: CurrentUser, trackerId: string): Promise<PaymentRequestResponse> {
    return this.checkout.requestPayment(actor, trackerId);
  }

  requestCompanyPayment(actor: CurrentUser, invoiceId: string, returnUrl: string): Promise<PaymentRequestResponse> {
    return this.checkout.requestCompanyPayment(actor, invoiceId, returnUrl);
  }

  checkCompanyPayment(actor: CurrentUser, invoiceId: string): Promise<void> {
    return this.checkout.checkCompanyPayment(actor, invoiceId);
  }

  afterPayment(actor: CurrentUser, trackerId: string): Promise<TrackerData> {
    return this.checkout.afterPayment(actor, trackerId);
  }

  afterZeroPayment(actor: CurrentUser, trackerId: string): Promise<TrackerData> {
    return this.checkout.afterZeroPayment(actor, trackerId);
  }

  // Staff (payment-staff.ts).

  resendLink(actor: CurrentUser, type: StaffPaymentType, id: string, note?: string): Promise<ResendPaymentLinkResponse> {
    return this.staff.resendLink(actor, type, id, note);
  }

  verifyOffline(actor: CurrentUser, type: StaffPaymentType, id: string, input: PaymentVerifiedRequest): Promise<Payment> {
    return this.staff.verifyOffline(actor, type, id, input);
  }

  // Jobs (payment-jobs.ts).

  recheckPending(options?: { olderThanMinutes: number; limit?: number }): Promise<number> {
    return this.jobs.recheckPending(options);
  }

  expireDue(options?: { limit?: number }): Promise<number> {
    return this.jobs.expireDue(options);
  }

  // The report (payment-report.ts).

  report(actor: CurrentUser, query: PaymentReportQuery): Promise<PaymentReportPage> {
    return this.reports.report(actor, query);
  }

  reportPrograms(actor: CurrentUser) {
    return this.reports.reportPrograms(actor);
  }

  reportCsv(actor: CurrentUser, query: PaymentReportCsvQuery): Promise<string> {
    return this.reports.reportCsv(actor, query);
  }
}
