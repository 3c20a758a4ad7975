import { applicationTypeOfProgram } from '@certs/shared/application/application-status';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { PAYMENT_MESSAGES, type Payment, type TrackerData } from '@certs/shared/payment/payment.contract';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import { canSeeApplications } from '../application/application-workflow.policy';
import { displayed, isOpen, UUID, type PaymentLinks, type PaymentServiceDeps } from './payment-common';
import type { PaymentDetailsRow } from './payment.repository';

/** Reading payments: who may see one (the owner applicant, staff of its program), and the payment and pay page as they are shown. */
export class PaymentReading {
  constructor(
    private readonly deps: Pick<PaymentServiceDeps, 'repository' | 'programs'>,
    private readonly links: PaymentLinks,
  ) {}

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

  private async findDetailsById(id: string) {
    if (!UUID.test(id)) return undefined;
    return (await this.deps.repository.findDetails({ trackerId: id })) ?? (await this.deps.repository.findDetails({ id }));
  }

  /** The owner applicant, or staff who may see the application's program; others get 404 (applicants) or 403 (staff). */
  async loadReadable(actor: CurrentUser, id: string): Promise<PaymentDetailsRow> {
    const details = await this.findDetailsById(id);
    if (!details) throw new AppError('NOT_FOUND', PAYMENT_MESSAGES.notFound);
    await this.authorizeRead(actor, { applicantId: details.applicantId, programId: details.programId });
    return details;
  }

  /** Only the applicant who owns the payment; anyone else learns nothing (404). */
  async loadOwned(actor: CurrentUser, trackerId: string): Promise<PaymentDetailsRow> {
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

  toPayment(details: PaymentDetailsRow): Payment {
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
      displayedStatus: displayed(payment),
      transactionStatus: payment.transactionStatus,
      gatewayReference: payment.gatewayReference,
      offlineReference: payment.offlineReference,
      failureReason: payment.failureReason,
      expiresOn: payment.expiresOn.toISOString(),
      paidOn: payment.paidOn?.toISOString() ?? null,
      createdOn: payment.createdOn.toISOString(),
      lastCheckedOn: payment.lastCheckedOn?.toISOString() ?? null,
      paymentUrl: this.links.payPageUrl(payment.trackerId),
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
      displayedStatus: displayed(payment),
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
}
