import { STAGE_MESSAGES } from '@certs/shared/application/application-stage.contract';
import { APPLICATION_TYPES, applicationTypeOfProgram, type ApplicationStatus, type ApplicationTypePath } from '@certs/shared/application/application-status';
import { resultStageOf, type WorkflowStage } from '@certs/shared/application/application-workflow';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { earlierAwardDateNote } from '@certs/shared/award/award-date';
import { DEFAULT_TIME_ZONE, OFFERED_TIME_ZONE_NAMES, formatDateTimeWithZone, isOfferedTimeZone } from '@certs/shared/common/dates';
import {
  EXAM_KINDS,
  MODULE_TYPES,
  RESULTS_OPEN_STAGES,
  RESULT_MESSAGES,
  SCHEDULE_MESSAGES,
  SCHEDULE_OPEN_STAGES,
  SEND_OPEN_STAGES,
  SIT_EXAM_PATH,
  SYSTEM_CHECK_PATH,
  modulesNotPassed,
  scheduleRowIssues,
  testCentreAddress,
  type ExamKind,
  type ExamSchedule,
  type ModuleResult,
  type ModuleTypePath,
  type MyExaminations,
  type OverallResult,
  type PostExamUpdateRequest,
  type ResultStageRequest,
  type ScheduleChoices,
  type ScheduleModuleValues,
  type ScheduleSaveRequest,
  type ScheduledModule,
  whatToBring,
} from '@certs/shared/exam-schedule/exam-schedule.contract';
import { instantOfLocal, localOfInstant, zoneLabel } from '@certs/shared/exam-schedule/exam-schedule-time';
import { sittingEndsAt } from '@certs/shared/exam-schedule/sitting-time';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { MailService, OutgoingMail } from '../../platform/mail/mail.service';
import { dayIn } from '../account/account-time-zone';
import { moveApplication } from '../application/application-move';
import { awardDateRangeOf } from '../award/award-date';
import { canSeeApplications, type ProgramStanding } from '../application/application-workflow.policy';
import type { ApplicationRow, ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { AttachmentService } from '../attachment/attachment.service';
import type { ProgramUserService } from '../program/program-user.service';
import { HOLDER_AWARDS_PATH, type AwardCreator } from '../award/award.service';
import type { ProgramService } from '../program/program.service';
import type { AssignmentCheck, ImpartialityGuard } from '../impartiality/impartiality.guard';
import { canEnterModuleResult, canRecordOverallResult, canScheduleExams } from './exam-schedule.policy';
import type { ExamScheduleRepository, ModuleWithNames, ScheduleApplication } from './exam-schedule.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Far before any schedule: judging a stored schedule's completeness never calls it "in the past". */
const EPOCH = new Date(0);

export interface ExamScheduleDeps {
  repository: ExamScheduleRepository;
  /** The application table's writer: lock, move (through moveApplication) and history. */
  workflow: ApplicationWorkflowRepository;
  programs: ProgramService;
  programUsers: ProgramUserService;
  attachments: AttachmentService;
  mail: MailService;
  /** Creates the award in the transaction that records Awarded (the award module's AwardService). */
  awards: AwardCreator;
  /** Refuses an examiner or invigilator with a conflict, a shared employer or a lapsed authorisation, and a decider who assessed or examined (issue 43). */
  impartiality: ImpartialityGuard;
  publicUrl: string;
  now?: () => Date;
}

interface Loaded {
  found: ScheduleApplication;
  standing: ProgramStanding;
}

type ScheduleColumns = {
  examKind: ExamKind;
  scheduledAt: Date;
  scheduleTimeZone: string;
  durationMinutes: number;
  venueId: string | null;
  testingAgencyId: string | null;
  examinerId: string;
  invigilatorId: string | null;
  examDefinitionId: string | null;
  scheduleNote: string;
  /** Left out: the module keeps its recording setting. */
  recordExam?: boolean | null;
};

const badRequest = (message: string, field: string) => new AppError('BAD_REQUEST', message, { [field]: message });

function isComplete(module: ModuleWithNames): boolean {
  const { row } = module;
  if (!row.scheduledAt || !row.scheduleTimeZone) return false;
  const issues = scheduleRowIssues(
    {
      examKind: row.examKind as ExamKind | null,
      scheduledLocal: localOfInstant(row.scheduledAt, row.scheduleTimeZone),
      scheduleTimeZone: row.scheduleTimeZone as ScheduleModuleValues['scheduleTimeZone'],
      durationMinutes: row.durationMinutes,
      venueId: row.venueId,
      testingAgencyId: row.testingAgencyId,
      examinerId: row.examinerId,
      invigilatorId: row.invigilatorId,
      examDefinitionId: row.examDefinitionId,
    },
    { invigilated: module.invigilated },
    EPOCH,
  );
  return Object.keys(issues).length === 0;
}

function isSameSchedule(module: ModuleWithNames, values: ScheduleColumns): boolean {
  const { row } = module;
  return (
    row.examKind === values.examKind &&
    row.scheduledAt?.getTime() === values.scheduledAt.getTime() &&
    row.scheduleTimeZone === values.scheduleTimeZone &&
    row.durationMinutes === values.durationMinutes &&
    row.venueId === values.venueId &&
    row.testingAgencyId === values.testingAgencyId &&
    row.examinerId === values.examinerId &&
    row.invigilatorId === values.invigilatorId &&
    row.examDefinitionId === values.examDefinitionId &&
    row.scheduleNote === values.scheduleNote &&
    (values.recordExam === undefined || row.recordExam === values.recordExam)
  );
}

/** The examiner and invigilator a schedule newly names on a module (one already on it was judged when named). */
function assignmentChecks(
  found: ScheduleApplication,
  before: Pick<ModuleWithNames['row'], 'examinerId' | 'invigilatorId'> | undefined,
  values: Pick<ScheduleColumns, 'examinerId' | 'invigilatorId'>,
): AssignmentCheck[] {
  const base = { programId: found.application.programId, applicationId: found.application.id, applicantUserId: found.candidate.userId };
  const checks: AssignmentCheck[] = [];
  if (values.examinerId !== before?.examinerId) checks.push({ ...base, staffUserId: values.examinerId, role: 'examiner' });
  if (values.invigilatorId && values.invigilatorId !== before?.invigilatorId) checks.push({ ...base, staffUserId: values.invigilatorId, role: 'invigilator' });
  return checks;
}

/** A schedule row as its references are checked: the module's program module, for its tests. */
export type ScheduleReferenceRow = Pick<ScheduleModuleValues, 'examKind' | 'venueId' | 'testingAgencyId' | 'examinerId' | 'invigilatorId' | 'examDefinitionId'> & { programModuleId: string | null };

/**
 * Exam scheduling, post-exam results and the result stage of issue 6, and what the candidate
 * reads of them. Every change locks the application row first (`ApplicationWorkflowRepository.lock`)
 * and re-reads the stage and the modules under that lock; stage and status moves go through
 * `moveApplication` with the mail in the same transaction (decisions 006 and 009).
 */
export class ExamScheduleService {
  private readonly now: () => Date;

  constructor(private readonly deps: ExamScheduleDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  // ---- Staff: the schedule ---------------------------------------------------------------------

  /** The result stage of any type (Certification has no modules, so no `scheduled` route to read it from). */
  async findResultStage(actor: CurrentUser, typePath: ApplicationTypePath, id: string): Promise<ExamSchedule> {
    return this.toExamSchedule(actor, await this.load(actor, typePath, id));
  }

  async findSchedule(actor: CurrentUser, moduleType: ModuleTypePath, id: string): Promise<ExamSchedule> {
    const typePath = MODULE_TYPES[moduleType];
    const loaded = await this.load(actor, typePath, id);
    return this.toExamSchedule(actor, loaded);
  }

  async saveSchedule(actor: CurrentUser, moduleType: ModuleTypePath, id: string, input: z.output<typeof ScheduleSaveRequest>): Promise<ExamSchedule> {
    const typePath = MODULE_TYPES[moduleType];
    const { found, standing } = await this.load(actor, typePath, id);
    if (!canScheduleExams(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const modules = await this.deps.repository.findModules(id);
    const now = this.now();

    // The rules of the shared contract, field by field, as the form shows them.
    const fieldErrors: Record<string, string> = {};
    const valuesById = new Map<string, ScheduleColumns>();
    input.modules.forEach((row, index) => {
      const module = modules.find((m) => m.row.id === row.applicationModuleId);
      if (!module) {
        fieldErrors[`modules.${index}.applicationModuleId`] = SCHEDULE_MESSAGES.unknownModule;
        return;
      }
      const issues = scheduleRowIssues(row, { invigilated: module.invigilated }, now);
      for (const [field, message] of Object.entries(issues)) fieldErrors[`modules.${index}.${field}`] = message;
      const reading = instantOfLocal(row.scheduledLocal ?? '', row.scheduleTimeZone);
      if (Object.keys(issues).length > 0 || !('instant' in reading) || !row.examKind || row.durationMinutes === null || !row.examinerId) return;
      valuesById.set(row.applicationModuleId, {
        examKind: row.examKind,
        scheduledAt: reading.instant,
        scheduleTimeZone: row.scheduleTimeZone,
        durationMinutes: row.durationMinutes,
        venueId: row.venueId,
        testingAgencyId: row.testingAgencyId,
        examinerId: row.examinerId,
        invigilatorId: row.invigilatorId,
        examDefinitionId: row.examKind === 'Online' ? row.examDefinitionId : null,
        scheduleNote: row.scheduleNote,
        // A changed recording setting is a changed schedule: the candidate is told again (consent, system check).
        ...(row.recordExam !== undefined ? { recordExam: row.recordExam } : {}),
      });
    });
    this.throwFieldErrors(fieldErrors);
    const referenced = input.modules.map((row) => ({ ...row, programModuleId: modules.find((m) => m.row.id === row.applicationModuleId)?.row.programModuleId ?? null }));
    await this.checkReferences(actor, found.application.programId, referenced, fieldErrors);
    this.throwFieldErrors(fieldErrors);
    // Only a newly named examiner or invigilator is an assignment: a schedule saved again keeps who it had.
    const assignments = [...valuesById].flatMap(([moduleId, values]) => {
      const before = modules.find((m) => m.row.id === moduleId)?.row;
      return assignmentChecks(found, before, values);
    });
    const clearance = await this.deps.impartiality.assertAssignable(actor, standing, assignments, input.override);

    await this.deps.repository.transaction(async (tx) => {
      const locked = await this.lockOrMissing(tx, id);
      const stage = locked.workflowStage as WorkflowStage | null;
      if (locked.status !== 'Examinations Stage' || stage === 'Exam Modules Evaluation Completed') throw new AppError('CONFLICT', this.closedMessage(locked));
      if (!stage || !SCHEDULE_OPEN_STAGES.includes(stage)) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.notPaid);
      await clearance.record(tx);
      const current = await this.deps.repository.findModules(id, tx);
      const changed: string[] = [];
      for (const [moduleId, values] of valuesById) {
        const module = current.find((m) => m.row.id === moduleId);
        if (!module) throw new AppError('CONFLICT', STAGE_MESSAGES.moved);
        if (module.row.result) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.hasResult(module.moduleCode));
        if (isSameSchedule(module, values)) continue;
        // A changed schedule is "not sent" until it is sent again: the candidate and the public page keep to what was sent.
        await this.deps.repository.updateModule(tx, moduleId, { ...values, scheduleSentOn: null, modifiedBy: actor.id });
        if (module.row.scheduleSentOn) changed.push(module.moduleCode);
      }
      const after = await this.deps.repository.findModules(id, tx);
      if (stage === 'Payment Stage Completed' && after.length > 0 && after.every(isComplete)) {
        await moveApplication(tx, this.deps.workflow, {
          locked,
          typePath,
          toStage: 'Exam Initialization Completed',
          what: 'scheduled',
          note: `Exam schedule saved for every module: ${after.map((m) => m.moduleCode).join(', ')}`,
          actorId: actor.id,
        });
      } else if (changed.length > 0) {
        await moveApplication(tx, this.deps.workflow, {
          locked,
          typePath,
          what: 'rescheduled',
          note: `Exam schedule changed: ${changed.join(', ')} (to be sent to the candidate again)`,
          actorId: actor.id,
        });
      }
    });
    return this.findSchedule(actor, moduleType, id);
  }

  /** Sends the schedule to the candidate; again after a change (only the change is new). */
  async sendSchedule(actor: CurrentUser, moduleType: ModuleTypePath, id: string): Promise<ExamSchedule> {
    const typePath = MODULE_TYPES[moduleType];
    const { found, standing } = await this.load(actor, typePath, id);
    if (!canScheduleExams(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);

    await this.deps.repository.transaction(async (tx) => {
      const locked = await this.lockOrMissing(tx, id);
      const stage = locked.workflowStage as WorkflowStage | null;
      if (locked.status !== 'Examinations Stage' || stage === 'Exam Modules Evaluation Completed') throw new AppError('CONFLICT', this.closedMessage(locked));
      if (stage === 'Payment Stage Completed') throw new AppError('CONFLICT', SCHEDULE_MESSAGES.incomplete);
      if (!stage || !SEND_OPEN_STAGES.includes(stage)) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.notPaid);
      const modules = await this.deps.repository.findModules(id, tx);
      if (modules.length === 0 || !modules.every(isComplete)) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.incomplete);
      const upcoming = modules.filter((m) => !m.row.result);
      const toSend = upcoming.filter((m) => !m.row.scheduleSentOn);
      if (toSend.length === 0) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.nothingNew);
      const now = this.now();
      const past = toSend.find((m) => m.row.scheduledAt && m.row.scheduledAt.getTime() <= now.getTime());
      if (past) throw new AppError('CONFLICT', SCHEDULE_MESSAGES.sendPast(past.moduleCode));
      for (const module of toSend) await this.deps.repository.updateModule(tx, module.row.id, { scheduleSentOn: now, modifiedBy: actor.id });
      const isFirst = stage === 'Exam Initialization Completed';
      const codes = toSend.map((m) => m.moduleCode).join(', ');
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath,
        ...(isFirst ? { toStage: 'Exam Modules Sent' as const } : {}),
        what: 'sent the exam schedule',
        note: isFirst ? `Exam schedule sent to the candidate: ${codes}` : `Changed exam schedule sent to the candidate: ${codes}`,
        actorId: actor.id,
      });
      await this.deps.mail.send(this.scheduleMail(found, upcoming, new Set(toSend.map((m) => m.row.id)), !isFirst), tx);
    });
    return this.findSchedule(actor, moduleType, id);
  }

  // ---- Staff: results ------------------------------------------------------------------------

  async findResults(actor: CurrentUser, moduleType: ModuleTypePath, id: string): Promise<ExamSchedule> {
    const typePath = MODULE_TYPES[moduleType];
    const loaded = await this.load(actor, typePath, id);
    const schedule = await this.toExamSchedule(actor, loaded, { withChoices: false });
    return { ...schedule, modules: schedule.modules.filter((m) => m.result !== null) };
  }

  async saveResults(actor: CurrentUser, moduleType: ModuleTypePath, id: string, input: z.output<typeof PostExamUpdateRequest>): Promise<ExamSchedule> {
    const typePath = MODULE_TYPES[moduleType];
    const { found, standing } = await this.load(actor, typePath, id);
    const modules = await this.deps.repository.findModules(id);
    const fieldErrors: Record<string, string> = {};
    input.modules.forEach((row, index) => {
      const module = modules.find((m) => m.row.id === row.applicationModuleId);
      if (!module) fieldErrors[`modules.${index}.applicationModuleId`] = SCHEDULE_MESSAGES.unknownModule;
      else if (!canEnterModuleResult(actor, standing, module.row.examinerId)) throw new AppError('FORBIDDEN', RESULT_MESSAGES.notExaminer);
    });
    this.throwFieldErrors(fieldErrors);
    // New evidence must be a file the caller uploaded and saved; evidence already on the module stays.
    const newEvidence = input.modules.flatMap((row, index) => {
      const current = modules.find((m) => m.row.id === row.applicationModuleId)?.row.resultEvidenceId ?? null;
      return row.resultEvidenceId && row.resultEvidenceId !== current ? [{ index, id: row.resultEvidenceId }] : [];
    });
    if (newEvidence.length > 0) {
      const owned = new Set((await this.deps.attachments.findOwned(actor.id, newEvidence.map((e) => e.id))).map((a) => a.id));
      for (const evidence of newEvidence) if (!owned.has(evidence.id)) fieldErrors[`modules.${evidence.index}.resultEvidenceId`] = RESULT_MESSAGES.evidenceNotFound;
      this.throwFieldErrors(fieldErrors);
    }
    // Entering a result takes part in the examination (issue 43): judged as the module's examiner when
    // the caller is one, otherwise as the person recording it (a conflict refuses; no examiner's authorisation needed).
    const isExaminer = input.modules.some((row) => modules.find((m) => m.row.id === row.applicationModuleId)?.row.examinerId === actor.id);
    const clearance = await this.deps.impartiality.assertAssignable(
      actor,
      standing,
      [{ programId: found.application.programId, applicationId: id, applicantUserId: found.candidate.userId, staffUserId: actor.id, role: isExaminer ? 'examiner' : 'result_recorder' }],
      input.override,
    );

    await this.deps.repository.transaction(async (tx) => {
      const locked = await this.lockOrMissing(tx, id);
      await clearance.record(tx);
      const stage = locked.workflowStage as WorkflowStage | null;
      if (locked.status !== 'Examinations Stage') throw new AppError('CONFLICT', locked.overallResult ? RESULT_MESSAGES.recorded : STAGE_MESSAGES.notAllowed(locked.status, 'given module results'));
      if (!stage || !RESULTS_OPEN_STAGES.includes(stage)) throw new AppError('CONFLICT', RESULT_MESSAGES.notOpen);
      const current = await this.deps.repository.findModules(id, tx);
      const now = this.now();
      for (const row of input.modules) {
        const module = current.find((m) => m.row.id === row.applicationModuleId);
        if (!module) throw new AppError('CONFLICT', STAGE_MESSAGES.moved);
        if (!module.row.scheduleSentOn) throw new AppError('CONFLICT', RESULT_MESSAGES.notSent(module.moduleCode));
        if (!module.row.scheduledAt || module.row.scheduledAt.getTime() > now.getTime()) throw new AppError('CONFLICT', RESULT_MESSAGES.notYetSat(module.moduleCode));
        // The online exam (issue 7) writes its result, by itself or when an examiner verifies the
        // marks of its descriptive answers; staff do not overwrite it here.
        if (isResultOfOnlineExam(module)) throw new AppError('CONFLICT', RESULT_MESSAGES.fromOnlineExam(module.moduleCode));
        await this.deps.repository.updateModule(tx, module.row.id, {
          result: row.result,
          resultPercentage: row.resultPercentage,
          resultNotes: row.resultNotes,
          resultEvidenceId: row.resultEvidenceId,
          resultEnteredOn: now,
          resultEnteredBy: actor.id,
          modifiedBy: actor.id,
        });
      }
      const after = await this.deps.repository.findModules(id, tx);
      if (stage === 'Exam Modules Sent' && after.length > 0 && after.every((m) => m.row.result)) {
        await moveApplication(tx, this.deps.workflow, {
          locked,
          typePath,
          toStage: 'Exam Modules Evaluation Completed',
          what: 'evaluated',
          note: `Every module has a result: ${after.map((m) => `${m.moduleCode} ${m.row.result}`).join(', ')}`,
          actorId: actor.id,
        });
      }
    });
    return this.findSchedule(actor, moduleType, id);
  }

  /** The result stage: Awarded (every module passed) or Failed, with the history entry and the result mail. */
  async recordOverallResult(actor: CurrentUser, typePath: ApplicationTypePath, id: string, input: z.output<typeof ResultStageRequest>): Promise<ExamSchedule> {
    const loaded = await this.load(actor, typePath, id);
    if (!canRecordOverallResult(actor, loaded.standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const { application, candidate } = loaded.found;
    // The certification decision: not by the candidate's assessor or examiner where the program separates them (issue 43).
    const clearance = await this.deps.impartiality.assertMayDecide(actor, loaded.standing, { programId: application.programId, applicationId: id, applicantUserId: candidate.userId }, input.override);
    await this.deps.repository.transaction(async (tx) => {
      const locked = await this.lockOrMissing(tx, id);
      if (locked.status === 'Examinations Stage' && locked.workflowStage !== resultStageOf(typePath)) throw new AppError('CONFLICT', RESULT_MESSAGES.notEvaluated);
      const modules = await this.deps.repository.findModules(id, tx);
      if (input.overallResult === 'Awarded') {
        const notPassed = modulesNotPassed(modules.map((m) => ({ moduleCode: m.moduleCode, result: m.row.result })));
        if (notPassed.length > 0) throw badRequest(RESULT_MESSAGES.awardNeedsPasses(notPassed), 'overallResult');
      }
      const now = this.now();
      // The history names the award date only when it is not the day the result was recorded (a decision made earlier).
      const earlierAwardDate = earlierAwardDateNote(input.awardedOn, dayIn(loaded.found.bodyTimeZone, now));
      const overridden = clearance.isOverride && input.override ? `. Impartiality refusal overridden: ${input.override.reason}` : '';
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath,
        action: input.overallResult === 'Awarded' ? 'award' : 'failExaminations',
        what: input.overallResult === 'Awarded' ? 'awarded' : 'failed',
        note: `Overall result: ${input.overallResult}${earlierAwardDate}${input.note ? `. ${input.note}` : ''}${overridden}`,
        actorId: actor.id,
      });
      await this.deps.workflow.update(tx, id, { overallResult: input.overallResult, resultRecordedOn: now, modifiedBy: actor.id });
      await clearance.record(tx);
      // The award is made with the move, exactly once (the row lock above; the award's unique index behind it).
      const award = input.overallResult === 'Awarded' ? await this.deps.awards.createForAwardedApplication(tx, { applicationId: id, actorId: actor.id, awardType: 'Awarded', awardedOn: input.awardedOn }) : null;
      await this.deps.mail.send(this.resultMail(loaded.found, modules, input.overallResult, award?.certificateNumber ?? null), tx);
    });
    return this.toExamSchedule(actor, await this.load(actor, typePath, id));
  }

  // ---- The candidate -------------------------------------------------------------------------

  /** The applicant's own examinations: each module once its schedule is sent, results once the overall result is recorded. */
  async findMyExaminations(actor: CurrentUser, typePath: ApplicationTypePath, id: string): Promise<MyExaminations> {
    const found = UUID.test(id) ? await this.deps.repository.findApplication(id) : undefined;
    if (!found || !actor.applicantId || found.application.applicantId !== actor.applicantId || found.application.programType !== APPLICATION_TYPES[typePath].programType) {
      throw new AppError('NOT_FOUND', STAGE_MESSAGES.notFound);
    }
    const modules = await this.deps.repository.findModules(id);
    const { application } = found;
    const isSentStage = application.workflowStage === 'Exam Modules Sent' || application.workflowStage === 'Exam Modules Evaluation Completed' || !!application.overallResult;
    return {
      modules: modules.flatMap((m) => {
        const { row } = m;
        if (!row.scheduleSentOn || !row.scheduledAt || !row.examKind || row.durationMinutes === null) return [];
        const kind = row.examKind as ExamKind;
        return [
          {
            id: row.id,
            moduleCode: m.moduleCode,
            moduleTitle: m.moduleTitle,
            examKind: kind,
            scheduledAt: row.scheduledAt.toISOString(),
            durationMinutes: row.durationMinutes,
            venue: m.venueTitle,
            testCentre: m.testingAgency ? { id: m.testingAgency.id, name: m.testingAgency.companyName, address: testCentreAddress(m.testingAgency) } : null,
            sitPath: kind === 'Online' ? SIT_EXAM_PATH : null,
            whatToBring: whatToBring(kind, isRecorded(m)),
            note: row.scheduleNote,
          },
        ];
      }),
      beingRescheduled: isSentStage ? modules.filter((m) => !m.row.scheduleSentOn && !m.row.result).map((m) => ({ moduleCode: m.moduleCode, moduleTitle: m.moduleTitle })) : [],
      result:
        application.overallResult && application.resultRecordedOn
          ? {
              overallResult: application.overallResult,
              resultRecordedOn: application.resultRecordedOn.toISOString(),
              modules: modules.map((m) => ({ moduleCode: m.moduleCode, moduleTitle: m.moduleTitle, result: m.row.result, resultPercentage: m.row.resultPercentage })),
            }
          : null,
    };
  }

  // ---- Helpers -------------------------------------------------------------------------------

  /** The application of this type once submitted, and the caller's standing in its program (decision 006). */
  private async load(actor: CurrentUser, typePath: ApplicationTypePath, id: string): Promise<Loaded> {
    const found = UUID.test(id) ? await this.deps.repository.findApplication(id) : undefined;
    if (!found || found.application.programType !== APPLICATION_TYPES[typePath].programType || !found.application.submittedOn) {
      throw new AppError('NOT_FOUND', STAGE_MESSAGES.notFound);
    }
    const standing = await this.deps.programs.programPrivilege(actor, found.application.programId);
    if (!canSeeApplications(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return { found, standing };
  }

  private async lockOrMissing(tx: Executor, id: string): Promise<ApplicationRow> {
    const locked = await this.deps.workflow.lock(tx, id);
    if (!locked) throw new AppError('NOT_FOUND', STAGE_MESSAGES.notFound);
    return locked;
  }

  private closedMessage(locked: ApplicationRow): string {
    if (locked.status === 'Examinations Stage') return SCHEDULE_MESSAGES.closed;
    return STAGE_MESSAGES.notAllowed(locked.status, 'scheduled');
  }

  private throwFieldErrors(fieldErrors: Record<string, string>): void {
    const first = Object.values(fieldErrors)[0];
    if (first) throw new AppError('BAD_REQUEST', first, fieldErrors);
  }

  /**
   * Examiners, invigilators, venues, test centres and tests must exist and fit the program and
   * module (errors at `modules.{index}.{field}`). Public: an AICIP renewal's module schedules are
   * checked by the same rules (decision 023).
   */
  async checkReferences(actor: CurrentUser, programId: string, rows: ScheduleReferenceRow[], fieldErrors: Record<string, string>): Promise<void> {
    const [examiners, invigilators, venueIds, centreIds, tests] = await Promise.all([
      this.deps.programUsers.listUsers(actor, programId, 'examiner'),
      this.deps.programUsers.listUsers(actor, programId, 'invigilator'),
      this.deps.repository.existingVenueIds(rows.flatMap((row) => (row.venueId ? [row.venueId] : [])), programId),
      this.deps.repository.existingTestingAgencyIds(rows.flatMap((row) => (row.testingAgencyId ? [row.testingAgencyId] : [])), programId),
      this.deps.repository.findPublishedModuleTests(rows.flatMap((row) => (row.programModuleId ? [row.programModuleId] : []))),
    ]);
    const activeExaminers = new Set(examiners.filter((u) => u.active).map((u) => u.userId));
    const activeInvigilators = new Set(invigilators.filter((u) => u.active).map((u) => u.userId));
    rows.forEach((row, index) => {
      const at = (field: string, message: string) => (fieldErrors[`modules.${index}.${field}`] = message);
      if (row.venueId && !venueIds.has(row.venueId)) at('venueId', SCHEDULE_MESSAGES.venueNotFound);
      if (row.testingAgencyId && !centreIds.has(row.testingAgencyId)) at('testingAgencyId', SCHEDULE_MESSAGES.testCentreNotFound);
      if (row.examinerId && !activeExaminers.has(row.examinerId)) at('examinerId', SCHEDULE_MESSAGES.notAnExaminer);
      if (row.invigilatorId && !activeInvigilators.has(row.invigilatorId)) at('invigilatorId', SCHEDULE_MESSAGES.notAnInvigilator);
      if (row.examKind === 'Online' && row.examDefinitionId && !tests.some((t) => t.id === row.examDefinitionId && t.programModuleId === row.programModuleId)) {
        at('examDefinitionId', SCHEDULE_MESSAGES.testNotOfModule);
      }
    });
  }

  /** What a schedule may name: public for an AICIP renewal's modules (decision 023). */
  async choicesFor(actor: CurrentUser, programId: string, programModuleIds: string[]): Promise<ScheduleChoices> {
    const [venues, centres, examiners, invigilators, tests, defaultZone] = await Promise.all([
      this.deps.repository.findVenues(programId),
      this.deps.repository.findTestingAgencies(programId),
      this.deps.programUsers.listUsers(actor, programId, 'examiner'),
      this.deps.programUsers.listUsers(actor, programId, 'invigilator'),
      this.deps.repository.findPublishedModuleTests(programModuleIds),
      this.deps.repository.programZone(programId),
    ]);
    return {
      kinds: [...EXAM_KINDS],
      zones: [...OFFERED_TIME_ZONE_NAMES],
      defaultZone,
      venues: venues.map((v) => ({ id: v.id, name: v.title })),
      testCentres: centres.map((c) => ({ id: c.id, name: c.companyName, address: testCentreAddress(c) })),
      examiners: examiners.filter((u) => u.active).map((u) => ({ id: u.userId, name: u.name })),
      invigilators: invigilators.filter((u) => u.active).map((u) => ({ id: u.userId, name: u.name })),
      tests: tests.map((t) => ({ id: t.id, name: t.title, programModuleId: t.programModuleId, recordExam: t.recordExam, overallTime: t.overallTime })),
    };
  }

  private async toExamSchedule(actor: CurrentUser, { found, standing }: Loaded, options: { withChoices?: boolean } = {}): Promise<ExamSchedule> {
    const { application } = found;
    const modules = await this.deps.repository.findModules(application.id);
    const status = application.status as ApplicationStatus;
    const stage = application.workflowStage as WorkflowStage | null;
    const inExaminations = status === 'Examinations Stage';
    const typePath = applicationTypeOfProgram(application.programType);
    const canSchedule = inExaminations && !!stage && SCHEDULE_OPEN_STAGES.includes(stage) && canScheduleExams(actor, standing) && modules.length > 0;
    const now = this.now();
    const resultsOpen = inExaminations && !!stage && RESULTS_OPEN_STAGES.includes(stage);
    const rows = modules.map((m) => this.toScheduledModule(m, now, resultsOpen && canEnterModuleResult(actor, standing, m.row.examinerId)));
    const withChoices = (options.withChoices ?? true) && canSchedule;
    const canRecordResult = inExaminations && typePath !== undefined && stage === resultStageOf(typePath) && canRecordOverallResult(actor, standing);
    return {
      applicationId: application.id,
      applicationNumber: application.applicationNumber,
      status,
      workflowStage: stage,
      overallResult: application.overallResult,
      resultRecordedOn: application.resultRecordedOn?.toISOString() ?? null,
      candidate: { name: `${found.candidate.firstName} ${found.candidate.lastName}`.trim(), timeZone: this.candidateZone(found) },
      modules: rows,
      choices: withChoices ? await this.choicesFor(actor, found.application.programId, modules.map((m) => m.row.programModuleId)) : null,
      permissions: {
        canSchedule,
        canSend: canSchedule && !!stage && SEND_OPEN_STAGES.includes(stage) && modules.some((m) => !m.row.result && !m.row.scheduleSentOn),
        canEnterResults: rows.some((m) => m.canEnterResult),
        canRecordResult,
      },
      // The days the award date may take (the server checks them again when the result is recorded).
      awardDateRange: canRecordResult ? awardDateRangeOf(found.bodyTimeZone, application.submittedOn, now) : null,
    };
  }

  private toScheduledModule(m: ModuleWithNames, now: Date, mayEnterResult: boolean): ScheduledModule {
    const { row } = m;
    const hasTakenPlace = !!row.scheduledAt && row.scheduledAt.getTime() <= now.getTime();
    const isFromOnlineExam = isResultOfOnlineExam(m);
    return {
      id: row.id,
      programModuleId: row.programModuleId,
      moduleCode: m.moduleCode,
      moduleTitle: m.moduleTitle,
      examinationType: m.examinationType,
      invigilated: m.invigilated,
      passPercentage: m.passPercentage,
      isRequired: row.isRequired,
      examKind: row.examKind as ExamKind | null,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      scheduleTimeZone: row.scheduleTimeZone,
      scheduledLocal: row.scheduledAt && row.scheduleTimeZone ? localOfInstant(row.scheduledAt, row.scheduleTimeZone) : null,
      durationMinutes: row.durationMinutes,
      venue: row.venueId && m.venueTitle ? { id: row.venueId, name: m.venueTitle } : null,
      testCentre: m.testingAgency ? { id: m.testingAgency.id, name: m.testingAgency.companyName, address: testCentreAddress(m.testingAgency) } : null,
      examiner: row.examinerId ? { id: row.examinerId, name: m.examinerName ?? '-' } : null,
      invigilator: row.invigilatorId ? { id: row.invigilatorId, name: m.invigilatorName ?? '-' } : null,
      examDefinition: row.examDefinitionId ? { id: row.examDefinitionId, name: m.examDefinitionTitle ?? '-' } : null,
      recordExam: row.recordExam,
      scheduleNote: row.scheduleNote,
      isScheduleComplete: isComplete(m),
      scheduleSentOn: row.scheduleSentOn?.toISOString() ?? null,
      hasTakenPlace,
      result: row.result,
      resultPercentage: row.resultPercentage,
      resultNotes: row.resultNotes,
      resultEvidence: m.evidence,
      resultEnteredOn: row.resultEnteredOn?.toISOString() ?? null,
      resultEnteredBy: row.result ? resultAuthor(m, isFromOnlineExam) : null,
      resultSource: row.result ? (isFromOnlineExam ? 'onlineExam' : 'staff') : null,
      canEnterResult: mayEnterResult && !!row.scheduleSentOn && hasTakenPlace && !isFromOnlineExam,
    };
  }

  private candidateZone(found: ScheduleApplication): string {
    return isOfferedTimeZone(found.candidate.timeZone) ? found.candidate.timeZone : DEFAULT_TIME_ZONE;
  }

  private applicantPageUrl(found: ScheduleApplication): string {
    const typePath = Object.entries(APPLICATION_TYPES).find(([, type]) => type.programType === found.application.programType)?.[0] ?? '';
    return `${this.deps.publicUrl}/student/applications/${typePath}/${found.application.id}`;
  }

  /** The schedule mail: every upcoming module in the candidate's own zone, what changed marked. */
  private scheduleMail(found: ScheduleApplication, modules: ModuleWithNames[], changedIds: Set<string>, isChange: boolean): OutgoingMail {
    const zone = this.candidateZone(found);
    const number = found.application.applicationNumber;
    const sitUrl = `${this.deps.publicUrl}${SIT_EXAM_PATH}`;
    const lines = modules.map((m) => {
      const { row } = m;
      const kind = row.examKind as ExamKind;
      const place =
        kind === 'Online'
          ? `Sit it online: ${sitUrl}${m.venueTitle ? ` (or at ${m.venueTitle})` : ''}`
          : m.testingAgency
            ? `Test centre: ${m.testingAgency.companyName}, ${testCentreAddress(m.testingAgency)}`
            : `Venue: ${m.venueTitle ?? '-'}`;
      const marker = isChange && changedIds.has(row.id) ? ' (changed)' : '';
      return [
        `${m.moduleCode} ${m.moduleTitle}${marker}: ${kind} exam on ${formatDateTimeWithZone(row.scheduledAt, zone)}, ${row.durationMinutes} minutes.`,
        // One end for every candidate (decision 041): who starts late has less time.
        ...(kind === 'Online' && row.scheduledAt && row.durationMinutes !== null
          ? [`It ends at ${formatDateTimeWithZone(sittingEndsAt({ scheduledAt: row.scheduledAt, durationMinutes: row.durationMinutes }), zone)} for everyone: start on time.`]
          : []),
        `${place}.`,
        `What to bring: ${whatToBring(kind, isRecorded(m))}`,
        ...(kind === 'Online' && isRecorded(m)
          ? [`Recorded: after you agree, your camera, entire screen and keystrokes are recorded; run the system check before the day: ${this.deps.publicUrl}${SYSTEM_CHECK_PATH}.`]
          : []),
        ...(row.scheduleNote ? [`Note: ${row.scheduleNote}`] : []),
      ].join(' ');
    });
    const hasOnline = modules.some((m) => m.row.examKind === 'Online');
    return {
      to: found.candidate.email,
      toUserId: found.candidate.userId,
      programId: found.application.programId,
      subject: isChange ? `Application ${number}: your exam schedule has changed` : `Application ${number}: your exams are scheduled`,
      paragraphs: [
        `Dear ${found.candidate.firstName},`,
        isChange
          ? `The exam schedule of your application ${number} for ${found.programTitle} (${found.programCode}) has changed. The changed modules are marked.`
          : `Your exams for application ${number} for ${found.programTitle} (${found.programCode}) have been scheduled.`,
        `Times are in ${zoneLabel(zone)} time, the time zone of your profile.`,
        ...lines,
        'Please arrive 15 minutes early (or sign in 15 minutes early for an online exam). If a time does not suit you, write to us through Contact us straight away.',
      ],
      links: [...(hasOnline ? [{ label: 'Sit your online exams', url: sitUrl }] : []), { label: 'Your application', url: this.applicantPageUrl(found) }],
    };
  }

  private resultMail(found: ScheduleApplication, modules: ModuleWithNames[], overall: OverallResult, certificateNumber: string | null): OutgoingMail {
    const number = found.application.applicationNumber;
    const resultLine = (result: ModuleResult | null, percentage: number | null) => `${result ?? '-'}${percentage !== null ? ` (${percentage.toFixed(2)}%)` : ''}`;
    return {
      to: found.candidate.email,
      toUserId: found.candidate.userId,
      programId: found.application.programId,
      subject: `Application ${number}: your examination result`,
      paragraphs: [
        `Dear ${found.candidate.firstName},`,
        `The examinations of your application ${number} for ${found.programTitle} (${found.programCode}) have been evaluated.`,
        ...modules.map((m) => `${m.moduleCode} ${m.moduleTitle}: ${resultLine(m.row.result, m.row.resultPercentage)}`),
        overall === 'Awarded'
          ? `Congratulations: you have passed and have been awarded ${found.programTitle}. Your certificate number is ${certificateNumber}; your certificate is ready in Your awards, where you can download it.`
          : 'We are sorry: you have not passed the examinations this time. Your application page shows your results; write to us through Contact us about a re-sit or a review.',
      ],
      links: [
        ...(overall === 'Awarded' ? [{ label: 'Your awards', url: `${this.deps.publicUrl}${HOLDER_AWARDS_PATH}` }] : []),
        { label: 'Your application', url: this.applicantPageUrl(found) },
      ],
    };
  }
}

/** Whether an Online sitting is recorded: the module's own setting, else its test's (decision 028). */
function isRecorded(m: ModuleWithNames): boolean {
  return m.row.examKind === 'Online' && (m.row.recordExam ?? m.testRecordsExam);
}

/** A result written by the online exam: marked automatically (no one entered it) or verified by an examiner. */
function isResultOfOnlineExam(m: ModuleWithNames): boolean {
  return !!m.row.result && (m.isMarkedOnline || (!!m.row.resultEnteredOn && !m.row.resultEnteredBy));
}

function resultAuthor(m: ModuleWithNames, isFromOnlineExam: boolean): string | null {
  if (!isFromOnlineExam) return m.enteredByName;
  return m.row.resultEnteredBy && m.enteredByName ? `Online exam, marked by ${m.enteredByName}` : 'Online exam';
}
