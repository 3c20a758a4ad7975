import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import type { ApplicationStatus } from '@certs/shared/application/application-status';
import { isInRenewalWindow, reminderDates } from '@certs/shared/award/award-expiry';
import { formatDay } from '@certs/shared/common/dates';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import {
  RENEWAL_MESSAGES,
  RENEWAL_STATUS_LABELS,
  RENEWAL_TYPES,
  RenewalActionRequest,
  renewalTypeOfProgram,
  RenewalSaveRequest,
  type Renewal,
  type RenewalQueueQuery,
  type RenewalQueuePage,
  type RenewalStatus,
  type RenewalTypePath,
} from '@certs/shared/renewal/renewal.contract';
import { localOfInstant } from '@certs/shared/exam-schedule/exam-schedule-time';
import { formatInvoiceNumber, formatMoney } from '@certs/shared/pre-exam/pre-exam-rules';
import type { RenewalRules, RenewalRulesRequest } from '@certs/shared/renewal/renewal-module.contract';
import { cpdHoursInPeriod, cpdHoursText, formatCpdHours, graceEndsOn, isInPeriod, lateStanding } from '@certs/shared/renewal/renewal-rules';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import type { RenewalDevelopmentEntry } from '../../db/schema/renewal';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { MailService, OutgoingMail } from '../../platform/mail/mail.service';
import { dayIn } from '../account/account-time-zone';
import { moveApplication } from '../application/application-move';
import type { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { AwardRenewer } from '../award/award.service';
import { HOLDER_AWARDS_PATH } from '../award/award.service';
import type { ProgramService } from '../program/program.service';
import type { ProgramStanding } from '../application/application-workflow.policy';
import { canManageRenewals, isRenewalHolder } from './renewal.policy';
import type { PreExamService } from '../pre-exam/pre-exam.service';
import type { RenewalRepository, RenewalTableRow } from './renewal.repository';
import type { ImpartialityGuard } from '../impartiality/impartiality.guard';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface RenewalDeps {
  repository: RenewalRepository;
  workflow: ApplicationWorkflowRepository;
  awards: AwardRenewer;
  programs: Pick<ProgramService, 'programPrivilege'>;
  /** Invoices (an AICIP renewal's modules, a late fee): the pre-exam stage's numbering, billing, GST and payment link. */
  invoicing: Pick<PreExamService, 'billingOf' | 'invoiceIssuerOf' | 'issueInvoice'>;
  mail: Pick<MailService, 'send'>;
  /** Issue 43: the decision to renew or refuse is a certification decision, judged as one. */
  impartiality: Pick<ImpartialityGuard, 'assertMayDecide'>;
  publicUrl: string;
  now?: () => Date;
}

type AwardFacts = NonNullable<Awaited<ReturnType<RenewalRepository['findAward']>>>;
type Rules = Awaited<ReturnType<RenewalRepository['findRules']>>;
type ModuleWithNames = Awaited<ReturnType<RenewalRepository['findModules']>>[number];
type InvoiceFacts = NonNullable<Awaited<ReturnType<RenewalRepository['findInvoice']>>>;

function badRequest(error: z.ZodError): AppError {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'body';
    fieldErrors[key] ??= issue.message;
  }
  return new AppError('BAD_REQUEST', error.issues[0]?.message ?? 'Invalid request', fieldErrors);
}

/**
 * Renewals of a certification (issue 17, decision 023): the holder's renewal form (draft, submit:
 * Awarded -> Applied for Renewal), staff's queue per program and the decision (renew: the award's
 * expiry moves on by the renewal period from the old expiry; refuse: Award Withdrawn), each move
 * with its history and a mail, in one transaction under the application's row lock.
 */
export class RenewalService {
  constructor(private readonly deps: RenewalDeps) {}

  /** Today of the award's awarding body (Auckland's for a New Zealand program). */
  private today(found: Pick<AwardFacts, 'timeZone'>): string {
    return dayIn(found.timeZone, this.deps.now?.() ?? new Date());
  }

  /** The award of the holder's renewal, or 404 (another holder's, another type's, or none). */
  private async holderAward(actor: CurrentUser, typePath: RenewalTypePath, awardId: string, db?: Executor): Promise<AwardFacts> {
    const found = UUID.test(awardId) ? await this.deps.repository.findAward(awardId, db) : undefined;
    if (!found || !isRenewalHolder(actor, found.award) || found.award.programType !== RENEWAL_TYPES[typePath].programType) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.awardNotFound);
    return found;
  }

  /**
   * Why the holder may not apply now (null: they may); `open` is the award's open renewal. Before
   * expiry the window is open from six months before to the expiry day; after it (the award
   * expired, or about to be by the hourly job) the program's late-renewal rule decides.
   */
  private blockedReason(found: AwardFacts, open: RenewalTableRow | undefined, rules: Rules): string | null {
    const { award } = found;
    const expiredByJob = award.status === 'expired' && found.applicationStatus === 'Award Withdrawn';
    if (award.status !== 'current' && !expiredByJob) return RENEWAL_MESSAGES.awardNotCurrent;
    if (!award.expiresOn) return RENEWAL_MESSAGES.notRenewable;
    if (open?.status === 'submitted' || (!expiredByJob && found.applicationStatus !== 'Awarded')) return RENEWAL_MESSAGES.alreadyOpen;
    const today = this.today(found);
    const standing = lateStanding(award.expiresOn, today, rules);
    if (standing === 'noLateRenewal' || (expiredByJob && standing === 'onTime')) return RENEWAL_MESSAGES.noLateRenewal(award.expiresOn);
    if (standing === 'graceOver') return RENEWAL_MESSAGES.graceOver(graceEndsOn(award.expiresOn, rules) ?? award.expiresOn);
    if (standing === 'onTime' && !isInRenewalWindow(award.expiresOn, today)) return RENEWAL_MESSAGES.outsideWindow(reminderDates(award.expiresOn)['6-months'], award.expiresOn);
    return null;
  }

  /**
   * Why staff may not renew yet (null: they may): the renewal's invoice unpaid, and for AICIP the
   * modules not invoiced or a required one not passed.
   */
  private renewBlockedReason(typePath: RenewalTypePath, renewal: RenewalTableRow, invoice: InvoiceFacts | undefined, modules: ModuleWithNames[]): string | null {
    if (renewal.status !== 'submitted') return null;
    if (RENEWAL_TYPES[typePath].hasModules && !renewal.invoiceId) return RENEWAL_MESSAGES.modulesNotInvoiced;
    if (invoice && invoice.status !== 'Paid') return RENEWAL_MESSAGES.invoiceNotPaid(formatInvoiceNumber(invoice.invoiceNumber, invoice.issuer.invoicePrefix));
    const notPassed = modules.filter((m) => m.row.isRequired && m.row.result !== 'Pass').map((m) => m.moduleCode);
    if (notPassed.length > 0) return RENEWAL_MESSAGES.modulesNotPassed(notPassed);
    return null;
  }

  async view(typePath: RenewalTypePath, found: AwardFacts, renewal: RenewalTableRow | undefined, db?: Executor): Promise<Renewal> {
    const { award } = found;
    const [requirements, development, requiredNow, renewedFrom, rules, modules, invoice] = await Promise.all([
      this.deps.repository.findRequirements(award.programId, db),
      this.deps.repository.findDevelopment(award.applicantId, db),
      this.deps.repository.findRequiredCpdHours(award.programId, db),
      this.deps.repository.findLastRenewedFrom(award.id, db),
      this.deps.repository.findRules(award.programId, db),
      renewal ? this.deps.repository.findModules(renewal.id, db) : Promise.resolve([]),
      renewal?.invoiceId ? this.deps.repository.findInvoice(renewal.invoiceId, db) : Promise.resolve(undefined),
    ]);
    const decided = renewal && renewal.status !== 'draft';
    // Once submitted, the form shows what was submitted (the profile may have changed since).
    const periodStart = renewedFrom ?? award.awardedOn;
    const periodEnd = decided ? (renewal.previousExpiresOn ?? award.expiresOn) : award.expiresOn;
    const selected = new Set(renewal?.developmentIds ?? []);
    const entries: RenewalDevelopmentEntry[] = decided ? renewal.developmentEntries : development;
    const answers = new Map((renewal?.answers ?? []).map((a) => [a.requirementId, a.answerText]));
    const listed = entries.map(({ inPeriod, ...e }) => ({ ...e, inPeriod: decided ? inPeriod === true : isInPeriod(e.startDate, periodStart, periodEnd), selected: decided ? true : selected.has(e.id) }));
    const open = renewal && (renewal.status === 'draft' || renewal.status === 'submitted') ? renewal : undefined;
    const blockedReason = renewal && decided ? null : this.blockedReason(found, open, rules);
    return {
      id: renewal?.id ?? null,
      typePath,
      status: (renewal?.status as RenewalStatus | undefined) ?? null,
      awardId: award.id,
      applicationId: award.applicationId,
      applicationNumber: found.applicationNumber,
      applicationStatus: found.applicationStatus as ApplicationStatus,
      programId: award.programId,
      programCode: found.programCode,
      programTitle: found.programTitle,
      holderName: `${found.firstName} ${found.lastName}`.trim(),
      certificateNumber: award.certificateNumber,
      awardStatus: award.status,
      periodStart,
      expiresOn: award.expiresOn,
      windowOpensOn: award.expiresOn ? reminderDates(award.expiresOn)['6-months'] : null,
      canApply: !decided && blockedReason === null,
      blockedReason: decided ? null : blockedReason,
      requiredCpdHours: decided ? (renewal.requiredCpdHours ?? requiredNow) : requiredNow,
      cpdHours: decided ? (renewal.cpdHours ?? 0) : cpdHoursInPeriod(listed.filter((e) => e.selected), periodStart, periodEnd),
      requirements: requirements.map((r) => ({ ...r, answerText: answers.get(r.id) ?? '' })),
      development: listed,
      submittedOn: renewal?.submittedOn?.toISOString() ?? null,
      previousExpiresOn: renewal?.previousExpiresOn ?? null,
      newExpiresOn: renewal?.newExpiresOn ?? null,
      decisionReason: renewal?.decisionReason ?? null,
      decidedOn: renewal?.decidedOn?.toISOString() ?? null,
      isLate: renewal?.isLate ?? false,
      lateFeeCents: renewal?.lateFeeCents ?? null,
      currency: found.currency,
      graceEndsOn: award.expiresOn ? graceEndsOn(award.expiresOn, rules) : null,
      hasModules: RENEWAL_TYPES[typePath].hasModules,
      invoice: invoice
        ? { id: invoice.id, invoiceNumberText: formatInvoiceNumber(invoice.invoiceNumber, invoice.issuer.invoicePrefix), totalCents: invoice.totalCents, currency: invoice.currency, status: invoice.status, payPath: invoice.status === 'Issued' && invoice.trackerId ? `/student/payments/${invoice.trackerId}` : null }
        : null,
      modules: modules.map((m) => this.moduleView(m)),
      previousCertificateNumber: renewal?.previousCertificateNumber ?? null,
      newCertificateNumber: renewal?.newCertificateNumber ?? null,
      renewBlockedReason: renewal ? this.renewBlockedReason(typePath, renewal, invoice, modules) : null,
    };
  }

  private moduleView({ row, moduleCode, moduleTitle, examinationType }: ModuleWithNames): Renewal['modules'][number] {
    return {
      id: row.id,
      programModuleId: row.programModuleId,
      moduleCode,
      moduleTitle,
      examinationType,
      isRequired: row.isRequired,
      feeCents: row.feeCents,
      feeBasis: row.feeBasis,
      examKind: row.examKind,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      scheduledLocal: row.scheduledAt && row.scheduleTimeZone ? localOfInstant(row.scheduledAt, row.scheduleTimeZone) : null,
      scheduleTimeZone: row.scheduleTimeZone,
      durationMinutes: row.durationMinutes,
      venueId: row.venueId,
      testingAgencyId: row.testingAgencyId,
      examinerId: row.examinerId,
      invigilatorId: row.invigilatorId,
      scheduleNote: row.scheduleNote,
      scheduleSentOn: row.scheduleSentOn?.toISOString() ?? null,
      result: row.result,
      resultPercentage: row.resultPercentage,
      resultNotes: row.resultNotes,
    };
  }

  // ---- The holder ------------------------------------------------------------------------------

  /** The renewal form of the holder's award: its open renewal, or a blank one, with whether they may apply now. */
  async formFor(actor: CurrentUser, typePath: RenewalTypePath, awardId: string): Promise<Renewal> {
    const found = await this.holderAward(actor, typePath, awardId);
    return this.view(typePath, found, await this.deps.repository.findOpen(found.award.id));
  }

  /** Saves the draft (created on the first save; one open renewal per award). */
  async save(actor: CurrentUser, typePath: RenewalTypePath, body: unknown): Promise<Renewal> {
    const parsed = RenewalSaveRequest.safeParse(body ?? {});
    if (!parsed.success) throw badRequest(parsed.error);
    const input = parsed.data;
    const found = await this.holderAward(actor, typePath, input.awardId);
    await this.checkChoices(found, input);
    const rules = await this.deps.repository.findRules(found.award.programId);
    const id = await this.deps.repository.transaction(async (tx) => {
      const open = await this.deps.repository.findOpen(found.award.id, tx);
      const blocked = this.blockedReason(found, open, rules);
      if (blocked) throw new AppError('CONFLICT', blocked);
      const values = { answers: input.answers, developmentIds: [...new Set(input.developmentIds)], modifiedBy: actor.id };
      if (open) {
        await this.deps.repository.update(tx, open.id, values);
        return open.id;
      }
      try {
        const row = await this.deps.repository.insert(tx, {
          ...values,
          awardId: found.award.id,
          applicationId: found.award.applicationId,
          applicantId: found.award.applicantId,
          programId: found.award.programId,
          programType: found.award.programType,
          createdBy: actor.id,
        });
        return row.id;
      } catch (error) {
        // Two saves at once: the partial unique index keeps one open renewal.
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', RENEWAL_MESSAGES.alreadyOpen);
        throw error;
      }
    });
    return this.view(typePath, found, await this.deps.repository.findById(id));
  }

  /** Requirement answers must be the program's, and CPD entries the holder's own (400, nothing saved). */
  private async checkChoices(found: AwardFacts, input: { answers: { requirementId: string }[]; developmentIds: string[] }): Promise<void> {
    const requirementIds = new Set((await this.deps.repository.findRequirements(found.award.programId)).map((r) => r.id));
    if (input.answers.some((a) => !requirementIds.has(a.requirementId))) throw new AppError('BAD_REQUEST', RENEWAL_MESSAGES.unknownRequirement, { answers: RENEWAL_MESSAGES.unknownRequirement });
    const own = new Set((await this.deps.repository.findDevelopment(found.award.applicantId)).map((d) => d.id));
    if (input.developmentIds.some((id) => !own.has(id))) throw new AppError('BAD_REQUEST', RENEWAL_MESSAGES.unknownDevelopment, { developmentIds: RENEWAL_MESSAGES.unknownDevelopment });
  }

  /**
   * Submits the draft: every requirement answered, the chosen CPD entries copied with their hours
   * in the award's period, and the application moved Awarded -> Applied for Renewal (history and
   * mail), under the application's row lock.
   */
  async submit(actor: CurrentUser, typePath: RenewalTypePath, id: string): Promise<Renewal> {
    const draft = UUID.test(id) ? await this.deps.repository.findById(id) : undefined;
    if (!draft || !isRenewalHolder(actor, draft)) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    const found = await this.holderAward(actor, typePath, draft.awardId);
    const rules = await this.deps.repository.findRules(found.award.programId);
    // Read before the transaction (another module's read): who to bill a late fee to, and at which basis.
    const billing = await this.deps.invoicing.billingOf(found.award.applicantId, found.award.programId);
    const issuer = await this.deps.invoicing.invoiceIssuerOf(found.award.programId);
    await this.deps.repository.transaction(async (tx) => {
      const locked = await this.deps.workflow.lock(tx, draft.applicationId);
      const renewal = await this.deps.repository.findById(id, { tx, lock: true });
      if (!locked || !renewal) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
      if (renewal.status !== 'draft') throw new AppError('CONFLICT', RENEWAL_MESSAGES.alreadyOpen);
      const current = await this.deps.repository.findAward(renewal.awardId, tx);
      const blocked = current ? this.blockedReason(current, renewal, rules) : RENEWAL_MESSAGES.awardNotFound;
      if (!current || blocked) throw new AppError('CONFLICT', blocked ?? RENEWAL_MESSAGES.awardNotFound);
      const isLate = !!current.award.expiresOn && this.today(current) > current.award.expiresOn;
      const lateFeeCents = isLate ? (billing.feeBasis === 'member' ? rules.lateFeeMemberCents : rules.lateFeeNonMemberCents) : null;
      const requirements = await this.deps.repository.findRequirements(current.award.programId, tx);
      const answered = new Map(renewal.answers.map((a) => [a.requirementId, a.answerText.trim()]));
      const missing = requirements.filter((r) => !answered.get(r.id));
      if (missing.length > 0) {
        throw new AppError('BAD_REQUEST', RENEWAL_MESSAGES.answersIncomplete, Object.fromEntries(missing.map((r) => [`answers.${r.id}`, RENEWAL_MESSAGES.answerRequired])));
      }
      const chosen = new Set(renewal.developmentIds);
      const entries = (await this.deps.repository.findDevelopment(current.award.applicantId, tx)).filter((e) => chosen.has(e.id));
      const periodStart = (await this.deps.repository.findLastRenewedFrom(current.award.id, tx)) ?? current.award.awardedOn;
      const cpdHours = cpdHoursInPeriod(entries, periodStart, current.award.expiresOn);
      const requiredCpdHours = await this.deps.repository.findRequiredCpdHours(current.award.programId, tx);
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath: RENEWAL_TYPES[typePath].applicationTypePath,
        action: 'applyForRenewal',
        what: 'applied for renewal',
        note: `${isLate ? 'Late renewal' : 'Renewal'} of certificate ${current.award.certificateNumber} submitted; CPD hours: ${cpdHoursText(cpdHours, requiredCpdHours)}`,
        actorId: actor.id,
      });
      // A late Certification renewal is invoiced its late fee now; an AICIP one carries it to its modules' invoice.
      const invoice =
        lateFeeCents && !RENEWAL_TYPES[typePath].hasModules
          ? await this.deps.invoicing.issueInvoice(tx, { issuer, applicationId: renewal.applicationId, billedTo: billing.billedTo, lines: [this.lateFeeLine(current, billing.feeBasis, lateFeeCents)], actorId: actor.id })
          : null;
      await this.deps.repository.update(tx, renewal.id, {
        status: 'submitted',
        submittedOn: new Date(),
        developmentEntries: entries.map((e) => ({ ...e, inPeriod: isInPeriod(e.startDate, periodStart, current.award.expiresOn) })),
        cpdHours,
        requiredCpdHours,
        previousExpiresOn: current.award.expiresOn,
        isLate,
        lateFeeCents,
        invoiceId: invoice?.invoiceId ?? null,
        modifiedBy: actor.id,
      });
      const sentences = [
        `We have received your application to renew ${current.programTitle} (${current.programCode}), certificate ${current.award.certificateNumber}.`,
        isLate
          ? `Your certificate expired on ${formatDay(current.award.expiresOn)}; this is a late renewal${lateFeeCents ? ` with a late fee of ${formatMoney(lateFeeCents, issuer.currency)}` : ''}.`
          : 'Your certificate stays current while we assess it.',
        requiredCpdHours > 0
          ? `You listed ${formatCpdHours(cpdHours)} hours of continuing professional development; the program asks for ${requiredCpdHours}.`
          : `You listed ${formatCpdHours(cpdHours)} hours of continuing professional development; the program requires none.`,
        ...(invoice ? [`Tax invoice ${invoice.invoiceNumberText} for ${formatMoney(invoice.totals.totalCents, invoice.currency)} (incl. GST ${formatMoney(invoice.totals.gstCents, invoice.currency)}) is ready to pay.`] : []),
        ...(RENEWAL_TYPES[typePath].hasModules ? ['We will invoice your renewal modules and then schedule them.'] : []),
      ];
      const mail = this.mail(current, `Your renewal of certificate ${current.award.certificateNumber} is received`, sentences);
      await this.deps.mail.send(invoice ? { ...mail, links: [{ label: 'Pay the invoice', url: invoice.payment.paymentUrl }, ...mail.links!] } : mail, tx);
    });
    return this.view(typePath, await this.holderAward(actor, typePath, draft.awardId), await this.deps.repository.findById(id));
  }

  /** The late fee as an invoice line (no module of its own). */
  lateFeeLine(found: AwardFacts, feeBasis: 'member' | 'nonMember', amountCents: number) {
    return { applicationModuleId: '', moduleCode: found.programCode, moduleTitle: `Late renewal fee: ${found.programTitle}`, feeBasis, isRequired: true, amountCents };
  }

  mail(found: AwardFacts, subject: string, sentences: string[]): OutgoingMail {
    return {
      to: found.email,
      toUserId: found.userId,
      programId: found.award.programId,
      subject,
      paragraphs: [`Dear ${found.firstName},`, ...sentences, 'If you have a question, write to us through Contact us.'],
      links: [{ label: 'Your awards', url: `${this.deps.publicUrl}${HOLDER_AWARDS_PATH}` }],
    };
  }

  // ---- Staff and both --------------------------------------------------------------------------

  /** Refuses (403) who does not manage the program's renewals; answers the caller's standing in it (an override of an impartiality refusal reads it). */
  async assertManages(actor: CurrentUser, programId: string): Promise<ProgramStanding> {
    const standing = await this.deps.programs.programPrivilege(actor, programId);
    if (!canManageRenewals(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return standing;
  }

  // ---- A program's renewal rules (decision 023) -----------------------------------------------

  /** Late renewal and numbering of a Certification or AICIP program: its managers and administrators (others 403). */
  async findRules(actor: CurrentUser, programId: string): Promise<RenewalRules> {
    const programType = UUID.test(programId) ? await this.deps.repository.findProgramType(programId) : undefined;
    if (programType === undefined || !renewalTypeOfProgram(programType)) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.programNotFound);
    await this.assertManages(actor, programId);
    const { lateRenewal, graceDays, lateFeeMemberCents, lateFeeNonMemberCents, newNumberOnRenewal } = await this.deps.repository.findRules(programId);
    return { programId, lateRenewal, graceDays, lateFeeMemberCents, lateFeeNonMemberCents, newNumberOnRenewal, canEdit: true };
  }

  async saveRules(actor: CurrentUser, programId: string, input: z.output<typeof RenewalRulesRequest>): Promise<RenewalRules> {
    await this.findRules(actor, programId);
    await this.deps.repository.saveRules(programId, input, actor.id);
    return this.findRules(actor, programId);
  }

  /** One renewal: its holder (others 404), or staff who manage the program (others 403). */
  async findOne(actor: CurrentUser, typePath: RenewalTypePath, id: string): Promise<Renewal> {
    const renewal = UUID.test(id) ? await this.deps.repository.findById(id) : undefined;
    if (!renewal || renewal.programType !== RENEWAL_TYPES[typePath].programType) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    if (actor.userType === 'admin') {
      await this.assertManages(actor, renewal.programId);
      // A holder's draft is theirs alone until submitted.
      if (renewal.status === 'draft') throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    } else if (!isRenewalHolder(actor, renewal)) {
      throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    }
    const found = await this.deps.repository.findAward(renewal.awardId);
    if (!found) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    return this.view(typePath, found, renewal);
  }

  /** Staff's queue of one program (spec defaults: page size 10, page 1, applicationNumber descending). */
  async queue(actor: CurrentUser, typePath: RenewalTypePath, query: z.output<typeof RenewalQueueQuery>): Promise<RenewalQueuePage> {
    await this.assertManages(actor, query.programId);
    const { rows, totalRows } = await this.deps.repository.findPage(
      {
        programId: query.programId,
        programType: RENEWAL_TYPES[typePath].programType,
        status: query.status,
        search: searchTermOrUndefined(query.searchTerm),
        orderBy: query.orderBy,
        ascending: query.ascending,
      },
      query.page,
      query.pageSize,
    );
    return {
      page: query.page,
      pageSize: query.pageSize,
      totalRows,
      rows: rows.map((row) => ({
        id: row.renewal.id,
        applicationNumber: row.applicationNumber,
        holderName: `${row.firstName} ${row.lastName}`.trim(),
        memberNumber: row.memberNumber || '-',
        certificateNumber: row.certificateNumber,
        expiresOn: row.expiresOn,
        cpdHours: row.renewal.cpdHours,
        requiredCpdHours: row.renewal.requiredCpdHours,
        submittedOn: row.renewal.submittedOn?.toISOString() ?? null,
        status: row.renewal.status,
      })),
    };
  }

  /**
   * `renewal/action`: renew (Applied for Renewal -> Awarded; the award's expiry moves on from the
   * old expiry by the renewal period, same certificate number, a new certificate version) or
   * refuse with a reason (-> Award Withdrawn; the award withdrawn), with histories and a mail.
   */
  async act(actor: CurrentUser, typePath: RenewalTypePath, body: unknown): Promise<Renewal> {
    const parsed = RenewalActionRequest.safeParse(body ?? {});
    if (!parsed.success) throw badRequest(parsed.error);
    const { renewalId, action, reason, override } = parsed.data;
    const found = await this.deps.repository.findById(renewalId);
    if (!found || found.programType !== RENEWAL_TYPES[typePath].programType) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    const standing = await this.assertManages(actor, found.programId);
    if (found.status === 'draft') throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    // Not by whoever examined the renewal's modules where the program separates the decision; never with a declared conflict.
    const clearance = found.status === 'submitted' ? await this.deps.impartiality.assertMayDecide(actor, standing, { programId: found.programId, applicationId: found.applicationId }, override) : null;
    const overridden = clearance?.isOverride && override ? ` (impartiality refusal overridden: ${override.reason})` : '';
    await this.deps.repository.transaction(async (tx) => {
      await clearance?.record(tx);
      // The application first, as every move locks it; then the renewal, re-read under the lock.
      const locked = await this.deps.workflow.lock(tx, found.applicationId);
      const renewal = await this.deps.repository.findById(renewalId, { tx, lock: true });
      if (!locked || !renewal) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
      if (renewal.status !== 'submitted') throw new AppError('CONFLICT', RENEWAL_MESSAGES.notSubmitted(RENEWAL_STATUS_LABELS[renewal.status]));
      const award = await this.deps.repository.findAward(renewal.awardId, tx);
      if (!award) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
      const applicationTypePath = RENEWAL_TYPES[typePath].applicationTypePath;
      const what = `${award.programTitle} (${award.programCode}), certificate ${award.award.certificateNumber}`;
      if (action === 'renew') {
        const invoice = renewal.invoiceId ? await this.deps.repository.findInvoice(renewal.invoiceId, tx) : undefined;
        const blocked = this.renewBlockedReason(typePath, renewal, invoice, await this.deps.repository.findModules(renewal.id, tx));
        if (blocked) throw new AppError('CONFLICT', blocked);
        const rules = await this.deps.repository.findRules(renewal.programId, tx);
        const result = await this.deps.awards.renewForApplication(tx, { applicationId: renewal.applicationId, actorId: actor.id, lateAllowed: renewal.isLate, newCertificateNumber: rules.newNumberOnRenewal });
        const numbered = result.certificateNumber === award.award.certificateNumber ? '' : ` as certificate ${result.certificateNumber}`;
        await moveApplication(tx, this.deps.workflow, {
          locked,
          typePath: applicationTypePath,
          action: 'renew',
          what: 'renewed',
          note: `Certificate ${award.award.certificateNumber} renewed until ${formatDay(result.newExpiresOn)}${numbered}${reason ? `: ${reason}` : ''}${overridden}`,
          actorId: actor.id,
        });
        await this.deps.repository.update(tx, renewal.id, {
          status: 'renewed',
          previousExpiresOn: result.previousExpiresOn,
          newExpiresOn: result.newExpiresOn,
          previousCertificateNumber: award.award.certificateNumber,
          newCertificateNumber: result.certificateNumber,
          decisionReason: reason || null,
          decidedOn: new Date(),
          decidedBy: actor.id,
          modifiedBy: actor.id,
        });
        await this.deps.mail.send(
          this.mail(award, `Your certificate ${award.award.certificateNumber} is renewed`, [
            `We have renewed ${what}. It is now valid until ${formatDay(result.newExpiresOn)}.`,
            ...(numbered ? [`Your renewed certificate has a new number: ${result.certificateNumber}.`] : []),
            'Your new certificate is ready in Your awards, where you can download it.',
          ]),
          tx,
        );
      } else {
        await moveApplication(tx, this.deps.workflow, {
          locked,
          typePath: applicationTypePath,
          action: 'refuseRenewal',
          what: 'refused renewal',
          note: `Renewal of certificate ${award.award.certificateNumber} refused: ${reason}${overridden}`,
          actorId: actor.id,
        });
        // A late renewal's award has already expired: it stays expired rather than withdrawn.
        if (award.award.status === 'current') await this.deps.awards.withdrawForRefusedRenewal(tx, { applicationId: renewal.applicationId, reason, actorId: actor.id });
        await this.deps.repository.update(tx, renewal.id, { status: 'refused', decisionReason: reason, decidedOn: new Date(), decidedBy: actor.id, modifiedBy: actor.id });
        await this.deps.mail.send(
          this.mail(award, `Your renewal of certificate ${award.award.certificateNumber} is refused`, [
            `We have refused your application to renew ${what}.`,
            `Reason: ${reason}`,
            award.award.status === 'current' ? 'The certificate is withdrawn: the public register and the verification page show it as withdrawn.' : 'The certificate stays expired; to hold it again, please make a new application.',
          ]),
          tx,
        );
      }
    });
    return this.findOne(actor, typePath, renewalId);
  }
}
