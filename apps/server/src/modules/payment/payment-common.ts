import { EMPLOYER_INVOICES_PAGE } from '@certs/shared/employer/employer-billing.contract';
import type { ApplicationTypePath } from '@certs/shared/application/application-status';
import { OPEN_PAYMENT_STATUSES, displayedPaymentStatus, type CheckoutGatewayName } from '@certs/shared/payment/payment-status';
import type { MailService } from '../../platform/mail/mail.service';
import type { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { ProgramService } from '../program/program.service';
import type { PaymentGateway } from './gateways/payment-gateway';
import type { InvoiceRow, PaymentDetailsRow, PaymentRepository, PaymentRow } from './payment.repository';
import type { AccountTimeZones } from '../account/account-time-zone';

// What the parts of the payment service (payment-*.ts, put together in payment.service.ts) share.

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

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isOpen = (status: PaymentRow['status']) => OPEN_PAYMENT_STATUSES.includes(status);

/** The links a payment's mail and pages send people to. */
export class PaymentLinks {
  constructor(private readonly options: Pick<PaymentServiceOptions, 'publicUrl'>) {}

  /** The applicant's pay page for a payment tracker. */
  payPageUrl(trackerId: string): string {
    return `${this.options.publicUrl}/student/payments/${trackerId}`;
  }

  /** The company's Invoices page in its portal (issue 42). */
  companyInvoicesUrl(): string {
    return `${this.options.publicUrl}${EMPLOYER_INVOICES_PAGE}`;
  }

  applicationPageUrl(typePath: ApplicationTypePath, applicationId: string): string {
    return `${this.options.publicUrl}/student/applications/${typePath}/${applicationId}`;
  }
}

/** Who pays an invoice and hears about its payments: the applicant, or the billing contact of the company it was issued to (issue 42). */
export function payerOf(invoice: InvoiceRow, details: PaymentDetailsRow): { email: string; userId: string | null; name: string; isCompany: boolean } {
  const company = invoice.billedTo.company;
  if (company) return { email: invoice.billedTo.email, userId: null, name: company.contactName || invoice.billedTo.name, isCompany: true };
  return { email: details.applicantEmail, userId: details.applicantUserId, name: details.applicantName, isCompany: false };
}

/** The status staff and the applicant see, from the payment's facts. */
export function displayed(payment: PaymentRow) {
  return displayedPaymentStatus({ status: payment.status, transactionStatus: payment.transactionStatus, amountCents: payment.amountCents });
}
