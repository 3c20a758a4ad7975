import { applicationTypeOfProgram, type ApplicationStatus } from '@certs/shared/application/application-status';
import { canMove } from '@certs/shared/application/application-workflow';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { expiryToday } from '@certs/shared/award/award-expiry';
import { dayRangeInZone, formatDate } from '@certs/shared/common/dates';
import { PROGRAM_USER_ROLES } from '@certs/shared/program/program-user-role';
import type { WpqValidityOption } from '@certs/shared/wpq/wpq-record.contract';
import type { WpqStandard } from '@certs/shared/wpq/wpq-reference';
import {
  WPQ_VALIDITY_MESSAGES as M,
  type ConfirmationDone,
  type ConfirmationLinkView,
  type ExaminerConfirmationRequest,
  type ExtensionLogDetailsRequest,
  type ExtensionLogEntry,
  type LinkConfirmationRequest,
  type RevalidationCancelRequest,
  type RevalidationDecisionRequest,
  type RevalidationFee,
  type RevalidationSubmitRequest,
  type WpqConfirmation,
  type WpqRenewalPage,
  type WpqRenewalRow,
  type WpqRenewalSearchRequest,
  type WpqRevalidation,
  type WpqValidity,
} from '@certs/shared/wpq/wpq-validity.contract';
import {
  confirmationPeriod,
  dueOfKept,
  dueValidityReminder,
  openConfirmation,
  periodDueOn,
  revalidationWindow,
  validityOfKept,
  type ConfirmationPeriod,
  type KeptDue,
  type KeptQualification,
  type ValidityReminderKind,
} from '@certs/shared/wpq/wpq-validity-schedule';
import { formatCertificateDate } from '@certs/shared/certificate/certificate-template.contract';
import { formatInvoiceNumber, formatMoney } from '@certs/shared/pre-exam/pre-exam-rules';
import type { RangeResult } from '@certs/shared/wpq/wpq-range';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import type { InvoiceLine } from '../../db/schema/payment';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { hashToken, newRandomToken } from '../../platform/auth/tokens';
import type { MailService, OutgoingMail } from '../../platform/mail/mail.service';
import type { AccountIdentity } from '../account/account.service';
import { moveApplication } from '../application/application-move';
import type { ApplicationRow, ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import { canManageApplications, canSeeApplications, isApplicationAdministrator, type ProgramStanding } from '../application/application-workflow.policy';
import { HOLDER_AWARDS_PATH } from '../award/award.service';
import { certificateVariables, renderWpqCertificatePdf, testMethodLabel } from './wpq-certificate-pdf';
import type { ConfirmationRow, KeptFacts, RevalidationRow, WpqValidityRepository } from './wpq-validity.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The public page the employer's link opens. */
export const CONFIRM_PAGE_PATH = '/wpq-confirm';

const day = (value: string) => formatDate(value, 'day');

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

export interface ValidityPass {
  today: string;
  ended: number;
  reminders: number;
  /** Digests mailed to companies' coordinators (the listener's count; issue 42). */
  companyReminders: number;
}

/** A confirmation whose reminder falls due today, for the companies' coordinators' digest (issue 42). */
export interface DueConfirmationReminder {
  recordId: string;
  applicantId: string;
  welderName: string;
  certificateNumber: string;
  programTitle: string;
  sequence: number;
  dueOn: string;
  kind: ValidityReminderKind;
  /** The awarding body's today. */
  today: string;
}

interface Loaded {
  facts: KeptFacts;
  kept: KeptQualification;
  confirmations: ConfirmationRow[];
  revalidations: RevalidationRow[];
}

function toConfirmation(row: ConfirmationRow & { companyName?: string | null }): WpqConfirmation {
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
function toRevalidation(row: RevalidationRow): WpqRevalidation {
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
function keptOf(facts: KeptFacts, confirmations: readonly ConfirmationRow[], revalidations: readonly RevalidationRow[]): KeptQualification {
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

/** A welder's awarded qualification as a company sees it (issue 42): the validity now, what falls due, and the 9.3 b) window. */
export interface HeldQualification {
  facts: KeptFacts;
  validity: WpqValidity;
  /** What falls due, soonest first (`dueOfKept`); empty unless the award is current and the rule says valid. */
  due: KeptDue[];
  /** 9.3 b): the last months of validity in which the two production welds must lie, whether open yet or not. */
  revalidationWindow: { from: string; to: string } | null;
}

const forbidden = () => new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
const notFound = () => new AppError('NOT_FOUND', M.notFound);

/**
 * Keeping a welder qualification valid (issue 18, decision 026). The validity is always the shared
 * `validityOn` rule over the record's test date and option, the confirmations and the approved
 * revalidations. Writes that change what the certificate shows (a confirmation, a revalidation, the
 * end) go through the award row (type, version, history) in the same transaction, under the
 * application's and the award's row locks, in the order every award action takes.
 */
export class WpqValidityService {
  constructor(private readonly deps: WpqValidityDeps) {}

  /** Today of the qualification's awarding body (Auckland's for a New Zealand program). */
  private today(facts: Pick<KeptFacts, 'timeZone'>): string {
    return expiryToday(this.deps.now?.() ?? new Date(), facts.timeZone);
  }

  // ---- Reading ---------------------------------------------------------------------------------

  private async load(recordId: string, executor?: Executor): Promise<Loaded | undefined> {
    const facts = UUID.test(recordId) ? await this.deps.repository.findKept(recordId, executor) : undefined;
    if (!facts) return undefined;
    const [confirmations, revalidations] = [await this.deps.repository.findConfirmations(recordId, executor), await this.deps.repository.findRevalidations(recordId, executor)];
    return { facts, kept: keptOf(facts, confirmations, revalidations), confirmations, revalidations };
  }

  /** The holder reads their own (another's is 404); staff need to see the program's applications (else 403). */
  private async authorizeRead(actor: CurrentUser, recordId: string): Promise<void> {
    const owner = UUID.test(recordId) ? await this.deps.repository.findRecordOwner(recordId) : undefined;
    if (!owner) throw notFound();
    if (actor.userType === 'applicant') {
      if (actor.applicantId !== owner.applicantId) throw notFound();
      return;
    }
    if (!canSeeApplications(actor, await this.deps.programs.programPrivilege(actor, owner.programId))) throw forbidden();
  }

  private async standingFor(actor: CurrentUser, recordId: string): Promise<{ standing: ProgramStanding; programId: string; applicantId: string }> {
    const owner = UUID.test(recordId) ? await this.deps.repository.findRecordOwner(recordId) : undefined;
    if (!owner) throw notFound();
    if (actor.userType !== 'admin') throw forbidden();
    return { standing: await this.deps.programs.programPrivilege(actor, owner.programId), programId: owner.programId, applicantId: owner.applicantId };
  }

  async validity(actor: CurrentUser, recordId: string): Promise<WpqValidity> {
    await this.authorizeRead(actor, recordId);
    const loaded = await this.load(recordId);
    if (!loaded) throw new AppError('NOT_FOUND', M.notAwarded);
    const validity = this.validityOf(loaded);
    // What the panel shows beside a revalidation: each weld's test report (staff decide on them) and the fee's invoice.
    const reportIds = loaded.revalidations.flatMap((row) => row.welds.map((weld) => weld.testReportAttachmentId));
    const files = new Map((reportIds.length ? await this.deps.attachments.findByIds(reportIds) : []).map((file) => [file.id, { name: file.name, resourceKey: file.resourceKey }]));
    const invoices = new Map((await this.deps.repository.findInvoices(loaded.revalidations.flatMap((row) => (row.invoiceId ? [row.invoiceId] : [])))).map((row) => [row.id, row]));
    return {
      ...validity,
      revalidations: validity.revalidations.map((revalidation) => {
        const invoice = revalidation.invoiceId ? invoices.get(revalidation.invoiceId) : undefined;
        return {
          ...revalidation,
          welds: revalidation.welds.map((weld) => ({ ...weld, testReport: files.get(weld.testReportAttachmentId) ?? null })),
          invoice: invoice ? { number: formatInvoiceNumber(invoice.invoiceNumber, invoice.issuer.invoicePrefix), totalCents: invoice.totalCents, currency: invoice.currency, status: invoice.status } : null,
        };
      }),
      revalidationFee: await this.revalidationFeeOf(loaded.facts),
    };
  }

  /** The revalidation fee the welder would be invoiced today (member or non-member, GST-inclusive), where the program offers 9.3 b) revalidation. */
  private async revalidationFeeOf(facts: KeptFacts): Promise<RevalidationFee | null> {
    if (!facts.reValidationProlongation || facts.validityOption !== '9.3b') return null;
    const [{ feeBasis }, issuer] = [await this.deps.invoices.billingOf(facts.applicantId, facts.programId), await this.deps.invoices.invoiceIssuerOf(facts.programId)];
    const amountCents = (feeBasis === 'member' ? facts.revalidationMemberFeeCents : facts.revalidationNonmemberFeeCents) ?? 0;
    return { amountCents, currency: issuer.currency, basis: feeBasis };
  }

  /** For the certificate: the validity and both tables, without an access check (the caller made it). */
  async validityForCertificate(awardId: string): Promise<WpqValidity | null> {
    const facts = await this.deps.repository.findKeptByAward(awardId);
    const loaded = facts ? await this.load(facts.recordId) : undefined;
    return loaded ? this.validityOf(loaded) : null;
  }

  private validityOf(loaded: Loaded): WpqValidity {
    const today = this.today(loaded.facts);
    const { facts, kept } = loaded;
    const rule = validityOfKept(today, kept);
    const ended = facts.awardStatus === 'expired' && rule.isValid ? { isValid: false, reason: M.noLongerValid } : {};
    // The rule names the period's due day even once it is confirmed; people want the next one still to make.
    let nextConfirmationDue = rule.nextConfirmationDue;
    const period = nextConfirmationDue ? periodDueOn(kept, nextConfirmationDue) : null;
    if (period && kept.confirmedOn.some((c) => c > period.periodStart && c <= period.dueOn)) {
      const following = confirmationPeriod(kept, period.sequence + 1).dueOn;
      nextConfirmationDue = rule.validUntil && following > rule.validUntil ? null : following;
    }
    return {
      wpqRecordId: facts.recordId,
      awardId: facts.awardId,
      certificateNumber: facts.certificateNumber,
      today,
      option: kept.option,
      testDate: kept.testDate,
      ...rule,
      nextConfirmationDue,
      ...ended,
      confirmations: loaded.confirmations.map(toConfirmation),
      revalidations: loaded.revalidations.map(toRevalidation),
      revalidationWindow: this.openRevalidationWindow(loaded, rule, today),
      revalidationFee: null,
      messageConfirmation: facts.messageConfirmation ?? '',
      messageProlongation: facts.reValidationProlongation ? (facts.messageProlongation ?? '') : '',
    };
  }

  /** The days production welds may be from when a revalidation (9.3 b) can be asked for today; null otherwise. */
  private openRevalidationWindow(loaded: Loaded, rule: { isValid: boolean; validUntil: string | null }, today: string): { from: string; to: string } | null {
    if (!loaded.facts.reValidationProlongation || loaded.kept.option !== '9.3b' || !rule.isValid || !rule.validUntil || loaded.facts.awardStatus !== 'current') return null;
    // One open at a time: waiting for a decision, or approved and waiting for its fee.
    if (loaded.revalidations.some((revalidation) => revalidation.status === 'submitted' || revalidation.status === 'invoiced')) return null;
    const window = revalidationWindow(rule.validUntil, loaded.kept);
    return today > window.from ? window : null;
  }

  /**
   * The awarded qualifications (award current or on hold, not ended) of these welders, every
   * account's, each with its validity as `validity` answers it, what falls due and the 9.3 b)
   * window: the employer portal's people (issue 42). No access check: the caller chose the welders.
   */
  async heldBy(applicantIds: readonly string[]): Promise<HeldQualification[]> {
    const { facts, confirmations, revalidations } = await this.deps.repository.findHeldBy(applicantIds);
    return facts.map((row) => {
      const own = { confirmations: confirmations.filter((c) => c.wpqRecordId === row.recordId), revalidations: revalidations.filter((r) => r.wpqRecordId === row.recordId) };
      const loaded: Loaded = { facts: row, kept: keptOf(row, own.confirmations, own.revalidations), ...own };
      const validity = this.validityOf(loaded);
      const isCurrent = row.awardStatus === 'current' && validity.isValid;
      return {
        facts: row,
        validity,
        due: isCurrent ? dueOfKept(validity.today, loaded.kept) : [],
        revalidationWindow: isCurrent && loaded.kept.option === '9.3b' && validity.validUntil ? revalidationWindow(validity.validUntil, loaded.kept) : null,
      };
    });
  }

  /** The welder's profile photograph changed: their WPQ certificates print it, so they are issued again. */
  async photoChanged(applicantId: string, actorId: string): Promise<void> {
    await this.deps.repository.reissueCertificatesOf(applicantId, actorId);
  }

  /**
   * The ISO 9606-1 Annex A certificate of a welder qualification award (the certificate module
   * delegates program type 3 here); null when the award has no qualification record, so the
   * program's template draws it instead.
   */
  async certificatePdf(awardId: string, options: { verifyUrl: string; stamp?: string; awardingBodyName: string }): Promise<Uint8Array | null> {
    const facts = UUID.test(awardId) ? await this.deps.repository.findKeptByAward(awardId) : undefined;
    const record = facts ? await this.deps.repository.findCertificateFacts(facts.recordId) : undefined;
    if (!facts || !record) return null;
    const r = record.record;
    const range = (r.rangeOfQualification ?? null) as RangeResult | null;
    const employer = facts.employerName ?? r.employer ?? r.company ?? '';
    return renderWpqCertificatePdf({
      awardingBodyName: options.awardingBodyName,
      certificateNumber: facts.certificateNumber,
      standard: r.standard,
      verifyUrl: options.verifyUrl,
      stamp: options.stamp,
      welderName: `${facts.welderFirstName} ${facts.welderLastName}`,
      photograph: await this.deps.attachments.readProfilePhoto(facts.applicantId),
      identification: r.identificationNumber ?? '',
      methodOfIdentification: r.methodOfIdentification ?? '',
      dateOfBirth: r.dateOfBirth,
      placeOfBirth: r.placeOfBirth ?? '',
      employer,
      acceptanceCriteria: r.testingAcceptanceCriteria ?? '',
      wpsReference: [r.wpsNumber, r.wpsRevision ? `rev. ${r.wpsRevision}` : '', r.wpsDate ? formatCertificateDate(r.wpsDate) : ''].filter(Boolean).join(' ') || '-',
      examinerName: record.examinerFirstName ? `${record.examinerFirstName} ${record.examinerLastName}` : (r.examinerAsIssued ?? '-'),
      examinerReference: record.centreReference ? `${record.centreReference} (${record.centreName})` : '-',
      jobKnowledge: r.jobKnowledge ?? 'Not tested',
      placeOfTesting: r.placeOfTesting ?? record.centreName ?? '',
      testDate: r.testDate,
      issueDate: r.issueDate ?? facts.awardedOn,
      validityOption: r.validityOption,
      variables: certificateVariables(r as unknown as Record<string, unknown>, range),
      designations: range?.designations ?? [],
      tests: record.tests.map((test) => ({
        method: `${testMethodLabel(test.testName)}${test.isRetest ? ' (retest)' : ''}`,
        result: test.result === 'Pass' ? 'Accepted' : test.result === 'Fail' ? 'Not accepted' : 'Not tested',
        note: [test.calculatedValue === null ? '' : `value ${test.calculatedValue}`, test.notes].filter(Boolean).join('; '),
      })),
      numOfConfirmation: facts.numOfConfirmation ?? 4,
      validity: await this.validityForCertificate(awardId),
      revalidationApprovers: Object.fromEntries((await this.deps.repository.findRevalidationApprovers(facts.recordId)).map((row) => [row.id, row.name])),
    });
  }

  // ---- Confirmations ---------------------------------------------------------------------------

  private async linkOf(token: string, executor?: Executor) {
    const link = /^[A-Za-z0-9_-]{20,100}$/.test(token) ? await this.deps.repository.findLinkByHash(hashToken(token), executor) : undefined;
    if (!link) throw new AppError('NOT_FOUND', M.linkInvalid);
    if (link.usedOn) throw new AppError('CONFLICT', M.linkUsed);
    if (link.expiresOn.getTime() <= (this.deps.now?.() ?? new Date()).getTime()) throw new AppError('CONFLICT', M.linkExpired);
    return link;
  }

  /** What the link's page shows (no account): the welder, the range and the period to confirm. */
  async linkView(token: string): Promise<ConfirmationLinkView> {
    const link = await this.linkOf(token);
    const loaded = await this.load(link.wpqRecordId);
    if (!loaded) throw new AppError('NOT_FOUND', M.linkInvalid);
    const period = this.openPeriodFor(loaded, link.sequence);
    return {
      welderName: `${loaded.facts.welderFirstName} ${loaded.facts.welderLastName}`,
      certificateNumber: loaded.facts.certificateNumber,
      programTitle: loaded.facts.programTitle,
      companyName: loaded.facts.employerName ?? '',
      designations: ((loaded.facts.rangeOfQualification as { designations?: string[] } | null)?.designations ?? []).slice(),
      sequence: period.sequence,
      periodStart: period.periodStart,
      dueOn: period.dueOn,
    };
  }

  /** The open period, which must be the one named (a link is for one confirmation). */
  private openPeriodFor(loaded: Loaded, sequence?: number): ConfirmationPeriod {
    if (loaded.facts.awardStatus !== 'current') throw new AppError('CONFLICT', M.noLongerValid);
    const period = openConfirmation(this.today(loaded.facts), loaded.kept);
    if (sequence !== undefined && loaded.confirmations.some((c) => c.sequence === sequence)) throw new AppError('CONFLICT', M.alreadyConfirmed);
    if (!period || (sequence !== undefined && period.sequence !== sequence)) throw new AppError('CONFLICT', validityOfKept(this.today(loaded.facts), loaded.kept).isValid ? M.notDue : M.noLongerValid);
    return period;
  }

  /** The welding coordinator confirms through the link: once, before it expires, for its own welder only. */
  async confirmByLink(token: string, input: z.output<typeof LinkConfirmationRequest>): Promise<ConfirmationDone> {
    const first = await this.linkOf(token);
    return this.confirm(first.wpqRecordId, input, { by: 'employer', linkToken: token, actorId: null });
  }

  /** The examiner (a program user with the examiner role, or who manages the program) confirms instead. */
  async confirmByExaminer(actor: CurrentUser, recordId: string, input: z.output<typeof ExaminerConfirmationRequest>): Promise<ConfirmationDone> {
    const { standing } = await this.standingFor(actor, recordId);
    const isExaminer = standing.programRoles.includes(PROGRAM_USER_ROLES.examiner);
    if (!canSeeApplications(actor, standing) || !(isExaminer || canManageApplications(actor, standing))) throw forbidden();
    if (input.evidenceAttachmentIds.length) {
      const owned = await this.deps.attachments.findOwned(actor.id, input.evidenceAttachmentIds);
      if (owned.length !== new Set(input.evidenceAttachmentIds).size) throw new AppError('BAD_REQUEST', 'Evidence must be files you uploaded', { evidenceAttachmentIds: 'Evidence must be files you uploaded' });
    }
    return this.confirm(recordId, input, { by: 'examiner', actorId: actor.id, evidenceAttachmentIds: input.evidenceAttachmentIds });
  }

  /**
   * A company's coordinator confirms in the company's portal (issue 42): exactly as the mailed link
   * confirms (the same row, the award's type and history, the welder's mail), dated the awarding
   * body's today, in the caller's transaction so that several welders are confirmed all or none.
   * The company and its user are the caller's (from the session); the company must have checked
   * that the record is one of its people's.
   */
  async confirmByCompany(
    tx: Executor,
    recordId: string,
    input: { confirmerName: string; confirmerPosition: string },
    by: { companyId: string; companyName: string; userId: string; userName: string },
  ): Promise<ConfirmationDone> {
    const facts = UUID.test(recordId) ? await this.deps.repository.findKept(recordId, tx) : undefined;
    if (!facts) throw notFound();
    return this.confirmIn(tx, facts, { ...input, confirmedOn: this.today(facts), evidenceNote: '' }, { by: 'employer', actorId: by.userId, company: { id: by.companyId, name: by.companyName }, portalUserName: by.userName });
  }

  private async confirm(
    recordId: string,
    input: { confirmerName: string; confirmerPosition: string; confirmedOn: string; evidenceNote: string },
    how: { by: 'employer' | 'examiner'; actorId: string | null; linkToken?: string; evidenceAttachmentIds?: string[] },
  ): Promise<ConfirmationDone> {
    const facts = await this.deps.repository.findKept(recordId);
    if (!facts) throw notFound();
    return this.deps.repository.transaction((tx) => this.confirmIn(tx, facts, input, how));
  }

  /** One confirmation, under the application's row lock, in the transaction given. */
  private async confirmIn(
    tx: Executor,
    facts: Pick<KeptFacts, 'recordId' | 'applicationId'>,
    input: { confirmerName: string; confirmerPosition: string; confirmedOn: string; evidenceNote: string },
    how: { by: 'employer' | 'examiner'; actorId: string | null; linkToken?: string; evidenceAttachmentIds?: string[]; company?: { id: string; name: string }; portalUserName?: string },
  ): Promise<ConfirmationDone> {
    const recordId = facts.recordId;
    const application = await this.deps.workflow.lock(tx, facts.applicationId);
    if (!application) throw notFound();
    const link = how.linkToken ? await this.linkOf(how.linkToken, tx) : undefined;
    const loaded = await this.load(recordId, tx);
    if (!loaded) throw notFound();
    const period = this.openPeriodFor(loaded, link?.sequence);
    const today = this.today(loaded.facts);
    if (input.confirmedOn > today) throw new AppError('BAD_REQUEST', M.confirmedOnFuture, { confirmedOn: M.confirmedOnFuture });
    if (!(input.confirmedOn > period.periodStart && input.confirmedOn <= period.dueOn)) {
      const message = M.confirmedOnOutside(day(period.periodStart), day(period.dueOn));
      throw new AppError('BAD_REQUEST', message, { confirmedOn: message });
    }
    if (link && !(await this.deps.repository.markLinkUsed(tx, link.id))) throw new AppError('CONFLICT', M.linkUsed);
    const row = await this.deps.repository.insertConfirmation(tx, {
      wpqRecordId: recordId,
      awardId: loaded.facts.awardId,
      sequence: period.sequence,
      dueOn: period.dueOn,
      confirmedOn: input.confirmedOn,
      confirmedBy: how.by,
      confirmerName: input.confirmerName,
      confirmerPosition: input.confirmerPosition,
      companyId: how.by === 'employer' ? (how.company?.id ?? link?.companyId ?? null) : null,
      examinerUserId: how.by === 'examiner' ? how.actorId : null,
      linkId: link?.id ?? null,
      evidenceNote: input.evidenceNote,
      evidenceAttachmentIds: how.evidenceAttachmentIds ?? [],
      createdBy: how.actorId,
      modifiedBy: how.actorId,
    });
    if (!row) throw new AppError('CONFLICT', M.alreadyConfirmed);
    // A Confirmation on the award: its type, a new certificate version (the table gains a row) and history.
    const companyName = how.company?.name ?? loaded.facts.employerName;
    const by = how.by === 'employer' ? `${input.confirmerName}, ${input.confirmerPosition}${companyName ? ` of ${companyName}` : ''}` : `the examiner ${input.confirmerName}`;
    await this.deps.repository.updateAward(tx, loaded.facts.awardId, { awardType: 'Confirmation', certificateVersion: loaded.facts.certificateVersion + 1, modifiedBy: how.actorId });
    await this.deps.repository.insertAwardHistory(tx, {
      awardId: loaded.facts.awardId,
      action: 'confirmation',
      fromStatus: 'current',
      toStatus: 'current',
      reason: `Confirmation ${period.sequence} (due ${day(period.dueOn)}) made on ${day(input.confirmedOn)} by ${by}${how.portalUserName ? ` (in the company's portal, by ${how.portalUserName})` : ''}`,
      createdBy: how.actorId,
      modifiedBy: how.actorId,
    });
    await this.mailWelder(tx, loaded.facts, {
      subject: `Your welder qualification ${loaded.facts.certificateNumber} has been confirmed`,
      paragraphs: [
        `Your welder qualification ${loaded.facts.certificateNumber} (${loaded.facts.programTitle}) was confirmed on ${day(input.confirmedOn)} by ${by}, for the period due on ${day(period.dueOn)}.`,
        loaded.facts.messageConfirmation ?? '',
      ].filter(Boolean),
    });
    return { confirmation: toConfirmation({ ...row, companyName: how.by === 'employer' ? companyName : null }), messageConfirmation: loaded.facts.messageConfirmation ?? '' };
  }

  /** Staff (the program's managers or examiners) mail the employer a link for the open confirmation now. */
  async sendLinkNow(actor: CurrentUser, recordId: string): Promise<{ sentTo: string; dueOn: string }> {
    const { standing } = await this.standingFor(actor, recordId);
    const isExaminer = standing.programRoles.includes(PROGRAM_USER_ROLES.examiner);
    if (!canSeeApplications(actor, standing) || !(isExaminer || canManageApplications(actor, standing))) throw forbidden();
    const loaded = await this.load(recordId);
    if (!loaded) throw new AppError('NOT_FOUND', M.notAwarded);
    const period = this.openPeriodFor(loaded);
    if (!loaded.facts.employerId || !loaded.facts.employerContactEmail) throw new AppError('CONFLICT', M.noEmployer);
    await this.deps.repository.transaction((tx) => this.mailEmployerLink(tx, loaded.facts, period, null, actor.id));
    return { sentTo: loaded.facts.employerContactEmail, dueOn: period.dueOn };
  }

  /** A new single-use link, kept as its hash, valid to the end of the due day (Sydney), in the mail. */
  private async mailEmployerLink(tx: Executor, facts: KeptFacts, period: ConfirmationPeriod, kind: ValidityReminderKind | null, actorId: string | null): Promise<void> {
    if (!facts.employerId || !facts.employerContactEmail) return;
    const token = newRandomToken();
    const expiresOn = dayRangeInZone(period.dueOn)?.to ?? new Date(`${period.dueOn}T23:59:59Z`);
    await this.deps.repository.insertLink(tx, {
      wpqRecordId: facts.recordId,
      sequence: period.sequence,
      dueOn: period.dueOn,
      companyId: facts.employerId,
      sentTo: facts.employerContactEmail,
      tokenHash: hashToken(token),
      expiresOn,
      createdBy: actorId,
      modifiedBy: actorId,
    });
    const welder = `${facts.welderFirstName} ${facts.welderLastName}`;
    const when = kind === '1-week' ? 'in a week' : kind === '1-month' ? 'in a month' : `on ${day(period.dueOn)}`;
    await this.deps.mail.send(
      {
        to: facts.employerContactEmail,
        toUserId: null,
        programId: facts.programId,
        subject: `Please confirm ${welder}'s welder qualification ${facts.certificateNumber} by ${day(period.dueOn)}`,
        paragraphs: [
          `Dear ${facts.employerContactName || 'welding coordinator'},`,
          `${welder}'s welder qualification ${facts.certificateNumber} (${facts.programTitle}) needs its 6-monthly confirmation ${when}: that ${facts.welderFirstName} has kept welding within the range of the qualification since ${day(period.periodStart)}.`,
          `The link below opens a page where you confirm it, with your name and position; no account is needed. It can be used once and expires at the end of ${day(period.dueOn)}.`,
          `Without a confirmation by ${day(period.dueOn)} the qualification ends on that day.`,
        ],
        // Not the program's confirmation message: it is written to the welder (who gets it in their mails).
        links: [{ label: 'Confirm the qualification', url: `${this.deps.publicUrl}${CONFIRM_PAGE_PATH}/${token}` }],
      },
      tx,
    );
  }

  private async mailWelder(tx: Executor, facts: KeptFacts, mail: { subject: string; paragraphs: string[]; links?: { label: string; url: string }[] }): Promise<void> {
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

  // ---- The job: reminders and ends --------------------------------------------------------------

  /** One pass: ends the qualifications whose confirmation (or validity) lapsed and sends the reminders due. */
  async runOnce(): Promise<ValidityPass> {
    const days = new Set<string>();
    let ended = 0;
    let reminders = 0;
    const companyDue: DueConfirmationReminder[] = [];
    for (const facts of await this.deps.repository.findCurrentKept()) {
      // Each qualification on its own body's day: a New Zealand one's reminder goes out after Auckland's midnight.
      const today = this.today(facts);
      days.add(today);
      if (await this.endIfLapsed(facts.recordId, today)) ended += 1;
      else reminders += await this.sendDueReminders(facts.recordId, today, companyDue);
    }
    const companyReminders = this.companyReminders && companyDue.length > 0 ? await this.companyReminders(companyDue) : 0;
    return { today: [...days].sort()[0] ?? expiryToday(this.deps.now?.() ?? new Date()), ended, reminders, companyReminders };
  }

  private companyReminders?: (due: DueConfirmationReminder[]) => Promise<number>;

  /**
   * The company portal's digest (issue 42): after each pass, every confirmation whose reminder is
   * due today (the same days as the welder's, each counted by the listener's own ledger).
   */
  useCompanyReminders(listener: (due: DueConfirmationReminder[]) => Promise<number>): void {
    this.companyReminders = listener;
  }

  /**
   * Ends one qualification whose validity lapsed, in one transaction: the application's row lock,
   * then the award's, everything read again, the end recorded once (its key), the award expired
   * with history, the application moved (Award Withdrawn) and the welder mailed. A second instance
   * waits on the locks and then finds the award expired. A revalidation approved but unpaid does
   * not keep the qualification (decision 044): the request is closed as lapsed, its invoice void,
   * and the award ends on its old day as any other; one still waiting for staff's decision does.
   */
  private endIfLapsed(recordId: string, today: string): Promise<boolean> {
    return this.deps.repository.transaction(async (tx) => {
      const before = await this.deps.repository.findKept(recordId, tx);
      if (!before) return false;
      const application = await this.deps.workflow.lock(tx, before.applicationId);
      await this.deps.repository.lockAward(tx, before.awardId);
      const loaded = await this.load(recordId, tx);
      if (!application || !loaded || loaded.facts.awardStatus !== 'current') return false;
      const rule = validityOfKept(today, loaded.kept);
      if (rule.isValid || !rule.endedOn) return false;
      const typePath = applicationTypeOfProgram(loaded.facts.programType);
      const unpaid = application.status === 'Applied for Revalidation' ? loaded.revalidations.find((revalidation) => revalidation.status === 'invoiced') : undefined;
      // An undecided revalidation keeps the award until it is decided, as a renewal does.
      if (!typePath || !canMove('withdrawAward', unpaid ? 'Awarded' : (application.status as ApplicationStatus), typePath)) return false;
      if (!(await this.deps.repository.recordEnd(tx, { wpqRecordId: recordId, endedOn: rule.endedOn, reason: rule.reason }))) return false;
      const lapse = unpaid ? await this.lapseRevalidation(tx, loaded, application, unpaid, rule.endedOn) : undefined;
      await this.deps.repository.updateAward(tx, loaded.facts.awardId, { status: 'expired', statusReason: rule.reason, certificateVersion: loaded.facts.certificateVersion + 1, modifiedBy: null });
      await this.deps.repository.insertAwardHistory(tx, { awardId: loaded.facts.awardId, action: 'expire', fromStatus: 'current', toStatus: 'expired', reason: rule.reason, createdBy: null, modifiedBy: null });
      await moveApplication(tx, this.deps.workflow, { locked: lapse?.application ?? application, typePath, action: 'withdrawAward', what: 'expired', note: `The qualification ended on ${day(rule.endedOn)}: ${rule.reason}`, actorId: null });
      await this.mailWelder(tx, loaded.facts, {
        subject: `Your welder qualification ${loaded.facts.certificateNumber} has ended`,
        paragraphs: [
          `Your welder qualification ${loaded.facts.certificateNumber} (${loaded.facts.programTitle}) ended on ${day(rule.endedOn)}. ${rule.reason}`,
          ...(lapse ? [lapse.words] : []),
          'The verification page now shows it as expired. A new test is a new application.',
        ],
      });
      if (lapse) await this.mailManagerOfLapse(tx, loaded.facts, lapse.words);
      return true;
    });
  }

  /**
   * Closes an approved revalidation whose fee is still unpaid on the day the qualification ends:
   * the invoice void (a payment arriving later is refused and refunded), the request `lapsed`, the
   * application back to Awarded (from where the award ends as any other), logged. Answers the
   * application row as moved and the words the welder and the program's manager read.
   */
  private async lapseRevalidation(tx: Executor, loaded: Loaded, application: ApplicationRow, revalidation: RevalidationRow, endedOn: string): Promise<{ application: ApplicationRow; words: string }> {
    const number = await this.invoiceNumberOf(revalidation.invoiceId, tx);
    const words = `The revalidation approved for it lapsed: invoice ${number} for the revalidation fee was not paid by ${day(endedOn)}, so the validity was not extended. The invoice is cancelled and can no longer be paid.`;
    if (revalidation.invoiceId) await this.voidInvoice(tx, { invoiceId: revalidation.invoiceId, reason: `Invoice ${number} was cancelled: the revalidation fee was not paid by ${day(endedOn)}, when the qualification ended.`, actorId: null });
    await this.deps.repository.updateRevalidation(tx, revalidation.id, { status: 'lapsed', decisionReason: `The fee (invoice ${number}) was not paid by ${day(endedOn)}`, modifiedBy: null });
    await this.deps.repository.insertLog(tx, { wpqRecordId: revalidation.wpqRecordId, revalidationId: revalidation.id, event: 'lapsed', requestDetails: `Invoice ${number} unpaid when the validity ended on ${day(endedOn)}: the request is closed and the invoice void`, createdBy: null, modifiedBy: null });
    const moved = await moveApplication(tx, this.deps.workflow, {
      locked: application,
      typePath: applicationTypeOfProgram(loaded.facts.programType)!,
      action: 'revalidate',
      what: 'closed as lapsed',
      note: `Revalidation lapsed: invoice ${number} for the fee was not paid by ${day(endedOn)}; the invoice is void and the validity was not extended`,
      actorId: null,
    });
    return { application: { ...application, status: moved.status, workflowStage: moved.stage }, words };
  }

  /** The program's manager hears of a lapse: staff may have expected the payment. */
  private async mailManagerOfLapse(tx: Executor, facts: KeptFacts, words: string): Promise<void> {
    const manager = await this.deps.repository.findProgramManager(facts.programId, tx);
    if (!manager) return;
    await this.deps.mail.send(
      {
        to: manager.email,
        toUserId: manager.id,
        programId: facts.programId,
        subject: `Revalidation lapsed unpaid: ${facts.certificateNumber} (${facts.welderFirstName} ${facts.welderLastName})`,
        paragraphs: [`Dear ${manager.firstName},`, `The welder qualification ${facts.certificateNumber} of ${facts.welderFirstName} ${facts.welderLastName} (${facts.programTitle}) has ended. ${words}`],
        links: [],
      },
      tx,
    );
  }

  /** The payment module voids the invoice of a lapsed or cancelled revalidation (decision 044). */
  private voidInvoice(tx: Executor, input: { invoiceId: string; reason: string; actorId: string | null }) {
    return this.deps.payments.voidInvoice(tx, input);
  }

  /** An invoice's number as printed (with the prefix it was issued under). */
  private async invoiceNumberOf(invoiceId: string | null, executor?: Executor): Promise<string> {
    const [invoice] = invoiceId ? await this.deps.repository.findInvoices([invoiceId], executor) : [];
    return invoice ? formatInvoiceNumber(invoice.invoiceNumber, invoice.issuer.invoicePrefix) : 'of the revalidation fee';
  }

  /** The reminder due now for the open confirmation, to the welder and to the employer (with a link), each once. */
  private async sendDueReminders(recordId: string, today: string, companyDue: DueConfirmationReminder[]): Promise<number> {
    const loaded = await this.load(recordId);
    if (!loaded || loaded.facts.awardStatus !== 'current') return 0;
    const period = openConfirmation(today, loaded.kept);
    const kind = period ? dueValidityReminder(period.dueOn, today) : null;
    if (!period || !kind) return 0;
    const { facts } = loaded;
    companyDue.push({ recordId, applicantId: facts.applicantId, welderName: `${facts.welderFirstName} ${facts.welderLastName}`, certificateNumber: facts.certificateNumber, programTitle: facts.programTitle, sequence: period.sequence, dueOn: period.dueOn, kind, today });
    let sent = 0;
    const recipients: ('welder' | 'employer')[] = loaded.facts.employerContactEmail ? ['welder', 'employer'] : ['welder'];
    for (const recipient of recipients) {
      const isNew = await this.deps.repository.transaction(async (tx) => {
        if (!(await this.deps.repository.recordReminder(tx, { wpqRecordId: recordId, sequence: period.sequence, dueOn: period.dueOn, recipient, kind, sentOn: today }))) return false;
        if (recipient === 'employer') await this.mailEmployerLink(tx, loaded.facts, period, kind, null);
        else {
          await this.mailWelder(tx, loaded.facts, {
            subject: `Your welder qualification ${loaded.facts.certificateNumber} needs its confirmation by ${day(period.dueOn)}`,
            paragraphs: [
              `Your welder qualification ${loaded.facts.certificateNumber} (${loaded.facts.programTitle}) needs its 6-monthly confirmation by ${day(period.dueOn)}: your employer's welding coordinator or the examiner confirms that you have kept welding within its range.`,
              loaded.facts.employerName ? `We have sent ${loaded.facts.employerName} a link to confirm it.` : 'Your profile names no employer: choose your employer in your profile, or ask the examiner to confirm.',
              `Without a confirmation by ${day(period.dueOn)} the qualification ends on that day.`,
            ],
          });
        }
        return true;
      });
      if (isNew) sent += 1;
    }
    return sent;
  }

  // ---- Revalidation (9.3 b) ---------------------------------------------------------------------

  /** The welder (their own) or staff who manage the program submit two production welds of the last 6 months of validity. */
  async submitRevalidation(actor: CurrentUser, recordId: string, input: z.output<typeof RevalidationSubmitRequest>): Promise<WpqRevalidation> {
    let submittedBy: 'welder' | 'staff';
    if (actor.userType === 'applicant') {
      const owner = UUID.test(recordId) ? await this.deps.repository.findRecordOwner(recordId) : undefined;
      if (!owner || owner.applicantId !== actor.applicantId) throw notFound();
      submittedBy = 'welder';
    } else {
      const { standing } = await this.standingFor(actor, recordId);
      if (!canManageApplications(actor, standing)) throw forbidden();
      submittedBy = 'staff';
    }
    return this.submitRevalidationAs(actor, recordId, input, submittedBy);
  }

  /**
   * A company's coordinator sends the two production welds of one of the company's people, with
   * the test reports they uploaded (issue 42): a revalidation like the welder's, submitted by the
   * employer. The company checked that the record is one of its people's.
   */
  submitRevalidationByCompany(actor: CurrentUser, recordId: string, input: z.output<typeof RevalidationSubmitRequest>): Promise<WpqRevalidation> {
    return this.submitRevalidationAs(actor, recordId, input, 'employer');
  }

  private async submitRevalidationAs(actor: CurrentUser, recordId: string, input: z.output<typeof RevalidationSubmitRequest>, submittedBy: 'welder' | 'staff' | 'employer'): Promise<WpqRevalidation> {
    const reports = input.welds.map((w) => w.testReportAttachmentId);
    if ((await this.deps.attachments.findOwned(actor.id, reports)).length !== new Set(reports).size) {
      throw new AppError('BAD_REQUEST', 'Each test report must be a file you uploaded', { welds: 'Each test report must be a file you uploaded' });
    }
    const facts = await this.deps.repository.findKept(recordId);
    if (!facts) throw new AppError('NOT_FOUND', M.notAwarded);
    return this.deps.repository.transaction(async (tx) => {
      const application = await this.deps.workflow.lock(tx, facts.applicationId);
      const loaded = await this.load(recordId, tx);
      if (!application || !loaded) throw notFound();
      if (!loaded.facts.reValidationProlongation) throw new AppError('CONFLICT', M.revalidationNotOffered);
      if (loaded.kept.option !== '9.3b') throw new AppError('CONFLICT', M.revalidationOptionB);
      const today = this.today(loaded.facts);
      const rule = validityOfKept(today, loaded.kept);
      if (!rule.isValid || !rule.validUntil || loaded.facts.awardStatus !== 'current') throw new AppError('CONFLICT', M.noLongerValid);
      const window = revalidationWindow(rule.validUntil, loaded.kept);
      const latest = today < window.to ? today : window.to;
      if (input.welds.some((w) => !(w.weldedOn > window.from && w.weldedOn <= latest))) {
        const message = M.weldWindow(day(window.from), day(window.to));
        throw new AppError('BAD_REQUEST', message, { welds: message });
      }
      const typePath = applicationTypeOfProgram(loaded.facts.programType);
      if (!typePath) throw notFound();
      const row = await this.deps.repository.insertRevalidation(tx, {
        wpqRecordId: recordId,
        awardId: loaded.facts.awardId,
        submittedBy,
        welds: input.welds,
        validUntilBefore: rule.validUntil,
        createdBy: actor.id,
        modifiedBy: actor.id,
      });
      if (!row) throw new AppError('CONFLICT', M.revalidationOpen);
      await moveApplication(tx, this.deps.workflow, { locked: application, typePath, action: 'applyForRevalidation', what: 'revalidated', note: `Revalidation asked for with two production welds (valid until ${day(rule.validUntil)})`, actorId: actor.id });
      await this.deps.repository.insertLog(tx, { wpqRecordId: recordId, revalidationId: row.id, event: 'requested', requestDetails: input.welds.map((w) => `${w.description} (${w.testMethod}, ${day(w.weldedOn)})`).join('; '), createdBy: actor.id, modifiedBy: actor.id });
      return toRevalidation(row);
    });
  }

  /**
   * Staff decide. Approve with a fee (the program's member or non-member revalidation fee) issues
   * its invoice through the pre-exam invoicing (numbering, GST, payment link) and leaves the
   * revalidation `invoiced`: the extension is worked out and named now, and takes effect when the
   * invoice is paid (`invoicePaid`, the payment module's listener); until then the application stays
   * Applied for Revalidation, which also keeps the validity job from ending the award. Approve
   * without a fee extends at once. Refuse withdraws the award with the reason, as the transition
   * table says.
   */
  async decideRevalidation(actor: CurrentUser, recordId: string, revalidationId: string, input: z.output<typeof RevalidationDecisionRequest>): Promise<WpqRevalidation> {
    const { standing, applicantId } = await this.standingFor(actor, recordId);
    if (!canManageApplications(actor, standing)) throw forbidden();
    const facts = await this.deps.repository.findKept(recordId);
    if (!facts || !UUID.test(revalidationId)) throw notFound();
    const billing = input.decision === 'approve' ? await this.deps.invoices.billingOf(applicantId, facts.programId) : undefined;
    const issuer = input.decision === 'approve' ? await this.deps.invoices.invoiceIssuerOf(facts.programId) : undefined;
    return this.deps.repository.transaction(async (tx) => {
      const application = await this.deps.workflow.lock(tx, facts.applicationId);
      const revalidation = await this.deps.repository.findRevalidation(revalidationId, tx, true);
      if (!application || !revalidation || revalidation.wpqRecordId !== recordId) throw notFound();
      if (revalidation.status !== 'submitted') throw new AppError('CONFLICT', M.revalidationNotOpen);
      const typePath = applicationTypeOfProgram(facts.programType)!;
      if (input.decision === 'refuse') {
        await this.deps.repository.updateRevalidation(tx, revalidation.id, { status: 'refused', decisionReason: input.reason, decidedOn: new Date(), decidedBy: actor.id, modifiedBy: actor.id });
        await moveApplication(tx, this.deps.workflow, { locked: application, typePath, action: 'refuseRevalidation', what: 'refused', note: `Revalidation refused: ${input.reason}`, actorId: actor.id });
        await this.deps.repository.updateAward(tx, facts.awardId, { status: 'withdrawn', statusReason: input.reason, certificateVersion: facts.certificateVersion + 1, modifiedBy: actor.id });
        await this.deps.repository.insertAwardHistory(tx, { awardId: facts.awardId, action: 'revalidation refused', fromStatus: 'current', toStatus: 'withdrawn', reason: input.reason, createdBy: actor.id, modifiedBy: actor.id });
        await this.deps.repository.insertLog(tx, { wpqRecordId: recordId, revalidationId: revalidation.id, event: 'refused', requestDetails: input.reason, createdBy: actor.id, modifiedBy: actor.id });
        await this.mailWelder(tx, facts, { subject: `Your revalidation of ${facts.certificateNumber} was refused`, paragraphs: [`The revalidation of your welder qualification ${facts.certificateNumber} was refused: ${input.reason}`] });
        return toRevalidation({ ...revalidation, status: 'refused', decisionReason: input.reason });
      }
      const isMember = billing!.feeBasis === 'member';
      const feeCents = (isMember ? facts.revalidationMemberFeeCents : facts.revalidationNonmemberFeeCents) ?? 0;
      const decided = { decisionReason: input.reason || null, decidedOn: new Date(), decidedBy: actor.id };
      if (feeCents <= 0) return this.completeRevalidation(tx, { ...revalidation, ...decided }, actor.id, 'There is no revalidation fee, so the extension applies at once.');
      const loaded = await this.load(recordId, tx);
      if (!loaded) throw notFound();
      const validUntilAfter = this.extendedUntil(loaded, revalidation);
      const invoice = await this.deps.invoices.issueInvoice(tx, {
        issuer: issuer!,
        applicationId: facts.applicationId,
        billedTo: billing!.billedTo,
        lines: [{ applicationModuleId: '', moduleCode: 'REVALIDATION', moduleTitle: `Revalidation of ${facts.certificateNumber} (ISO 9606-1 9.3 b)`, feeBasis: billing!.feeBasis, isRequired: true, amountCents: feeCents }],
        actorId: actor.id,
      });
      const fee = `${formatMoney(invoice.totals.totalCents, invoice.currency)} including GST`;
      await this.deps.repository.updateRevalidation(tx, revalidation.id, { status: 'invoiced', invoiceId: invoice.invoiceId, isMemberFee: isMember, validUntilAfter, ...decided, modifiedBy: actor.id });
      // The decision is recorded on the application; its status moves when the fee is paid.
      await moveApplication(tx, this.deps.workflow, {
        locked: application,
        typePath,
        what: 'revalidated',
        note: `Revalidation approved${input.reason ? `: ${input.reason}` : ''}. Invoice ${invoice.invoiceNumberText} (${fee}) issued for the fee; valid until ${day(validUntilAfter)} once it is paid`,
        actorId: actor.id,
      });
      await this.deps.repository.insertLog(tx, {
        wpqRecordId: recordId,
        revalidationId: revalidation.id,
        event: 'invoiced',
        requestDetails: `Invoice ${invoice.invoiceNumberText} issued for the ${isMember ? 'member' : 'non-member'} revalidation fee (${fee}); the extension until ${day(validUntilAfter)} applies when it is paid`,
        createdBy: actor.id,
        modifiedBy: actor.id,
      });
      const company = billing!.billedTo.company ? billing!.billedTo.name : null;
      await this.mailWelder(tx, facts, {
        subject: `Your revalidation of ${facts.certificateNumber} is approved: invoice ${invoice.invoiceNumberText}`,
        paragraphs: [
          `The revalidation of your welder qualification ${facts.certificateNumber} is approved.`,
          company
            ? `Invoice ${invoice.invoiceNumberText} for the revalidation fee (${fee}) was issued to ${company}, which pays it.`
            : `Invoice ${invoice.invoiceNumberText} for the revalidation fee (${fee}) is issued: pay it with the link below.`,
          `Once it is paid, your qualification is valid until ${day(validUntilAfter)}. Until then it stays valid until ${day(revalidation.validUntilBefore)}.`,
        ],
        links: company ? [] : [{ label: 'Pay the invoice', url: invoice.payment.paymentUrl }],
      });
      return { ...toRevalidation({ ...revalidation, status: 'invoiced', invoiceId: invoice.invoiceId, validUntilAfter, ...decided }), invoice: { number: invoice.invoiceNumberText, totalCents: invoice.totals.totalCents, currency: invoice.currency, status: 'Issued' } };
    });
  }

  /**
   * The payment module's listener, in its settling transaction (which holds the application's
   * lock): a paid revalidation fee's invoice makes the approved extension take effect. When the
   * application can no longer be revalidated (staff moved it meanwhile) the payment is logged and
   * staff decide what follows; the payment itself always goes through.
   */
  async invoicePaid(tx: Executor, paid: { invoiceId: string; applicationId: string; actorId: string | null }): Promise<void> {
    const revalidation = await this.deps.repository.findRevalidationByInvoice(tx, paid.invoiceId);
    if (!revalidation || revalidation.status !== 'invoiced') return;
    const number = await this.invoiceNumberOf(paid.invoiceId, tx);
    const application = await this.deps.workflow.lock(tx, paid.applicationId);
    const loaded = await this.load(revalidation.wpqRecordId, tx);
    const typePath = loaded ? applicationTypeOfProgram(loaded.facts.programType) : undefined;
    const canRevalidate = !!application && !!typePath && canMove('revalidate', application.status as ApplicationStatus, typePath);
    await this.deps.repository.insertLog(tx, {
      wpqRecordId: revalidation.wpqRecordId,
      revalidationId: revalidation.id,
      event: 'paid',
      requestDetails: canRevalidate ? `Invoice ${number} paid` : `Invoice ${number} paid, but the application is ${application?.status ?? 'missing'}: not extended; staff decide what follows`,
      createdBy: paid.actorId,
      modifiedBy: paid.actorId,
    });
    if (canRevalidate) await this.completeRevalidation(tx, revalidation, paid.actorId, `Invoice ${number} for the revalidation fee is paid.`);
  }

  /**
   * Staff who decide cancel an open request (submitted, or approved and waiting for its fee) with a
   * reason (decision 044): the fee's invoice void, the request `cancelled`, the application back
   * to Awarded (where it was when the welder asked), logged and the welder told. A second cancel,
   * or one after the fee was paid, changes nothing.
   */
  async cancelRevalidation(actor: CurrentUser, recordId: string, revalidationId: string, input: z.output<typeof RevalidationCancelRequest>): Promise<WpqRevalidation> {
    const { standing } = await this.standingFor(actor, recordId);
    if (!canManageApplications(actor, standing)) throw forbidden();
    const facts = await this.deps.repository.findKept(recordId);
    if (!facts || !UUID.test(revalidationId)) throw notFound();
    return this.deps.repository.transaction(async (tx) => {
      const application = await this.deps.workflow.lock(tx, facts.applicationId);
      const revalidation = await this.deps.repository.findRevalidation(revalidationId, tx, true);
      if (!application || !revalidation || revalidation.wpqRecordId !== recordId) throw notFound();
      if (revalidation.status !== 'submitted' && revalidation.status !== 'invoiced') throw new AppError('CONFLICT', M.revalidationNotCancellable);
      const number = revalidation.invoiceId ? await this.invoiceNumberOf(revalidation.invoiceId, tx) : null;
      if (revalidation.invoiceId) {
        const found = await this.voidInvoice(tx, { invoiceId: revalidation.invoiceId, reason: `Invoice ${number} was cancelled with the revalidation request: ${input.reason}`, actorId: actor.id });
        if (found === 'Paid') throw new AppError('CONFLICT', M.revalidationFeePaid);
      }
      const decided = { decisionReason: input.reason, decidedOn: new Date(), decidedBy: actor.id };
      await this.deps.repository.updateRevalidation(tx, revalidation.id, { status: 'cancelled', ...decided, modifiedBy: actor.id });
      const voided = number ? `; invoice ${number} is void` : '';
      // Back where it was when the welder asked: the transition table's only move from Applied for Revalidation to Awarded.
      await moveApplication(tx, this.deps.workflow, { locked: application, typePath: applicationTypeOfProgram(facts.programType)!, action: 'revalidate', what: 'cancelled', note: `Revalidation request cancelled: ${input.reason}${voided}`, actorId: actor.id });
      await this.deps.repository.insertLog(tx, { wpqRecordId: recordId, revalidationId: revalidation.id, event: 'cancelled', requestDetails: `${input.reason}${voided}`, createdBy: actor.id, modifiedBy: actor.id });
      await this.mailWelder(tx, facts, {
        subject: `Your revalidation request for ${facts.certificateNumber} was cancelled`,
        paragraphs: [
          `Your request to revalidate your welder qualification ${facts.certificateNumber} was cancelled: ${input.reason}`,
          ...(number ? [`Invoice ${number} for the revalidation fee is cancelled: there is nothing to pay.`] : []),
          `Your qualification stays valid until ${day(revalidation.validUntilBefore)}, unless a new request is approved and, where there is a fee, paid before then.`,
        ],
      });
      return toRevalidation({ ...revalidation, status: 'cancelled', ...decided });
    });
  }

  /** The day revalidated is the later weld's day (inside the window); the validity runs 2 years from it, by the shared rule. */
  private extendedUntil(loaded: Loaded, revalidation: RevalidationRow): string {
    const revalidatedOn = revalidation.welds.map((w) => w.weldedOn).sort().at(-1)!;
    const after = validityOfKept(this.today(loaded.facts), { ...loaded.kept, revalidatedOn: [...loaded.kept.revalidatedOn, revalidatedOn] });
    return after.validUntil ?? revalidation.validUntilBefore;
  }

  /** The extension takes effect: the validity runs 2 years from the later weld's day; the application is Awarded again. */
  private async completeRevalidation(tx: Executor, revalidation: RevalidationRow, actorId: string | null, paymentNote: string): Promise<WpqRevalidation> {
    const loaded = await this.load(revalidation.wpqRecordId, tx);
    if (!loaded) throw notFound();
    const application = await this.deps.workflow.lock(tx, loaded.facts.applicationId);
    if (!application) throw notFound();
    const revalidatedOn = revalidation.welds.map((w) => w.weldedOn).sort().at(-1)!;
    const validUntilAfter = this.extendedUntil(loaded, revalidation);
    const note = revalidation.decisionReason;
    await this.deps.repository.updateRevalidation(tx, revalidation.id, {
      status: 'approved',
      revalidatedOn,
      validUntilAfter,
      decisionReason: note,
      decidedOn: revalidation.decidedOn ?? new Date(),
      decidedBy: revalidation.decidedBy ?? actorId,
      modifiedBy: actorId,
    });
    await moveApplication(tx, this.deps.workflow, { locked: application, typePath: applicationTypeOfProgram(loaded.facts.programType)!, action: 'revalidate', what: 'revalidated', note: `Revalidated until ${day(validUntilAfter)}${note ? `: ${note}` : ''}`, actorId });
    await this.deps.repository.updateAward(tx, loaded.facts.awardId, { awardType: 'Revalidation', certificateVersion: loaded.facts.certificateVersion + 1, modifiedBy: actorId });
    await this.deps.repository.insertAwardHistory(tx, { awardId: loaded.facts.awardId, action: 'revalidated', fromStatus: 'current', toStatus: 'current', reason: `Revalidated until ${day(validUntilAfter)} (was ${day(revalidation.validUntilBefore)})`, createdBy: actorId, modifiedBy: actorId });
    await this.deps.repository.insertLog(tx, { wpqRecordId: revalidation.wpqRecordId, revalidationId: revalidation.id, event: 'approved', requestDetails: `Extended until ${day(validUntilAfter)} (was ${day(revalidation.validUntilBefore)})`, createdBy: actorId, modifiedBy: actorId });
    await this.mailWelder(tx, loaded.facts, {
      subject: `Your welder qualification ${loaded.facts.certificateNumber} is revalidated`,
      paragraphs: [`Your welder qualification ${loaded.facts.certificateNumber} is revalidated: it is valid until ${day(validUntilAfter)}. ${paymentNote}`, loaded.facts.messageProlongation ?? ''].filter(Boolean),
    });
    return toRevalidation({ ...revalidation, status: 'approved', revalidatedOn, validUntilAfter });
  }

  // ---- Staff lists ------------------------------------------------------------------------------

  /** `applicant/search/wpqrenewal`: welders whose confirmation or end of validity falls due within the days given, in the caller's programs. */
  async searchDue(actor: CurrentUser, query: z.output<typeof WpqRenewalSearchRequest>): Promise<WpqRenewalPage> {
    if (actor.userType !== 'admin') throw forbidden();
    const page = query.currentPage ?? query.page;
    const pageSize = query.perPageCount ?? query.pageSize;
    const readable = new Map<string, boolean>();
    // A program named is one the caller reads (another account's answers 404, as everywhere).
    if (query.programId && !canSeeApplications(actor, await this.deps.programs.programPrivilege(actor, query.programId))) throw forbidden();
    const rows = await this.dueRows({
      programIds: query.programId ? [query.programId] : undefined,
      // Administrators read every program of their account, never another account's.
      accountId: staffAccountOf(actor),
      withinDays: query.withinDays,
      searchTerm: query.searchTerm,
      isReadable: async (programId) => {
        if (!readable.has(programId)) readable.set(programId, isApplicationAdministrator(actor) || canSeeApplications(actor, await this.deps.programs.programPrivilege(actor, programId)));
        return readable.get(programId)!;
      },
    });
    return { rows: rows.slice((page - 1) * pageSize, page * pageSize), page, pageSize, totalRows: rows.length };
  }

  /**
   * How many rows the Welders due list holds for the programs given, or for every program of the
   * account given, within the days given: the dashboard's "confirmations due", counted by the
   * list's own rule.
   */
  async countDue(options: { programIds?: readonly string[]; accountId?: string; withinDays: number }): Promise<number> {
    if (options.programIds && options.programIds.length === 0) return 0;
    return (await this.dueRows({ ...options, isReadable: async () => true })).length;
  }

  /** The welders whose confirmation, revalidation or new test falls due within the days given, soonest first. */
  private async dueRows(options: { programIds?: readonly string[]; accountId?: string; withinDays: number; searchTerm?: string; isReadable: (programId: string) => Promise<boolean> }): Promise<WpqRenewalRow[]> {
    const rows: WpqRenewalRow[] = [];
    const term = options.searchTerm?.trim().toLowerCase();
    for (const facts of await this.deps.repository.findCurrentKept({ programIds: options.programIds, accountId: options.accountId })) {
      if (!(await options.isReadable(facts.programId))) continue;
      const welderName = `${facts.welderFirstName} ${facts.welderLastName}`;
      if (term && ![welderName, facts.welderEmail, facts.certificateNumber, facts.employerName ?? ''].some((v) => v.toLowerCase().includes(term))) continue;
      const loaded = await this.load(facts.recordId);
      if (!loaded) continue;
      const today = this.today(facts);
      const horizon = new Date(`${today}T00:00:00Z`);
      horizon.setUTCDate(horizon.getUTCDate() + options.withinDays);
      const until = horizon.toISOString().slice(0, 10);
      const rule = validityOfKept(today, loaded.kept);
      if (!rule.isValid) continue;
      const due = dueOfKept(today, loaded.kept);
      // An open revalidation request waits for staff whatever falls due: listed, and said so (issue 45).
      const request = loaded.revalidations.find((revalidation) => revalidation.status === 'submitted' || revalidation.status === 'invoiced');
      const first = due.filter((c) => c.dueOn <= until)[0] ?? (request ? due[0] : undefined);
      if (!first) continue;
      rows.push({
        wpqRecordId: facts.recordId,
        awardId: facts.awardId,
        applicantId: facts.applicantId,
        applicationId: facts.applicationId,
        programId: facts.programId,
        welderName,
        email: facts.welderEmail,
        certificateNumber: facts.certificateNumber,
        programCode: facts.programCode,
        option: loaded.kept.option,
        companyName: facts.employerName,
        nextConfirmationDue: rule.nextConfirmationDue,
        validUntil: rule.validUntil,
        ...first,
        revalidationRequest: request ? { status: request.status as 'submitted' | 'invoiced', submittedBy: request.submittedBy, submittedOn: request.createdOn.toISOString() } : null,
      });
    }
    rows.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.certificateNumber.localeCompare(b.certificateNumber));
    return rows;
  }

  async extensionLogs(actor: CurrentUser, recordId: string): Promise<ExtensionLogEntry[]> {
    const { standing } = await this.standingFor(actor, recordId);
    if (!canSeeApplications(actor, standing)) throw forbidden();
    return (await this.deps.repository.findLogs(recordId)).map((row) => ({ id: row.id, revalidationId: row.revalidationId, event: row.event, requestDetails: row.requestDetails, createdOn: row.createdOn.toISOString(), createdBy: row.createdBy }));
  }

  /** `wpqextensionlogs/update/requestdetails`: staff who manage the program add details to an extension request's log. */
  async addRequestDetails(actor: CurrentUser, input: z.output<typeof ExtensionLogDetailsRequest>): Promise<ExtensionLogEntry[]> {
    const { standing } = await this.standingFor(actor, input.wpqRecordId);
    if (!canManageApplications(actor, standing)) throw forbidden();
    if (input.revalidationId) {
      const revalidation = await this.deps.repository.findRevalidation(input.revalidationId);
      if (!revalidation || revalidation.wpqRecordId !== input.wpqRecordId) throw notFound();
    }
    await this.deps.repository.transaction((tx) =>
      this.deps.repository.insertLog(tx, { wpqRecordId: input.wpqRecordId, revalidationId: input.revalidationId, event: 'details', requestDetails: input.requestDetails, createdBy: actor.id, modifiedBy: actor.id }),
    );
    return this.extensionLogs(actor, input.wpqRecordId);
  }
}
