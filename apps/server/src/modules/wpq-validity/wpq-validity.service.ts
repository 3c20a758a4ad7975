import type {
  ConfirmationDone,
  ConfirmationLinkView,
  ExaminerConfirmationRequest,
  ExtensionLogDetailsRequest,
  ExtensionLogEntry,
  LinkConfirmationRequest,
  RevalidationCancelRequest,
  RevalidationDecisionRequest,
  RevalidationSubmitRequest,
  WpqRenewalPage,
  WpqRenewalSearchRequest,
  WpqRevalidation,
  WpqValidity,
} from '@certs/shared/wpq/wpq-validity.contract';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import type { CurrentUser } from '../../platform/auth/authenticate';
import { WpqValidityCertificate } from './wpq-validity-certificate';
import { KeptRecords, type WpqValidityDeps } from './wpq-validity-common';
import { WpqConfirmations } from './wpq-validity-confirmations';
import { WpqValidityJobs, type DueConfirmationReminder, type ValidityPass } from './wpq-validity-jobs';
import { WpqValidityReading, type HeldQualification } from './wpq-validity-reading';
import { WpqRevalidations } from './wpq-validity-revalidation';

export type { WpqValidityDeps } from './wpq-validity-common';
export { CONFIRM_PAGE_PATH } from './wpq-validity-confirmations';
export type { DueConfirmationReminder, ValidityPass } from './wpq-validity-jobs';
export type { HeldQualification } from './wpq-validity-reading';

/**
 * Keeping a welder qualification valid (issue 18, decision 026). The validity is always the shared
 * `validityOn` rule over the record's test date and option, the confirmations and the approved
 * revalidations. Writes that change what the certificate shows (a confirmation, a revalidation, the
 * end) go through the award row (type, version, history) in the same transaction, under the
 * application's and the award's row locks, in the order every award action takes.
 * The one face routes and other modules call; each part is a wpq-validity-*.ts file.
 */
export class WpqValidityService {
  private readonly reading: WpqValidityReading;
  private readonly certificate: WpqValidityCertificate;
  private readonly confirmations: WpqConfirmations;
  private readonly revalidations: WpqRevalidations;
  private readonly jobs: WpqValidityJobs;

  constructor(deps: WpqValidityDeps) {
    const records = new KeptRecords(deps);
    this.reading = new WpqValidityReading(deps, records);
    this.certificate = new WpqValidityCertificate(deps, this.reading);
    this.confirmations = new WpqConfirmations(deps, records);
    this.revalidations = new WpqRevalidations(deps, records);
    this.jobs = new WpqValidityJobs(deps, records, this.confirmations, this.revalidations);
  }

  // Reading (wpq-validity-reading.ts).

  validity(actor: CurrentUser, recordId: string): Promise<WpqValidity> {
    return this.reading.validity(actor, recordId);
  }

  /** For the certificate: the validity and both tables, without an access check (the caller made it). */
  validityForCertificate(awardId: string): Promise<WpqValidity | null> {
    return this.reading.validityForCertificate(awardId);
  }

  /** The employer portal's people (issue 42): no access check, the caller chose the welders. */
  heldBy(applicantIds: readonly string[]): Promise<HeldQualification[]> {
    return this.reading.heldBy(applicantIds);
  }

  searchDue(actor: CurrentUser, query: z.output<typeof WpqRenewalSearchRequest>): Promise<WpqRenewalPage> {
    return this.reading.searchDue(actor, query);
  }

  countDue(options: { programIds?: readonly string[]; accountId?: string; withinDays: number }): Promise<number> {
    return this.reading.countDue(options);
  }

  // The certificate (wpq-validity-certificate.ts).

  photoChanged(applicantId: string, actorId: string): Promise<void> {
    return this.certificate.photoChanged(applicantId, actorId);
  }

  certificatePdf(awardId: string, options: { verifyUrl: string; stamp?: string; awardingBodyName: string }): Promise<Uint8Array | null> {
    return this.certificate.certificatePdf(awardId, options);
  }

  // Confirmations (wpq-validity-confirmations.ts).

  linkView(token: string): Promise<ConfirmationLinkView> {
    return this.confirmations.linkView(token);
  }

  confirmByLink(token: string, input: z.output<typeof LinkConfirmationRequest>): Promise<ConfirmationDone> {
    return this.confirmations.confirmByLink(token, input);
  }

  confirmByExaminer(actor: CurrentUser, recordId: string, input: z.output<typeof ExaminerConfirmationRequest>): Promise<ConfirmationDone> {
    return this.confirmations.confirmByExaminer(actor, recordId, input);
  }

  /** A company's coordinator confirms in the company's portal (issue 42), in the caller's transaction. */
  confirmByCompany(
    tx: Executor,
    recordId: string,
    input: { confirmerName: string; confirmerPosition: string },
    by: { companyId: string; companyName: string; userId: string; userName: string },
  ): Promise<ConfirmationDone> {
    return this.confirmations.confirmByCompany(tx, recordId, input, by);
  }

  sendLinkNow(actor: CurrentUser, recordId: string): Promise<{ sentTo: string; dueOn: string }> {
    return this.confirmations.sendLinkNow(actor, recordId);
  }

  // Revalidation (wpq-validity-revalidation.ts).

  submitRevalidation(actor: CurrentUser, recordId: string, input: z.output<typeof RevalidationSubmitRequest>): Promise<WpqRevalidation> {
    return this.revalidations.submitRevalidation(actor, recordId, input);
  }

  submitRevalidationByCompany(actor: CurrentUser, recordId: string, input: z.output<typeof RevalidationSubmitRequest>): Promise<WpqRevalidation> {
    return this.revalidations.submitRevalidationByCompany(actor, recordId, input);
  }

  decideRevalidation(actor: CurrentUser, recordId: string, revalidationId: string, input: z.output<typeof RevalidationDecisionRequest>): Promise<WpqRevalidation> {
    return this.revalidations.decideRevalidation(actor, recordId, revalidationId, input);
  }

  /** The payment module's listener, in its settling transaction: a paid fee's invoice makes the extension take effect. */
  invoicePaid(tx: Executor, paid: { invoiceId: string; applicationId: string; actorId: string | null }): Promise<void> {
    return this.revalidations.invoicePaid(tx, paid);
  }

  cancelRevalidation(actor: CurrentUser, recordId: string, revalidationId: string, input: z.output<typeof RevalidationCancelRequest>): Promise<WpqRevalidation> {
    return this.revalidations.cancelRevalidation(actor, recordId, revalidationId, input);
  }

  extensionLogs(actor: CurrentUser, recordId: string): Promise<ExtensionLogEntry[]> {
    return this.revalidations.extensionLogs(actor, recordId);
  }

  addRequestDetails(actor: CurrentUser, input: z.output<typeof ExtensionLogDetailsRequest>): Promise<ExtensionLogEntry[]> {
    return this.revalidations.addRequestDetails(actor, input);
  }

  // The daily job (wpq-validity-jobs.ts).

  runOnce(): Promise<ValidityPass> {
    return this.jobs.runOnce();
  }

  useCompanyReminders(listener: (due: DueConfirmationReminder[]) => Promise<number>): void {
    this.jobs.useCompanyReminders(listener);
  }
}
