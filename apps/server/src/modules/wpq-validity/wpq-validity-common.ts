import { expiryToday } from '@certs/shared/award/award-expiry';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { formatDate } from '@certs/shared/common/dates';
import type { WpqValidityOption } from '@certs/shared/wpq/wpq-record.contract';
import type { WpqStandard } from '@certs/shared/wpq/wpq-reference';
import { WPQ_VALIDITY_MESSAGES as M, type WpqConfirmation, type WpqRevalidation } from '@certs/shared/wpq/wpq-validity.contract';
import type { KeptQualification } from '@certs/shared/wpq/wpq-validity-schedule';
import type { Executor } from '../../db/executor';
import type { InvoiceLine } from '../../db/schema/payment';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { MailService, OutgoingMail } from '../../platform/mail/mail.service';
import type { AccountIdentity } from '../account/account.service';
import type { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { ProgramStanding } from '../application/application-workflow.policy';
import { HOLDER_AWARDS_PATH } from '../award/award.service';
import type { ConfirmationRow, KeptFacts, RevalidationRow, WpqValidityRepository } from './wpq-validity.repository';

// What the parts of the validity service (wpq-validity-*.ts, put together in wpq-validity.service.ts) share.

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const day = (value: string) => formatDate(value, 'day');

export interface WpqValidityDeps {
  repository: WpqValidityRepository;
  workflow: ApplicationWorkflowRepository;
  programs: { programPrivilege(actor: CurrentUser, programId: string): Promise<ProgramStanding> };
  attachments: {
    findOwned(ownerUserId: string, ids: string[]): Promise<{ id: string }[]>;
    /** Saved files by id, whoever owns them: the welds' test reports named for whoever reads the validity. */
    findByIds(ids: string[]): Promise<{ id: string; name: string; resourceKey: string }[]>;
    /** The welder's profile photograph for the certificate, or null. */
    readProfilePhoto(applicantId: string): Promise<{ bytes: Buffer; contentType: 'image/jpeg' | 'image/png' } | null>;
  };
  /** The pre-exam module's invoicing (numbering, GST, payment link) for the revalidation fee. */
  invoices: {
    billingOf(applicantId: string, programId: string): Promise<{ billedTo: Parameters<WpqValidityDeps['invoices']['issueInvoice']>[1]['billedTo']; feeBasis: 'member' | 'nonMember' }>;
    /** The account that issues the program's invoices: read before the transaction, handed to issueInvoice. */
    invoiceIssuerOf(programId: string): Promise<AccountIdentity>;
    issueInvoice(
      tx: Executor,
      input: { issuer: AccountIdentity; applicationId: string; billedTo: { name: string; email: string; address: string; memberNumber: string; company?: object | null }; lines: InvoiceLine[]; actorId: string },
    ): Promise<{ invoiceId: string; invoiceNumberText: string; currency: string; totals: { totalCents: number }; payment: { paymentUrl: string } }>;
  };
  /**
   * The payment module's void of an unpaid invoice (`PaymentService.voidInvoice`): the invoice Void,
   * its links closed with the reason; answers the status it found and voids only an Issued one.
   */
  payments: { voidInvoice(tx: Executor, input: { invoiceId: string; reason: string; actorId: string | null }): Promise<'Issued' | 'Paid' | 'Void' | undefined> };
  mail: Pick<MailService, 'send'>;
  publicUrl: string;
  now?: () => Date;
}

export interface Loaded {
  facts: KeptFacts;
  kept: KeptQualification;
  confirmations: ConfirmationRow[];
  revalidations: RevalidationRow[];
}

export function toConfirmation(row: ConfirmationRow & { companyName?: string | null }): WpqConfirmation {
  return {
    id: row.id,
    sequence: row.sequence,
    dueOn: row.dueOn,
    confirmedOn: row.confirmedOn,
    confirmedBy: row.confirmedBy,
    confirmerName: row.confirmerName,
    confirmerPosition: row.confirmerPosition,
    companyName: row.companyName ?? null,
    evidenceNote: row.evidenceNote,
    evidenceAttachmentIds: row.evidenceAttachmentIds,
  };
}

/** A revalidation as answered; the reports' files and the invoice are named by `validity` (null elsewhere). */
export function toRevalidation(row: RevalidationRow): WpqRevalidation {
  return {
    id: row.id,
    status: row.status,
    submittedBy: row.submittedBy,
    welds: (row.welds as Omit<WpqRevalidation['welds'][number], 'testReport'>[]).map((weld) => ({ ...weld, testReport: null })),
    validUntilBefore: row.validUntilBefore,
    validUntilAfter: row.validUntilAfter,
    revalidatedOn: row.revalidatedOn,
    invoiceId: row.invoiceId,
    invoice: null,
    decisionReason: row.decisionReason,
    createdOn: row.createdOn.toISOString(),
  };
}

/** What the shared rule needs, from the record and what was done since. */
export function keptOf(facts: KeptFacts, confirmations: readonly ConfirmationRow[], revalidations: readonly RevalidationRow[]): KeptQualification {
  return {
    standard: (facts.standard === 'AS/NZS 2980:2018' ? 'AS/NZS 2980:2018' : 'ISO 9606-1:2017') as WpqStandard,
    // Validity starts on the day the test piece was welded; an award without one counts from its date.
    testDate: facts.testDate ?? facts.awardedOn,
    option: (facts.validityOption ?? '9.3a') as WpqValidityOption,
    intervalMonths: facts.interval ?? 6,
    confirmedOn: confirmations.map((c) => c.confirmedOn),
    revalidatedOn: revalidations.filter((r) => r.status === 'approved' && r.revalidatedOn).map((r) => r.revalidatedOn!),
  };
}

export const forbidden = () => new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
export const notFound = () => new AppError('NOT_FOUND', M.notFound);

/** A record with what was done since, the awarding body's today, who may act on a record, and the welder's mail: what every part uses. */
export class KeptRecords {
  constructor(private readonly deps: Pick<WpqValidityDeps, 'repository' | 'programs' | 'mail' | 'publicUrl' | 'now'>) {}

  /** Today of the qualification's awarding body (Auckland's for a New Zealand program). */
  today(facts: Pick<KeptFacts, 'timeZone'>): string {
    return expiryToday(this.deps.now?.() ?? new Date(), facts.timeZone);
  }

  /** The record's facts, its confirmations and revalidations, and what the shared rule needs; undefined for no such record. */
  async load(recordId: string, executor?: Executor): Promise<Loaded | undefined> {
    const facts = UUID.test(recordId) ? await this.deps.repository.findKept(recordId, executor) : undefined;
    if (!facts) return undefined;
    const [confirmations, revalidations] = [await this.deps.repository.findConfirmations(recordId, executor), await this.deps.repository.findRevalidations(recordId, executor)];
    return { facts, kept: keptOf(facts, confirmations, revalidations), confirmations, revalidations };
  }

  /** Staff only (anyone else 403, an unknown record 404): the caller's standing in the record's program. */
  async standingFor(actor: CurrentUser, recordId: string): Promise<{ standing: ProgramStanding; programId: string; applicantId: string }> {
    const owner = UUID.test(recordId) ? await this.deps.repository.findRecordOwner(recordId) : undefined;
    if (!owner) throw notFound();
    if (actor.userType !== 'admin') throw forbidden();
    return { standing: await this.deps.programs.programPrivilege(actor, owner.programId), programId: owner.programId, applicantId: owner.applicantId };
  }

  /** A mail to the welder, with the link to their awards. */
  async mailWelder(tx: Executor, facts: KeptFacts, mail: { subject: string; paragraphs: string[]; links?: { label: string; url: string }[] }): Promise<void> {
    // An anonymised holder (decision 016) has an address under .invalid, which no mail reaches.
    if (facts.welderEmail.toLowerCase().endsWith('.invalid')) return;
    const message: OutgoingMail = {
      to: facts.welderEmail,
      toUserId: facts.welderUserId,
      programId: facts.programId,
      subject: mail.subject,
      paragraphs: [`Dear ${facts.welderFirstName},`, ...mail.paragraphs, 'If you have a question, write to us through Contact us.'],
      links: [...(mail.links ?? []), { label: 'Your awards', url: `${this.deps.publicUrl}${HOLDER_AWARDS_PATH}` }],
    };
    await this.deps.mail.send(message, tx);
  }
}
