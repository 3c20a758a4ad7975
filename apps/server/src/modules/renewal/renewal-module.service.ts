import { formatDateTimeWithZone } from '@certs/shared/common/dates';
import { SCHEDULE_MESSAGES, WHAT_TO_BRING, scheduleRowIssues, type ExamKind } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { instantOfLocal } from '@certs/shared/exam-schedule/exam-schedule-time';
import { PRE_EXAM_MESSAGES, selectionErrors } from '@certs/shared/pre-exam/pre-exam.contract';
import { feeOf, formatMoney, type FeeBasis, type ModuleChoice } from '@certs/shared/pre-exam/pre-exam-rules';
import type { RenewalModuleChoices, RenewalModuleSelectionRequest, RenewalModulesView, RenewalResultsRequest, RenewalScheduleRequest } from '@certs/shared/renewal/renewal-module.contract';
import { RENEWAL_MESSAGES, type Renewal, type RenewalTypePath } from '@certs/shared/renewal/renewal.contract';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { MailService } from '../../platform/mail/mail.service';
import { moveApplication } from '../application/application-move';
import type { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { ExamScheduleService } from '../exam-schedule/exam-schedule.service';
import type { AssignmentCheck, ImpartialityGuard } from '../impartiality/impartiality.guard';
import type { PreExamService } from '../pre-exam/pre-exam.service';
import type { RenewalRepository, RenewalTableRow } from './renewal.repository';
import type { RenewalService } from './renewal.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TYPE: RenewalTypePath = 'aiciprenewalapplication';

export interface RenewalModuleDeps {
  repository: RenewalRepository;
  workflow: ApplicationWorkflowRepository;
  renewals: Pick<RenewalService, 'view' | 'assertManages' | 'lateFeeLine' | 'mail'>;
  invoicing: Pick<PreExamService, 'billingOf' | 'invoiceIssuerOf' | 'issueInvoice'>;
  /** The first sitting's schedule references (examiners, invigilators, venues, test centres) and choices. */
  schedules: Pick<ExamScheduleService, 'checkReferences' | 'choicesFor'>;
  /** Refuses an examiner or invigilator with a conflict, a shared employer or a lapsed authorisation (issue 43). */
  impartiality: ImpartialityGuard;
  mail: Pick<MailService, 'send'>;
  now?: () => Date;
}

function throwFieldErrors(fieldErrors: Record<string, string>): void {
  const first = Object.values(fieldErrors)[0];
  if (first) throw new AppError('BAD_REQUEST', first, fieldErrors);
}

/**
 * An AICIP renewal's modules (spec section 7: `aicipapplicationrenewalmodule`, decision 023), on
 * the pre-exam, payment and schedule code of a first sitting: staff choose the program's renewal
 * modules (required or optional; `selectionErrors`), the invoice is issued by the pre-exam
 * service at the member or non-member renewal fee (plus the late fee of a late renewal) with its
 * payment link, the holder pays on the usual pay page, staff schedule and send each module (the
 * shared `scheduleRowIssues` and exam-schedule's reference checks) and record the results; then
 * `renewal/action` may renew. Every write locks the application row, then the renewal row.
 */
export class RenewalModuleService {
  constructor(private readonly deps: RenewalModuleDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** A submitted or decided AICIP renewal, for staff who manage its program (others 403; a draft or another type 404). */
  private async loadManaged(actor: CurrentUser, id: string): Promise<RenewalTableRow> {
    const renewal = UUID.test(id) ? await this.deps.repository.findById(id) : undefined;
    if (!renewal || renewal.programType !== 4) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    await this.deps.renewals.assertManages(actor, renewal.programId);
    if (renewal.status === 'draft') throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    return renewal;
  }

  private async viewOf(id: string): Promise<Renewal> {
    const renewal = await this.deps.repository.findById(id);
    const found = renewal ? await this.deps.repository.findAward(renewal.awardId) : undefined;
    if (!renewal || !found) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    return this.deps.renewals.view(TYPE, found, renewal);
  }

  /** Locks the application then the renewal, and refuses unless the renewal is still submitted. */
  private async lockSubmitted(tx: Executor, renewal: RenewalTableRow) {
    const locked = await this.deps.workflow.lock(tx, renewal.applicationId);
    const current = await this.deps.repository.findById(renewal.id, { tx, lock: true });
    if (!locked || !current) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    if (current.status !== 'submitted') throw new AppError('CONFLICT', RENEWAL_MESSAGES.decided);
    return { locked, current };
  }

  // ---- Choice of modules and invoice -----------------------------------------------------------

  /** `/required` and `/nonrequired`: the renewal modules with the choice made (all required until saved) and the fee of the holder's basis. */
  async findChoices(actor: CurrentUser, id: string, which: 'required' | 'nonrequired'): Promise<RenewalModuleChoices> {
    const renewal = await this.loadManaged(actor, id);
    const choices = await this.choicesOf(renewal);
    return { ...choices, modules: choices.modules.filter((m) => (which === 'required' ? m.choice === 'required' : m.choice !== 'required')) };
  }

  private async choicesOf(renewal: RenewalTableRow, feeBasis?: FeeBasis): Promise<RenewalModuleChoices> {
    const [programModules, chosen, issuer] = await Promise.all([
      this.deps.repository.findRenewalProgramModules(renewal.programId),
      this.deps.repository.findModules(renewal.id),
      this.deps.invoicing.invoiceIssuerOf(renewal.programId),
    ]);
    const basis = feeBasis ?? chosen[0]?.row.feeBasis ?? (await this.deps.invoicing.billingOf(renewal.applicantId, renewal.programId)).feeBasis;
    const isSelectionSaved = chosen.length > 0;
    return {
      feeBasis: basis,
      isSelectionSaved,
      lateFeeCents: renewal.lateFeeCents,
      currency: issuer.currency,
      canEdit: renewal.status === 'submitted' && !renewal.invoiceId,
      modules: programModules
        .filter((m) => !m.isInactive || chosen.some((c) => c.row.programModuleId === m.id))
        .map((m) => {
          const row = chosen.find((c) => c.row.programModuleId === m.id)?.row;
          const choice: ModuleChoice = row ? (row.isRequired ? 'required' : 'optional') : isSelectionSaved ? 'notTaken' : 'required';
          return {
            programModuleId: m.id,
            moduleCode: m.moduleCode,
            moduleTitle: m.moduleTitle,
            examinationType: m.examinationType,
            memberFeeCents: m.memberFeeCents,
            nonMemberFeeCents: m.nonMemberFeeCents,
            feeCents: row?.feeCents ?? feeOf(m, basis),
            choice,
          };
        }),
    };
  }

  /** `preexam/update`: saves the choice of renewal modules while nothing is invoiced. */
  async saveSelection(actor: CurrentUser, id: string, input: z.output<typeof RenewalModuleSelectionRequest>): Promise<RenewalModuleChoices> {
    const renewal = await this.loadManaged(actor, id);
    const { feeBasis } = await this.deps.invoicing.billingOf(renewal.applicantId, renewal.programId);
    await this.deps.repository.transaction(async (tx) => {
      const { current } = await this.lockSubmitted(tx, renewal);
      await this.writeSelection(tx, current, input, feeBasis, actor.id);
    });
    return this.choicesOf(renewal, feeBasis);
  }

  private async writeSelection(tx: Executor, renewal: RenewalTableRow, input: z.output<typeof RenewalModuleSelectionRequest>, feeBasis: FeeBasis, actorId: string): Promise<void> {
    if (renewal.invoiceId) throw new AppError('CONFLICT', RENEWAL_MESSAGES.modulesInvoiced);
    const errors = selectionErrors(input.modules, true);
    if (errors.modules) throw new AppError('BAD_REQUEST', errors.modules, errors);
    const programModules = await this.deps.repository.findRenewalProgramModules(renewal.programId, tx);
    const chosen = await this.deps.repository.findModules(renewal.id, tx);
    // An inactive module can be kept where it was already chosen, never newly chosen (as at the first pre-exam).
    const selectable = (programModuleId: string) => {
      const module = programModules.find((m) => m.id === programModuleId);
      return !!module && (!module.isInactive || chosen.some((c) => c.row.programModuleId === programModuleId));
    };
    if (input.modules.some((m) => !selectable(m.programModuleId))) throw new AppError('BAD_REQUEST', RENEWAL_MESSAGES.unknownModule, { modules: RENEWAL_MESSAGES.unknownModule });
    const choiceOf = new Map(input.modules.map((m) => [m.programModuleId, m.choice]));
    const rows = programModules
      .filter((m) => (choiceOf.get(m.id) ?? 'notTaken') !== 'notTaken')
      .map((m, index) => ({ programModuleId: m.id, isRequired: choiceOf.get(m.id) === 'required', feeCents: feeOf(m, feeBasis), feeBasis, order: index + 1 }));
    await this.deps.repository.replaceModules(tx, renewal.id, rows, actorId);
  }

  /**
   * `preexam/submit`: saves the choice when one is sent, then issues the renewal's invoice (each
   * module's renewal fee, and a late renewal's late fee, less a discount code's amount as at the
   * pre-exam stage) with its payment link through the
   * pre-exam service, notes it on the application and mails the holder, in one transaction.
   */
  async submitSelection(actor: CurrentUser, id: string, input: z.output<typeof RenewalModuleSelectionRequest> | undefined): Promise<Renewal> {
    const renewal = await this.loadManaged(actor, id);
    const billing = await this.deps.invoicing.billingOf(renewal.applicantId, renewal.programId);
    const found = await this.deps.repository.findAward(renewal.awardId);
    if (!found) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    const issuer = await this.deps.invoicing.invoiceIssuerOf(found.award.programId);
    await this.deps.repository.transaction(async (tx) => {
      const { locked, current } = await this.lockSubmitted(tx, renewal);
      if (current.invoiceId) throw new AppError('CONFLICT', RENEWAL_MESSAGES.modulesInvoiced);
      if (input && input.modules.length > 0) await this.writeSelection(tx, current, input, billing.feeBasis, actor.id);
      const modules = await this.deps.repository.findModules(renewal.id, tx);
      if (modules.length === 0) throw new AppError('BAD_REQUEST', PRE_EXAM_MESSAGES.chooseModule, { modules: PRE_EXAM_MESSAGES.chooseModule });
      const lines = modules.map(({ row, moduleCode, moduleTitle }) => ({ applicationModuleId: '', moduleCode, moduleTitle: `Renewal: ${moduleTitle}`, feeBasis: row.feeBasis, isRequired: row.isRequired, amountCents: row.feeCents }));
      if (current.lateFeeCents) lines.push(this.deps.renewals.lateFeeLine(found, billing.feeBasis, current.lateFeeCents));
      const coupon = input?.couponCode ? { code: input.couponCode, programId: found.award.programId, programType: found.programType, applicantId: renewal.applicantId } : undefined;
      const invoice = await this.deps.invoicing.issueInvoice(tx, { issuer, applicationId: renewal.applicationId, billedTo: billing.billedTo, lines, actorId: actor.id, coupon });
      const money = (cents: number) => formatMoney(cents, invoice.currency);
      await this.deps.repository.update(tx, renewal.id, { invoiceId: invoice.invoiceId, modifiedBy: actor.id });
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath: 'aicipapplication',
        what: 'invoiced',
        note: `Renewal modules chosen: ${modules.map((m) => m.moduleCode).join(', ')}. Invoice ${invoice.invoiceNumberText} issued: ${money(invoice.totals.totalCents)} incl. GST ${money(invoice.totals.gstCents)}`,
        actorId: actor.id,
      });
      const mail = this.deps.renewals.mail(found, `Renewal of certificate ${found.award.certificateNumber}: invoice ${invoice.invoiceNumberText} and payment link`, [
        `Your renewal of ${found.programTitle} (${found.programCode}) takes these modules:`,
        ...lines.map((line) => `${line.moduleCode} ${line.moduleTitle} (${line.isRequired ? 'required' : 'optional'}): ${money(line.amountCents)}`),
        ...(invoice.totals.discountCents > 0 ? [`Discount code ${input?.couponCode ?? ''}: -${money(invoice.totals.discountCents)}`] : []),
        `Tax invoice ${invoice.invoiceNumberText}: ${money(invoice.totals.totalCents)} incl. GST ${money(invoice.totals.gstCents)}. Please pay by ${formatDateTimeWithZone(invoice.payment.expiresOn, issuer.timeZone)}; we schedule your modules once it is paid.`,
      ]);
      await this.deps.mail.send({ ...mail, links: [{ label: 'Pay the invoice', url: invoice.payment.paymentUrl }, ...(mail.links ?? [])] }, tx);
    });
    return this.viewOf(id);
  }

  // ---- Schedule and results --------------------------------------------------------------------

  /** `/scheduled` and `/results`: the renewal with its modules (and, for scheduling, what a schedule may name). */
  async findModules(actor: CurrentUser, id: string, withChoices: boolean): Promise<z.infer<typeof RenewalModulesView>> {
    const renewal = await this.loadManaged(actor, id);
    const view = await this.viewOf(renewal.id);
    const choices = withChoices ? await this.deps.schedules.choicesFor(actor, renewal.programId, view.modules.map((m) => m.programModuleId)) : null;
    return { renewal: view, choices: choices ? { ...choices, kinds: choices.kinds.filter((kind) => kind !== 'Online'), tests: [] } : null };
  }

  /**
   * `examination/send`: saves each module's schedule by the first sitting's rules and sends it to
   * the holder (mail), once the invoice is paid. A module with a result keeps its schedule. An
   * online renewal sitting is not offered: the exam engine sits application modules only.
   */
  async sendSchedule(actor: CurrentUser, id: string, input: z.output<typeof RenewalScheduleRequest>): Promise<z.infer<typeof RenewalModulesView>> {
    const renewal = await this.loadManaged(actor, id);
    const modules = await this.deps.repository.findModules(renewal.id);
    const now = this.now();
    const fieldErrors: Record<string, string> = {};
    input.modules.forEach((row, index) => {
      const module = modules.find((m) => m.row.id === row.renewalModuleId);
      if (!module) {
        fieldErrors[`modules.${index}.renewalModuleId`] = SCHEDULE_MESSAGES.unknownModule;
        return;
      }
      if (row.examKind === 'Online') fieldErrors[`modules.${index}.examKind`] = RENEWAL_MESSAGES.onlineNotOffered;
      const issues = scheduleRowIssues({ ...row, examDefinitionId: null }, { invigilated: module.invigilated }, now);
      for (const [field, message] of Object.entries(issues)) fieldErrors[`modules.${index}.${field}`] ??= message;
    });
    throwFieldErrors(fieldErrors);
    const referenced = input.modules.map((row) => ({ ...row, examDefinitionId: null, programModuleId: modules.find((m) => m.row.id === row.renewalModuleId)?.row.programModuleId ?? null }));
    await this.deps.schedules.checkReferences(actor, renewal.programId, referenced, fieldErrors);
    throwFieldErrors(fieldErrors);

    const found = await this.deps.repository.findAward(renewal.awardId);
    if (!found) throw new AppError('NOT_FOUND', RENEWAL_MESSAGES.notFound);
    // Only a newly named examiner or invigilator is an assignment (issue 43).
    const applicantUserId = await this.deps.impartiality.applicantUserOf(renewal.applicationId);
    const checks: AssignmentCheck[] = applicantUserId
      ? input.modules.flatMap((row) => {
          const before = modules.find((m) => m.row.id === row.renewalModuleId)?.row;
          const base = { programId: renewal.programId, applicationId: renewal.applicationId, applicantUserId };
          return [
            ...(row.examinerId && row.examinerId !== before?.examinerId ? [{ ...base, staffUserId: row.examinerId, role: 'examiner' as const }] : []),
            ...(row.invigilatorId && row.invigilatorId !== before?.invigilatorId ? [{ ...base, staffUserId: row.invigilatorId, role: 'invigilator' as const }] : []),
          ];
        })
      : [];
    const standing = await this.deps.renewals.assertManages(actor, renewal.programId);
    const clearance = await this.deps.impartiality.assertAssignable(actor, standing, checks, input.override);
    await this.deps.repository.transaction(async (tx) => {
      const { locked, current } = await this.lockSubmitted(tx, renewal);
      const invoice = current.invoiceId ? await this.deps.repository.findInvoice(current.invoiceId, tx) : undefined;
      if (!invoice || invoice.status !== 'Paid') throw new AppError('CONFLICT', RENEWAL_MESSAGES.notPaidForSchedule);
      await clearance.record(tx);
      const rows = await this.deps.repository.findModules(renewal.id, tx);
      const sent: string[] = [];
      for (const row of input.modules) {
        const module = rows.find((m) => m.row.id === row.renewalModuleId);
        const reading = instantOfLocal(row.scheduledLocal ?? '', row.scheduleTimeZone);
        if (!module || !('instant' in reading)) continue;
        if (module.row.result) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.hasResult(module.moduleCode));
        await this.deps.repository.updateModule(tx, module.row.id, {
          examKind: row.examKind,
          scheduledAt: reading.instant,
          scheduleTimeZone: row.scheduleTimeZone,
          durationMinutes: row.durationMinutes,
          venueId: row.venueId,
          testingAgencyId: row.testingAgencyId,
          examinerId: row.examinerId,
          invigilatorId: row.invigilatorId,
          scheduleNote: row.scheduleNote,
          scheduleSentOn: now,
          modifiedBy: actor.id,
        });
        sent.push(`${module.moduleCode} ${module.moduleTitle}: ${row.examKind}, ${formatDateTimeWithZone(reading.instant, row.scheduleTimeZone)}, ${row.durationMinutes} minutes. Bring: ${WHAT_TO_BRING[row.examKind as ExamKind]}`);
      }
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath: 'aicipapplication',
        what: 'sent the renewal schedule',
        note: `Renewal module schedule sent to the holder: ${input.modules.map((row) => rows.find((m) => m.row.id === row.renewalModuleId)?.moduleCode).join(', ')}`,
        actorId: actor.id,
      });
      await this.deps.mail.send(this.deps.renewals.mail(found, `Renewal of certificate ${found.award.certificateNumber}: your module schedule`, ['Your renewal modules are scheduled:', ...sent]), tx);
    });
    return this.findModules(actor, id, true);
  }

  /** `postexam/update`: each module's result (sent modules only), until the renewal is decided. */
  async saveResults(actor: CurrentUser, id: string, input: z.output<typeof RenewalResultsRequest>): Promise<z.infer<typeof RenewalModulesView>> {
    const renewal = await this.loadManaged(actor, id);
    // Entering a result takes part in the examination (issue 43): as the module's examiner when the
    // caller is one, otherwise as the person recording it (conflicts only).
    const before = await this.deps.repository.findModules(renewal.id);
    const isExaminer = input.modules.some((row) => before.find((m) => m.row.id === row.renewalModuleId)?.row.examinerId === actor.id);
    const applicantUserId = await this.deps.impartiality.applicantUserOf(renewal.applicationId);
    const standing = await this.deps.renewals.assertManages(actor, renewal.programId);
    const clearance = applicantUserId
      ? await this.deps.impartiality.assertAssignable(
          actor,
          standing,
          [{ programId: renewal.programId, applicationId: renewal.applicationId, applicantUserId, staffUserId: actor.id, role: isExaminer ? 'examiner' : 'result_recorder' }],
          input.override,
        )
      : null;
    await this.deps.repository.transaction(async (tx) => {
      const { locked } = await this.lockSubmitted(tx, renewal);
      await clearance?.record(tx);
      const rows = await this.deps.repository.findModules(renewal.id, tx);
      const fieldErrors: Record<string, string> = {};
      input.modules.forEach((row, index) => {
        const module = rows.find((m) => m.row.id === row.renewalModuleId);
        if (!module) fieldErrors[`modules.${index}.renewalModuleId`] = SCHEDULE_MESSAGES.unknownModule;
        else if (!module.row.scheduleSentOn) fieldErrors[`modules.${index}.result`] = RENEWAL_MESSAGES.notSentForResults(module.moduleCode);
      });
      throwFieldErrors(fieldErrors);
      const now = this.now();
      for (const row of input.modules) {
        await this.deps.repository.updateModule(tx, row.renewalModuleId, {
          result: row.result,
          resultPercentage: row.resultPercentage,
          resultNotes: row.resultNotes,
          resultEnteredOn: now,
          resultEnteredBy: actor.id,
          modifiedBy: actor.id,
        });
      }
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath: 'aicipapplication',
        what: 'given renewal module results',
        note: `Renewal module results: ${input.modules.map((row) => `${rows.find((m) => m.row.id === row.renewalModuleId)?.moduleCode} ${row.result}`).join(', ')}`,
        actorId: actor.id,
      });
    });
    return this.findModules(actor, id, false);
  }
}
