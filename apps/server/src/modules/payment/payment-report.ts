import { applicationTypeOfProgram } from '@certs/shared/application/application-status';
import { dayRangeInZone, formatDate } from '@certs/shared/common/dates';
import { zoneLabel } from '@certs/shared/exam-schedule/exam-schedule-time';
import {
  paymentReportCsvColumns,
  type PaymentReportCsvQuery,
  type PaymentReportPage,
  type PaymentReportQuery,
  type PaymentReportRow,
} from '@certs/shared/payment/payment.contract';
import { PAYMENT_GATEWAY_LABELS } from '@certs/shared/payment/payment-status';
import { gatewayReferenceParts } from '@certs/shared/payment/payment-reference';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { toCsv } from '../../platform/csv';
import { displayed, type PaymentServiceDeps } from './payment-common';
import type { PaymentDetailsRow } from './payment.repository';

/** The payments report of the staff member's account, on screen and as CSV, in the account's days. */
export class PaymentReport {
  constructor(private readonly deps: Pick<PaymentServiceDeps, 'repository' | 'zones'>) {}

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
      displayedStatus: displayed(payment),
    };
  }
}
