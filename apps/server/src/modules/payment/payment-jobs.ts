import { applicationTypeOfProgram } from '@certs/shared/application/application-status';
import { formatAmount, formatInvoiceNumber } from '@certs/shared/payment/payment.contract';
import { moveApplication } from '../application/application-move';
import { isOpen, type PaymentServiceDeps, type PaymentServiceOptions } from './payment-common';
import type { PaymentSettlement } from './payment-settlement';

const JOB_LEASE_SECONDS = 300;

/** The periodic jobs' passes: pending payments asked of their gateway again, links past their time expired. */
export class PaymentJobs {
  constructor(
    private readonly deps: Pick<PaymentServiceDeps, 'repository' | 'workflowRepository'>,
    private readonly options: Pick<PaymentServiceOptions, 'log'>,
    private readonly settlement: PaymentSettlement,
  ) {}

  /** Re-checks Pending payments untouched for a while with their gateway; several instances never check one twice. */
  async recheckPending(options: { olderThanMinutes: number; limit?: number } = { olderThanMinutes: 10 }): Promise<number> {
    const claimed = await this.deps.repository.claim('pending', { olderThanMinutes: options.olderThanMinutes, leaseSeconds: JOB_LEASE_SECONDS, limit: options.limit ?? 20 });
    let settled = 0;
    for (const payment of claimed) {
      try {
        const outcome = await this.settlement.recheck(payment, null);
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
        if (payment.status === 'Pending') await this.settlement.recheck(payment, null);
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
}
