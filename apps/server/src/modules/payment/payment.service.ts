import type { CheckoutGatewayName } from '@certs/shared/payment/payment-status';
import type { Executor } from '../../db/executor';
import type { MailService } from '../../platform/mail/mail.service';
import type { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { PaymentGateway } from './gateways/payment-gateway';
import type { PaymentRepository } from './payment.repository';

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
  /** The gateways this instance can talk to, by name. */
  gateways: Partial<Record<CheckoutGatewayName, PaymentGateway>>;
}

export interface OpenPaymentRequestInput {
  invoiceId: string;
  applicationId: string;
  amountCents: number;
  currency: 'AUD';
  actorId: string | null;
}

export interface OpenedPaymentRequest {
  trackerId: string;
  paymentUrl: string;
  expiresOn: Date;
}

const HOUR_MS = 60 * 60 * 1000;

/** Payments of invoices: links, checkouts on a gateway, settling callbacks, offline payments and the report. */
export class PaymentService {
  constructor(
    private readonly deps: PaymentServiceDeps,
    private readonly options: PaymentServiceOptions,
  ) {}

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
}
