import { APPLICATION_TYPES, type ApplicationStatus } from '@certs/shared/application/application-status';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { earlierAwardDateNote } from '@certs/shared/award/award-date';
import { formatDateTimeWithZone } from '@certs/shared/common/dates';
import { SCHEDULE_MESSAGES, SIT_EXAM_PATH, scheduleRowIssues, testCentreAddress, whatToBring, type ExamKind, type ScheduleChoices } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { instantOfLocal, localOfInstant } from '@certs/shared/exam-schedule/exam-schedule-time';
import { FEE_BASIS_LABELS, formatMoney } from '@certs/shared/pre-exam/pre-exam-rules';
import {
  RESIT_MESSAGES,
  type CreateResitRequest,
  type ResitApplicationView,
  type ResitAssessmentRequest,
  type ResitCandidateModule,
  type ResitListQuery,
  type ResitModule,
  type ResitPage,
  type ResitResultRequest,
  type ResitScheduleRequest,
} from '@certs/shared/resit/resit.contract';
import {
  RESIT_SCHEDULE_STAGES,
  RESIT_TYPES,
  effectiveResultOf,
  isResitOpen,
  isUnderResitCap,
  resitFeeOf,
  resitTargetOf,
  type ResitAction,
  type ResitStage,
  type ResitTypePath,
} from '@certs/shared/resit/resit-rules';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import { hasMenuAccess, staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { MailService, OutgoingMail } from '../../platform/mail/mail.service';
import { moveApplication } from '../application/application-move';
import { isApplicationAdministrator, type ProgramStanding } from '../application/application-workflow.policy';
import type { ApplicationRow, ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import { dayIn } from '../account/account-time-zone';
import { awardDateRangeOf } from '../award/award-date';
import { HOLDER_AWARDS_PATH, type AwardCreator } from '../award/award.service';
import type { ExamScheduleService } from '../exam-schedule/exam-schedule.service';
import type { PaymentService } from '../payment/payment.service';
import type { PreExamService } from '../pre-exam/pre-exam.service';
import type { ProgramService } from '../program/program.service';
import type { AssignmentCheck, ImpartialityGuard } from '../impartiality/impartiality.guard';
import { canAssessResit, canManageResits, canReadResits, isResitHolder } from './resit.policy';
import type { ResitApplication, ResitCandidateModuleRow, ResitRepository, ResitRow, ResitWithNames } from './resit.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ResitDeps {
  repository: ResitRepository;
  /** The application table's writer: lock and move (through moveApplication). */
  workflow: ApplicationWorkflowRepository;
  programs: Pick<ProgramService, 'programPrivilege'>;
  /** The invoice of a re-sit: the pre-exam's numbering, issuer, GST, discount codes and payment link. */
  invoices: Pick<PreExamService, 'billingOf' | 'invoiceIssuerOf' | 'issueInvoice'>;
  payments: Pick<PaymentService, 'openPaymentRequest'>;
  /** A re-sit is scheduled by the module exam's rules: references and the form's choices. */
  schedules: Pick<ExamScheduleService, 'checkReferences' | 'choicesFor'>;
  /** A passed re-sit that completes every module awards the application (decision 017). */
  awards: AwardCreator;
  /** Refuses an examiner or invigilator with a conflict, a shared employer or a lapsed authorisation, and a decider who assessed or examined (issue 43). */
  impartiality: ImpartialityGuard;
  mail: Pick<MailService, 'send'>;
  publicUrl: string;
  now?: () => Date;
}

interface Access {
  found: ResitApplication;
  standing: ProgramStanding | null;
  isStaff: boolean;
}

type Schedule = z.output<typeof ResitScheduleRequest>;

/**
 * Re-sits of failed Qualification and AICIP modules (issue 17, decision 024). The applicant applies
 * (Failed -> Applied for re-sit) and is invoiced the module's re-sit fee; payment moves the re-sit to
 * Resit Payment Verified; staff schedule and send it (Resit Examination), the examiner or the online
 * exam assesses it (Resit Examination Assessment), and the result (Resit Result) decides the overall
 * result again: Awarded with its award, or Failed. Every change locks the application row first,
 * then the re-sit, and writes the history and the mail in the same transaction.
 */
export class ResitService {
  constructor(private readonly deps: ResitDeps) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  // ---- Reading -------------------------------------------------------------------------------

  async findApplicationView(actor: CurrentUser, word: ResitTypePath, applicationId: string): Promise<ResitApplicationView> {
    const access = await this.loadApplication(actor, word, applicationId);
    return this.viewOf(actor, access);
  }

  async findPage(actor: CurrentUser, word: ResitTypePath, query: ResitListQuery, incompleteOnly: boolean): Promise<ResitPage> {
    const programType = APPLICATION_TYPES[RESIT_TYPES[word]].programType;
    const filter = { programType, incompleteOnly, page: query.page, pageSize: query.pageSize, programId: query.programId, applicationId: query.applicationId };
    if (actor.userType !== 'admin') {
      if (!actor.applicantId) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
      const { rows, totalRows } = await this.deps.repository.findPage({ ...filter, applicantId: actor.applicantId });
      return { rows: await Promise.all(rows.map((row) => this.toResit(row, false))), page: query.page, pageSize: query.pageSize, totalRows };
    }
    // A named program or application needs a standing in it (403 otherwise, reads included).
    if (query.applicationId) await this.loadApplication(actor, word, query.applicationId);
    if (query.programId) {
      const standing = await this.deps.programs.programPrivilege(actor, query.programId);
      if (!canReadResits(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    }
    // Without a named program, the list is of the programs the caller serves on (all of the account's for administrators).
    if (!hasMenuAccess(actor, 'Programs')) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const staffUserId = isApplicationAdministrator(actor) ? undefined : actor.id;
    const { rows, totalRows } = await this.deps.repository.findPage({ ...filter, staffUserId, accountId: staffAccountOf(actor) });
    return { rows: await Promise.all(rows.map((row) => this.toResit(row, true))), page: query.page, pageSize: query.pageSize, totalRows };
  }

  // ---- The applicant applies -----------------------------------------------------------------

  async create(actor: CurrentUser, word: ResitTypePath, input: z.output<typeof CreateResitRequest>): Promise<ResitModule> {
    const applicationId = UUID.test(input.applicationModuleId) ? await this.applicationOfModule(input.applicationModuleId) : null;
    if (!applicationId) throw new AppError('NOT_FOUND', RESIT_MESSAGES.moduleNotFound);
    const access = await this.loadApplication(actor, word, applicationId);
    if (access.isStaff) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const { found } = access;
    // Read before the transaction: the applicant module's read runs outside it (one connection on PGlite).
    const billing = await this.deps.invoices.billingOf(found.application.applicantId, found.application.programId);
    const issuer = await this.deps.invoices.invoiceIssuerOf(found.application.programId);
    const typePath = RESIT_TYPES[word];
    const resitId = await this.deps.repository.transaction(async (tx) => {
      const locked = await this.lockApplication(tx, applicationId);
      const modules = await this.deps.repository.findModules(applicationId, tx);
      const module = modules.find((m) => m.id === input.applicationModuleId);
      if (!module) throw new AppError('NOT_FOUND', RESIT_MESSAGES.moduleNotFound);
      const earlier = await this.deps.repository.findResitsOfModule(module.id, tx);
      const refusal = this.refusalToApply(locked, module, earlier, found.maxResitsPerModule);
      if (refusal) throw new AppError('CONFLICT', refusal);
      const feeCents = resitFeeOf(module, billing.feeBasis);
      if (feeCents === null) throw new AppError('CONFLICT', RESIT_MESSAGES.noFee);
      const attempt = earlier.length + 1;
      const resit = await this.deps.repository.insert(tx, {
        applicationId,
        applicationModuleId: module.id,
        attempt,
        feeCents,
        feeBasis: billing.feeBasis,
        createdBy: actor.id,
        modifiedBy: actor.id,
      });
      if (!resit) throw new AppError('CONFLICT', RESIT_MESSAGES.alreadyOpen);
      const issued = await this.deps.invoices.issueInvoice(tx, {
        issuer,
        applicationId,
        billedTo: billing.billedTo,
        lines: [{ applicationModuleId: module.id, moduleCode: module.moduleCode, moduleTitle: `Re-sit: ${module.moduleTitle}`, feeBasis: billing.feeBasis, isRequired: true, amountCents: feeCents }],
        actorId: actor.id,
        coupon: input.couponCode ? { code: input.couponCode, programId: found.application.programId, programType: found.application.programType, applicantId: found.application.applicantId } : undefined,
      });
      await this.deps.repository.update(tx, resit.id, { invoiceId: issued.invoiceId, modifiedBy: actor.id });
      // The first re-sit moves the application; a re-sit of another module while one runs is noted only.
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath,
        action: locked.status === 'Applied for re-sit' ? undefined : 'applyForResit',
        what: 're-sat',
        note: `Re-sit ${attempt} of ${module.moduleCode} applied for: invoice ${issued.invoiceNumberText}, ${formatMoney(issued.totals.totalCents, issued.currency)} incl. GST`,
        actorId: actor.id,
      });
      await this.deps.mail.send(this.appliedMail(found, word, module, attempt, { ...issued, feeBasis: billing.feeBasis }), tx);
      return resit.id;
    });
    return this.findOne(actor, word, resitId);
  }

  // ---- Payment ---------------------------------------------------------------------------------

  /**
   * The payment of a re-sit's invoice, told by the payment module in its settling transaction
   * (which holds the application's lock): the re-sit moves to Resit Payment Verified.
   */
  async invoicePaid(tx: Executor, paid: { invoiceId: string; applicationId: string; actorId: string | null }): Promise<void> {
    const resit = await this.deps.repository.lockByInvoice(tx, paid.invoiceId);
    if (!resit || resit.stage !== 'Resit Applied') return;
    await this.deps.repository.update(tx, resit.id, { stage: 'Resit Payment Verified', modifiedBy: paid.actorId });
    const locked = await this.lockApplication(tx, paid.applicationId);
    const typePath = APPLICATION_TYPES.qualificationapplication.programType === locked.programType ? 'qualificationapplication' : 'aicipapplication';
    const named = await this.deps.repository.findResit(resit.id, tx);
    await moveApplication(tx, this.deps.workflow, {
      locked,
      typePath,
      what: 're-sat',
      note: `Re-sit ${resit.attempt} of ${named?.moduleCode ?? 'the module'}: payment verified`,
      actorId: paid.actorId,
    });
  }

  /** `paymentstage`: staff send a new payment link for the re-sit's unpaid invoice (the open one expires). */
  async sendPaymentLink(actor: CurrentUser, word: ResitTypePath, resitModuleId: string): Promise<ResitModule> {
    const { access, resit } = await this.loadResit(actor, word, resitModuleId);
    this.assertManager(actor, access);
    await this.deps.repository.transaction(async (tx) => {
      const { locked, row } = await this.lockBoth(tx, resit);
      if (row.stage !== 'Resit Applied') throw new AppError('CONFLICT', RESIT_MESSAGES.alreadyPaid);
      const invoice = row.invoiceId ? await this.deps.repository.findInvoice(tx, row.invoiceId) : undefined;
      if (!invoice || invoice.status !== 'Issued') throw new AppError('CONFLICT', RESIT_MESSAGES.alreadyPaid);
      const opened = await this.deps.payments.openPaymentRequest(tx, { invoiceId: invoice.id, applicationId: locked.id, amountCents: invoice.totalCents, currency: invoice.currency, actorId: actor.id });
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath: RESIT_TYPES[word],
        what: 're-sat',
        note: `Re-sit ${row.attempt} of ${resit.moduleCode}: payment link sent again, open until ${formatDateTimeWithZone(opened.expiresOn)}`,
        actorId: actor.id,
      });
      await this.deps.mail.send(
        this.holderMail(access.found, word, `Re-sit of ${resit.moduleCode}: payment link`, [
          `Here is a new link to pay the re-sit of ${resit.moduleCode} ${resit.moduleTitle}: ${formatMoney(invoice.totalCents, invoice.currency)} including GST.`,
          `The link is open until ${formatDateTimeWithZone(opened.expiresOn, access.found.holder.timeZone)}. Earlier links no longer work.`,
        ], [{ label: 'Pay the invoice', url: opened.paymentUrl }]),
        tx,
      );
    });
    return this.findOne(actor, word, resitModuleId);
  }

  // ---- Examination stage ---------------------------------------------------------------------

  /** `examinationstage`: the re-sit's schedule, judged by the module exam's rules; a change after sending is unsent until sent again. */
  async saveSchedule(actor: CurrentUser, word: ResitTypePath, input: Schedule): Promise<ResitModule> {
    const { access, resit } = await this.loadResit(actor, word, input.resitModuleId);
    this.assertManager(actor, access);
    const modules = await this.deps.repository.findModules(access.found.application.id);
    const module = modules.find((m) => m.id === resit.resit.applicationModuleId);
    if (!module) throw new AppError('NOT_FOUND', RESIT_MESSAGES.moduleNotFound);
    const issues = scheduleRowIssues(input, { invigilated: module.invigilated }, this.now());
    const fieldErrors: Record<string, string> = Object.fromEntries(Object.entries(issues));
    this.throwFieldErrors(fieldErrors);
    const referenceErrors: Record<string, string> = {};
    await this.deps.schedules.checkReferences(actor, access.found.application.programId, [{ ...input, programModuleId: module.programModuleId }], referenceErrors);
    // The shared check names fields by row (`modules.0.examinerId`); a re-sit has one row.
    this.throwFieldErrors(Object.fromEntries(Object.entries(referenceErrors).map(([key, message]) => [key.replace(/^modules\.0\./, ''), message])));
    const reading = instantOfLocal(input.scheduledLocal ?? '', input.scheduleTimeZone);
    if (!('instant' in reading) || !input.examKind || input.durationMinutes === null) throw new AppError('BAD_REQUEST', SCHEDULE_MESSAGES.dateRequired);
    const values = {
      examKind: input.examKind,
      scheduledAt: reading.instant,
      scheduleTimeZone: input.scheduleTimeZone,
      durationMinutes: input.durationMinutes,
      venueId: input.venueId,
      testingAgencyId: input.testingAgencyId,
      examinerId: input.examinerId,
      invigilatorId: input.invigilatorId,
      examDefinitionId: input.examKind === 'Online' ? input.examDefinitionId : null,
      scheduleNote: input.scheduleNote,
    };
    // Only a newly named examiner or invigilator is an assignment (issue 43).
    const base = { programId: access.found.application.programId, applicationId: access.found.application.id, applicantUserId: access.found.holder.userId };
    const checks: AssignmentCheck[] = [];
    if (values.examinerId && values.examinerId !== resit.resit.examinerId) checks.push({ ...base, staffUserId: values.examinerId, role: 'examiner' });
    if (values.invigilatorId && values.invigilatorId !== resit.resit.invigilatorId) checks.push({ ...base, staffUserId: values.invigilatorId, role: 'invigilator' });
    const clearance = await this.deps.impartiality.assertAssignable(actor, access.standing!, checks, input.override);
    await this.deps.repository.transaction(async (tx) => {
      const { locked, row } = await this.lockBoth(tx, resit);
      if (!RESIT_SCHEDULE_STAGES.includes(row.stage)) throw new AppError('CONFLICT', RESIT_MESSAGES.wrongStage(row.stage, 'scheduled'));
      if (row.result) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.hasResult(resit.moduleCode));
      await clearance.record(tx);
      const isChange = !!row.scheduleSentOn;
      await this.deps.repository.update(tx, row.id, { ...values, scheduleSentOn: null, modifiedBy: actor.id });
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath: RESIT_TYPES[word],
        what: 're-sat',
        note: `Re-sit ${row.attempt} of ${resit.moduleCode}: exam ${isChange ? 'rescheduled (to be sent to the candidate again)' : 'scheduled'}, ${values.examKind} on ${formatDateTimeWithZone(values.scheduledAt, values.scheduleTimeZone)}`,
        actorId: actor.id,
      });
    });
    return this.findOne(actor, word, input.resitModuleId);
  }

  /** `examinationstage/send`: mails the schedule to the candidate and moves to Resit Examination. */
  async sendSchedule(actor: CurrentUser, word: ResitTypePath, resitModuleId: string): Promise<ResitModule> {
    const { access, resit } = await this.loadResit(actor, word, resitModuleId);
    this.assertManager(actor, access);
    await this.deps.repository.transaction(async (tx) => {
      const { locked, row } = await this.lockBoth(tx, resit);
      const to = this.target('sendExamination', row.stage, 'sent');
      if (!row.scheduledAt || !row.examKind || !row.durationMinutes || !row.examinerId) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.incomplete);
      if (row.scheduleSentOn) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.nothingNew);
      if (row.scheduledAt.getTime() <= this.now().getTime()) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.sendPast(resit.moduleCode));
      await this.deps.repository.update(tx, row.id, { stage: to, scheduleSentOn: this.now(), modifiedBy: actor.id });
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath: RESIT_TYPES[word],
        what: 're-sat',
        note: `Re-sit ${row.attempt} of ${resit.moduleCode}: exam sent to the candidate (${to})`,
        actorId: actor.id,
      });
      const zone = access.found.holder.timeZone;
      const place = row.examKind === 'Online' ? 'Online, from your Examinations page' : resit.venueTitle ?? (resit.centre ? `${resit.centre.companyName}, ${testCentreAddress(resit.centre)}` : '-');
      await this.deps.mail.send(
        this.holderMail(
          access.found,
          word,
          `Re-sit of ${resit.moduleCode}: your exam`,
          [
            `Your re-sit of ${resit.moduleCode} ${resit.moduleTitle} is scheduled: ${row.examKind}, ${formatDateTimeWithZone(row.scheduledAt, zone)}, ${row.durationMinutes} minutes.`,
            `Where: ${place}.`,
            `What to bring: ${whatToBring(row.examKind as ExamKind, resit.testRecordsExam === true)}`,
            ...(row.scheduleNote ? [`Note: ${row.scheduleNote}`] : []),
          ],
          row.examKind === 'Online' ? [{ label: 'Your examinations', url: `${this.deps.publicUrl}${SIT_EXAM_PATH}` }] : [],
        ),
        tx,
      );
    });
    return this.findOne(actor, word, resitModuleId);
  }

  // ---- Assessment and result -----------------------------------------------------------------

  /** `examinationassessmentstage/save`: the examiner's result of a re-sit sat away from the online exam. */
  async saveAssessment(actor: CurrentUser, word: ResitTypePath, input: z.output<typeof ResitAssessmentRequest>): Promise<ResitModule> {
    const { access, resit } = await this.loadResit(actor, word, input.resitModuleId);
    if (!access.standing || !canAssessResit(actor, access.standing, resit.resit.examinerId)) throw new AppError('FORBIDDEN', RESIT_MESSAGES.notExaminer);
    await this.deps.repository.transaction(async (tx) => {
      const { locked, row } = await this.lockBoth(tx, resit);
      if (row.stage !== 'Resit Examination') throw new AppError('CONFLICT', RESIT_MESSAGES.wrongStage(row.stage, 'assessed'));
      if (row.result && !row.resultEnteredBy) throw new AppError('CONFLICT', RESIT_MESSAGES.fromOnlineExam);
      if (!row.scheduledAt || row.scheduledAt.getTime() > this.now().getTime()) throw new AppError('CONFLICT', RESIT_MESSAGES.notYetSat);
      await this.deps.repository.update(tx, row.id, {
        result: input.result,
        resultPercentage: input.resultPercentage,
        resultNotes: input.resultNotes,
        resultEnteredOn: this.now(),
        resultEnteredBy: actor.id,
        modifiedBy: actor.id,
      });
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath: RESIT_TYPES[word],
        what: 're-sat',
        note: `Re-sit ${row.attempt} of ${resit.moduleCode}: assessment saved (${input.result}${input.resultPercentage !== null ? ` ${input.resultPercentage}%` : ''})`,
        actorId: actor.id,
      });
    });
    return this.findOne(actor, word, input.resitModuleId);
  }

  /** `examinationassessmentstage/submit`: the saved assessment is final: Resit Examination Assessment. */
  async submitAssessment(actor: CurrentUser, word: ResitTypePath, resitModuleId: string): Promise<ResitModule> {
    const { access, resit } = await this.loadResit(actor, word, resitModuleId);
    if (!access.standing || !canAssessResit(actor, access.standing, resit.resit.examinerId)) throw new AppError('FORBIDDEN', RESIT_MESSAGES.notExaminer);
    await this.deps.repository.transaction(async (tx) => {
      const { locked, row } = await this.lockBoth(tx, resit);
      const to = this.target('submitAssessment', row.stage, 'assessed');
      if (!row.result) throw new AppError('BAD_REQUEST', RESIT_MESSAGES.assessmentMissing, { result: RESIT_MESSAGES.assessmentMissing });
      await this.deps.repository.update(tx, row.id, { stage: to, assessmentSubmittedOn: this.now(), modifiedBy: actor.id });
      await moveApplication(tx, this.deps.workflow, { locked, typePath: RESIT_TYPES[word], what: 're-sat', note: `Re-sit ${row.attempt} of ${resit.moduleCode}: assessment submitted, ${row.result}`, actorId: actor.id });
    });
    return this.findOne(actor, word, resitModuleId);
  }

  /**
   * The online exam's result of a re-sit sitting, in the exam's marking transaction (the exam module
   * calls it; it does not import this module). Judged against the module's pass percentage; the
   * re-sit moves to Resit Examination Assessment as an examiner's submission would move it.
   */
  async recordExamResult(tx: Executor, resitModuleId: string, values: { percentage: number; enteredBy: string | null; now: Date }): Promise<'Pass' | 'Fail' | null> {
    const applicationId = await this.deps.repository.findApplicationIdOf(resitModuleId, tx);
    const locked = applicationId ? await this.deps.workflow.lock(tx, applicationId) : undefined;
    const row = locked ? await this.deps.repository.lock(tx, resitModuleId) : undefined;
    const passPercentage = await this.deps.repository.findPassPercentage(tx, resitModuleId);
    if (!locked || !row || passPercentage === null) return null;
    const result = values.percentage >= passPercentage ? 'Pass' : 'Fail';
    // A correction of the marks before the result is submitted carries over (the stage stays).
    if (row.stage === 'Resit Examination Assessment' && row.resultEnteredBy === null && (row.result !== result || row.resultPercentage !== values.percentage)) {
      await this.deps.repository.update(tx, row.id, { result, resultPercentage: values.percentage, resultEnteredOn: values.now, modifiedBy: values.enteredBy });
      return result;
    }
    // Once submitted, the result is final: a sitting closed late keeps its own score only.
    if (row.stage !== 'Resit Examination') return result;
    await this.deps.repository.update(tx, row.id, {
      result,
      resultPercentage: values.percentage,
      resultNotes: 'Online exam',
      resultEnteredOn: values.now,
      resultEnteredBy: null,
      stage: 'Resit Examination Assessment',
      assessmentSubmittedOn: values.now,
      modifiedBy: values.enteredBy,
    });
    const named = await this.deps.repository.findResit(row.id, tx);
    await moveApplication(tx, this.deps.workflow, {
      locked,
      typePath: APPLICATION_TYPES.qualificationapplication.programType === locked.programType ? 'qualificationapplication' : 'aicipapplication',
      what: 're-sat',
      note: `Re-sit ${row.attempt} of ${named?.moduleCode ?? 'the module'}: online exam marked, ${result} ${values.percentage}%`,
      actorId: values.enteredBy,
    });
    return result;
  }

  /**
   * `result/submit`: the re-sit's result is recorded (Resit Result) and the overall result decided
   * again from every module's current result: all passed is Awarded (with the award, once), a
   * module still not passed with no re-sit open is Failed; with another re-sit open it waits.
   */
  async submitResult(actor: CurrentUser, word: ResitTypePath, input: z.output<typeof ResitResultRequest>): Promise<ResitModule> {
    const { access, resit } = await this.loadResit(actor, word, input.resitModuleId);
    this.assertManager(actor, access);
    const typePath = RESIT_TYPES[word];
    // The re-sit's result decides the overall result again: the certification decision, kept apart from assessment and examination where the program says so (issue 43).
    const { application, holder } = access.found;
    const clearance = await this.deps.impartiality.assertMayDecide(actor, access.standing!, { programId: application.programId, applicationId: application.id, applicantUserId: holder.userId }, input.override);
    await this.deps.repository.transaction(async (tx) => {
      const { locked, row } = await this.lockBoth(tx, resit);
      const to = this.target('submitResult', row.stage, 'given its result');
      await clearance.record(tx);
      const now = this.now();
      await this.deps.repository.update(tx, row.id, { stage: to, resultSubmittedOn: now, modifiedBy: actor.id });
      const modules = await this.deps.repository.findModules(locked.id, tx);
      const outcomes = await this.deps.repository.findOutcomes(locked.id, tx);
      const current = modules.map((module) => ({
        moduleCode: module.moduleCode,
        result: effectiveResultOf(
          module.result,
          outcomes.filter((outcome) => outcome.applicationModuleId === module.id),
        ),
      }));
      const notPassed = current.filter((module) => module.result !== 'Pass').map((module) => module.moduleCode);
      const stillOpen = outcomes.some((outcome) => isResitOpen(outcome.stage));
      const overridden = clearance.isOverride && input.override ? `. Impartiality refusal overridden: ${input.override.reason}` : '';
      const summary = `Re-sit ${row.attempt} of ${resit.moduleCode}: ${row.result}${row.resultPercentage !== null ? ` ${row.resultPercentage}%` : ''}${input.note ? `. ${input.note}` : ''}${overridden}`;
      let certificateNumber: string | null = null;
      let outcome: 'Awarded' | 'Failed' | 'waiting' = 'waiting';
      // A date belongs to an award: given with a result that does not award, it is refused (nothing is written).
      if (input.awardedOn && notPassed.length > 0) throw new AppError('BAD_REQUEST', RESIT_MESSAGES.awardedOnOnlyAwarding, { awardedOn: RESIT_MESSAGES.awardedOnOnlyAwarding });
      if (notPassed.length === 0) {
        const awardDate = earlierAwardDateNote(input.awardedOn, dayIn(access.found.bodyTimeZone, now));
        await moveApplication(tx, this.deps.workflow, { locked, typePath, action: 'resitPassed', what: 'awarded on re-sit', note: `${summary}. Every module passed: awarded${awardDate}`, actorId: actor.id });
        await this.deps.workflow.update(tx, locked.id, { overallResult: 'Awarded', resultRecordedOn: now, modifiedBy: actor.id });
        certificateNumber = (await this.deps.awards.createForAwardedApplication(tx, { applicationId: locked.id, actorId: actor.id, awardType: 'Awarded', awardedOn: input.awardedOn })).certificateNumber;
        outcome = 'Awarded';
      } else if (!stillOpen) {
        await moveApplication(tx, this.deps.workflow, { locked, typePath, action: 'resitFailed', what: 'failed on re-sit', note: `${summary}. Not passed: ${notPassed.join(', ')}`, actorId: actor.id });
        await this.deps.workflow.update(tx, locked.id, { overallResult: 'Failed', resultRecordedOn: now, modifiedBy: actor.id });
        outcome = 'Failed';
      } else {
        await moveApplication(tx, this.deps.workflow, { locked, typePath, what: 're-sat', note: `${summary}. Another re-sit is still open`, actorId: actor.id });
      }
      await this.deps.mail.send(this.resultMail(access.found, word, resit.moduleCode, row.result, outcome, certificateNumber), tx);
    });
    return this.findOne(actor, word, input.resitModuleId);
  }

  // ---- Loading and access --------------------------------------------------------------------

  private async findOne(actor: CurrentUser, word: ResitTypePath, id: string): Promise<ResitModule> {
    const { access, resit } = await this.loadResit(actor, word, id);
    return this.toResit(resit, access.isStaff);
  }

  private async applicationOfModule(applicationModuleId: string): Promise<string | null> {
    return this.deps.repository.findApplicationIdOfModule(applicationModuleId);
  }

  /**
   * The application of this word's type: its holder, or staff who may read the program's
   * applications. Another applicant, or an unknown id, is a 404; staff without a standing 403.
   */
  private async loadApplication(actor: CurrentUser, word: ResitTypePath, id: string): Promise<Access> {
    const found = UUID.test(id) ? await this.deps.repository.findApplication(id) : undefined;
    if (!found || found.application.programType !== APPLICATION_TYPES[RESIT_TYPES[word]].programType || !found.application.submittedOn) {
      throw new AppError('NOT_FOUND', RESIT_MESSAGES.applicationNotFound);
    }
    if (actor.userType !== 'admin') {
      if (!isResitHolder(actor, found.application)) throw new AppError('NOT_FOUND', RESIT_MESSAGES.applicationNotFound);
      return { found, standing: null, isStaff: false };
    }
    const standing = await this.deps.programs.programPrivilege(actor, found.application.programId);
    if (!canReadResits(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return { found, standing, isStaff: true };
  }

  private async loadResit(actor: CurrentUser, word: ResitTypePath, id: string): Promise<{ access: Access; resit: ResitWithNames }> {
    const resit = UUID.test(id) ? await this.deps.repository.findResit(id) : undefined;
    if (!resit) throw new AppError('NOT_FOUND', RESIT_MESSAGES.notFound);
    try {
      return { access: await this.loadApplication(actor, word, resit.resit.applicationId), resit };
    } catch (error) {
      // Another applicant's re-sit reads as missing, as an unknown one does.
      if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', RESIT_MESSAGES.notFound);
      throw error;
    }
  }

  private assertManager(actor: CurrentUser, access: Access): void {
    if (!access.standing || !canManageResits(actor, access.standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  }

  private async lockApplication(tx: Executor, id: string): Promise<ApplicationRow> {
    const locked = await this.deps.workflow.lock(tx, id);
    if (!locked) throw new AppError('NOT_FOUND', RESIT_MESSAGES.applicationNotFound);
    return locked;
  }

  /** The lock order of every application move: the application's row, then the re-sit's. */
  private async lockBoth(tx: Executor, resit: ResitWithNames): Promise<{ locked: ApplicationRow; row: ResitRow }> {
    const locked = await this.lockApplication(tx, resit.resit.applicationId);
    const row = await this.deps.repository.lock(tx, resit.resit.id);
    if (!row) throw new AppError('NOT_FOUND', RESIT_MESSAGES.notFound);
    return { locked, row };
  }

  private target(action: ResitAction, from: ResitStage, what: string): ResitStage {
    const to = resitTargetOf(action, from);
    if (!to) throw new AppError('CONFLICT', RESIT_MESSAGES.wrongStage(from, what));
    return to;
  }

  private throwFieldErrors(fieldErrors: Record<string, string>): void {
    const first = Object.values(fieldErrors)[0];
    if (first) throw new AppError('BAD_REQUEST', first, fieldErrors);
  }

  /** Why this module cannot be re-sat now, or null; read again under the application's lock before applying. */
  private refusalToApply(
    application: Pick<ApplicationRow, 'status'>,
    module: ResitCandidateModuleRow,
    earlier: readonly { attempt: number; stage: ResitStage; result: string | null }[],
    maxResitsPerModule: number | null,
  ): string | null {
    const status = application.status as ApplicationStatus;
    if (status !== 'Failed' && status !== 'Applied for re-sit') return RESIT_MESSAGES.notFailed;
    if (!module.reSitAllowed) return RESIT_MESSAGES.notAllowed;
    if (earlier.some((resit) => isResitOpen(resit.stage))) return RESIT_MESSAGES.alreadyOpen;
    const current = effectiveResultOf(module.result, earlier);
    if (current !== 'Fail' && current !== 'Absent') return RESIT_MESSAGES.moduleNotFailed;
    if (!isUnderResitCap(earlier.length, maxResitsPerModule)) return RESIT_MESSAGES.capReached(maxResitsPerModule ?? 0);
    if (module.reSitMemberFeeCents === null && module.reSitNonMemberFeeCents === null) return RESIT_MESSAGES.noFee;
    return null;
  }

  private async viewOf(actor: CurrentUser, access: Access): Promise<ResitApplicationView> {
    const { application } = access.found;
    const [modules, resits] = await Promise.all([this.deps.repository.findModules(application.id), this.deps.repository.findResitsOfApplication(application.id)]);
    const billing = access.isStaff ? null : await this.deps.invoices.billingOf(application.applicantId, application.programId);
    const candidateModules: ResitCandidateModule[] = modules.map((module) => {
      const earlier = resits.filter((resit) => resit.resit.applicationModuleId === module.id).map((resit) => resit.resit);
      return {
        applicationModuleId: module.id,
        programModuleId: module.programModuleId,
        moduleCode: module.moduleCode,
        moduleTitle: module.moduleTitle,
        firstResult: module.result,
        currentResult: effectiveResultOf(module.result, earlier) as ResitCandidateModule['currentResult'],
        reSitAllowed: module.reSitAllowed,
        resitsTaken: earlier.length,
        feeCents: billing ? resitFeeOf(module, billing.feeBasis) : null,
        cannotApplyBecause: this.refusalToApply(application, module, earlier, access.found.maxResitsPerModule),
        passPercentage: module.passPercentage,
        invigilated: module.invigilated,
      };
    });
    const canManage = !!access.standing && canManageResits(actor, access.standing);
    let choices: ScheduleChoices | null = null;
    if (canManage) choices = await this.deps.schedules.choicesFor(actor, application.programId, modules.map((module) => module.programModuleId));
    return {
      applicationId: application.id,
      applicationStatus: application.status as ResitApplicationView['applicationStatus'],
      maxResitsPerModule: access.found.maxResitsPerModule,
      currency: access.found.currency,
      modules: candidateModules,
      resits: await Promise.all(resits.map((resit) => this.toResit(resit, access.isStaff))),
      canManage,
      choices,
      awardDateRange: canManage ? awardDateRangeOf(access.found.bodyTimeZone, application.submittedOn, this.now()) : null,
    };
  }

  private async toResit(row: ResitWithNames, isStaff: boolean): Promise<ResitModule> {
    const { resit } = row;
    const paymentTrackerId = resit.stage === 'Resit Applied' && resit.invoiceId && row.invoiceStatus === 'Issued' ? await this.deps.repository.findOpenTracker(resit.invoiceId) : null;
    // The candidate sees the schedule once sent, and the result once recorded (as for a module).
    const showSchedule = isStaff || !!resit.scheduleSentOn;
    const showResult = isStaff || resit.stage === 'Resit Result';
    return {
      id: resit.id,
      applicationId: resit.applicationId,
      applicationNumber: row.applicationNumber,
      applicationStatus: row.applicationStatus as ResitModule['applicationStatus'],
      programId: row.programId,
      programCode: row.programCode,
      programTitle: row.programTitle,
      applicantName: `${row.applicantFirstName} ${row.applicantLastName}`.trim(),
      applicationModuleId: resit.applicationModuleId,
      moduleCode: row.moduleCode,
      moduleTitle: row.moduleTitle,
      attempt: resit.attempt,
      stage: resit.stage,
      feeCents: resit.feeCents,
      currency: row.currency,
      feeBasis: resit.feeBasis,
      invoiceId: resit.invoiceId,
      invoiceStatus: row.invoiceStatus,
      invoiceTotalCents: row.invoiceTotalCents,
      paymentTrackerId,
      examKind: showSchedule ? (resit.examKind as ResitModule['examKind']) : null,
      whatToBring: showSchedule && resit.examKind ? whatToBring(resit.examKind as ExamKind, row.testRecordsExam === true) : null,
      scheduledAt: showSchedule ? (resit.scheduledAt?.toISOString() ?? null) : null,
      scheduleTimeZone: showSchedule ? resit.scheduleTimeZone : null,
      scheduledLocal: showSchedule && resit.scheduledAt && resit.scheduleTimeZone ? localOfInstant(resit.scheduledAt, resit.scheduleTimeZone) : null,
      durationMinutes: showSchedule ? resit.durationMinutes : null,
      venue: showSchedule && resit.venueId ? { id: resit.venueId, name: row.venueTitle ?? '' } : null,
      testCentre: showSchedule && row.centre ? { id: row.centre.id, name: row.centre.companyName, address: testCentreAddress(row.centre) } : null,
      examiner: isStaff && resit.examinerId ? { id: resit.examinerId, name: row.examinerName ?? '' } : null,
      invigilator: isStaff && resit.invigilatorId ? { id: resit.invigilatorId, name: row.invigilatorName ?? '' } : null,
      examDefinition: showSchedule && resit.examDefinitionId ? { id: resit.examDefinitionId, name: row.testTitle ?? '' } : null,
      scheduleNote: showSchedule ? resit.scheduleNote : '',
      scheduleSentOn: resit.scheduleSentOn?.toISOString() ?? null,
      examInstanceId: row.examInstanceId,
      result: showResult ? resit.result : null,
      resultPercentage: showResult ? resit.resultPercentage : null,
      resultNotes: isStaff ? resit.resultNotes : '',
      resultSource: showResult && resit.result ? (resit.resultEnteredBy ? 'staff' : 'onlineExam') : null,
      assessmentSubmittedOn: resit.assessmentSubmittedOn?.toISOString() ?? null,
      resultSubmittedOn: resit.resultSubmittedOn?.toISOString() ?? null,
      createdOn: resit.createdOn.toISOString(),
    };
  }

  // ---- Mail ------------------------------------------------------------------------------------

  private applicationPageUrl(found: ResitApplication, word: ResitTypePath): string {
    return `${this.deps.publicUrl}/student/applications/${RESIT_TYPES[word]}/${found.application.id}`;
  }

  private holderMail(found: ResitApplication, word: ResitTypePath, subject: string, paragraphs: string[], links: { label: string; url: string }[] = []): OutgoingMail {
    return {
      to: found.holder.email,
      toUserId: found.holder.userId,
      programId: found.application.programId,
      subject: `${subject} (${found.application.applicationNumber})`,
      paragraphs: [`Dear ${found.holder.firstName},`, `This is about your application ${found.application.applicationNumber} for ${found.programTitle} (${found.programCode}).`, ...paragraphs],
      links: [...links, { label: 'Your application', url: this.applicationPageUrl(found, word) }],
    };
  }

  private appliedMail(
    found: ResitApplication,
    word: ResitTypePath,
    module: ResitCandidateModuleRow,
    attempt: number,
    issued: { invoiceNumberText: string; currency: string; totals: { totalCents: number; gstCents: number; discountCents: number }; payment: { paymentUrl: string; expiresOn: Date }; feeBasis: 'member' | 'nonMember' },
  ): OutgoingMail {
    const money = (cents: number) => formatMoney(cents, issued.currency);
    return this.holderMail(
      found,
      word,
      `Re-sit of ${module.moduleCode}: invoice ${issued.invoiceNumberText}`,
      [
        `We have received your application to re-sit ${module.moduleCode} ${module.moduleTitle} (re-sit ${attempt}).`,
        `Tax invoice ${issued.invoiceNumberText}: re-sit fee (${FEE_BASIS_LABELS[issued.feeBasis].toLowerCase()})${issued.totals.discountCents > 0 ? `, discount -${money(issued.totals.discountCents)}` : ''}, total ${money(issued.totals.totalCents)} including GST ${money(issued.totals.gstCents)}.`,
        `Please pay by ${formatDateTimeWithZone(issued.payment.expiresOn, found.holder.timeZone)}, when the payment link expires. Your re-sit is scheduled once the payment is received.`,
      ],
      [{ label: 'Pay the invoice', url: issued.payment.paymentUrl }],
    );
  }

  private resultMail(found: ResitApplication, word: ResitTypePath, moduleCode: string, result: string | null, outcome: 'Awarded' | 'Failed' | 'waiting', certificateNumber: string | null): OutgoingMail {
    const paragraphs = [`The result of your re-sit of ${moduleCode} is ${result === 'Pass' ? 'Passed' : result === 'Absent' ? 'Absent' : 'Not passed'}.`];
    if (outcome === 'Awarded') paragraphs.push(`Every module is now passed and you have been awarded. Your certificate number is ${certificateNumber}.`);
    if (outcome === 'Failed') paragraphs.push('The overall result stays Failed. Where the program allows, you may apply for another re-sit from your application page.');
    return this.holderMail(found, word, `Re-sit result: ${moduleCode}`, paragraphs, outcome === 'Awarded' ? [{ label: 'Your awards', url: `${this.deps.publicUrl}${HOLDER_AWARDS_PATH}` }] : []);
  }
}
