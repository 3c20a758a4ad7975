import type { ApplicationStatus } from '@certs/shared/application/application-status';
import type { WorkflowStage } from '@certs/shared/application/application-workflow';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { earlierAwardDateNote } from '@certs/shared/award/award-date';
import { formatDateTimeWithZone } from '@certs/shared/common/dates';
import { WHAT_TO_BRING, scheduleRowIssues } from '@certs/shared/exam-schedule/exam-schedule.contract';
import { instantOfLocal } from '@certs/shared/exam-schedule/exam-schedule-time';
import { calculateRange, type RangeResult } from '@certs/shared/wpq/wpq-range';
import { WPQ_STANDARDS, type WpqStandard } from '@certs/shared/wpq/wpq-reference';
import {
  WPQ_RECORD_MESSAGES,
  WPQ_RECORD_STATUS_LABELS,
  hasPassedTests,
  rangeInputOf,
  testMethodLabel,
  wpqRecordIssues,
  wpqRecordShape,
  wpqSubmissionIssues,
  wpqTestIssues,
  type JobKnowledge,
  type WpqRecordFields,
  type WpqDetailsRequest,
  type WpqExaminerSubmitRequest,
  type WpqRecord,
  type WpqRecordSaveRequest,
  type WpqRecordStatus,
  type WpqRecordSubmitRequest,
  type WpqResultSubmitRequest,
  type WpqScheduleChoices,
  type WpqScheduleRequest,
} from '@certs/shared/wpq/wpq-record.contract';
import type { z } from 'zod';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { MailService, OutgoingMail } from '../../platform/mail/mail.service';
import { dayIn } from '../account/account-time-zone';
import { moveApplication } from '../application/application-move';
import type { ProgramStanding } from '../application/application-workflow.policy';
import type { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import type { AttachmentService } from '../attachment/attachment.service';
import { awardDateRangeOf } from '../award/award-date';
import { HOLDER_AWARDS_PATH, type AwardCreator } from '../award/award.service';
import type { ProgramService } from '../program/program.service';
import type { ImpartialityGuard } from '../impartiality/impartiality.guard';
import { canDecideOutcome, canEditRecordForWelder, canExamine, canReadRecord, canScheduleTest, isRecordOwner } from './wpq.policy';
import type { WpqApplication, WpqRecordRow, WpqRepository, WpqTestResultRow } from './wpq.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const WELDER_QUALIFICATION = 3;
const TYPE_PATH = 'welderqualificationapplication' as const;
const RECORD_FIELDS = Object.keys(wpqRecordShape) as (keyof WpqRecordFields)[];
/** While the application is in these, the record may still be entered or corrected (before the test is submitted). */
const OPEN_STATUSES: readonly ApplicationStatus[] = ['Application Started', 'Application Submitted', 'Being Assessed', 'Assessment Completed', 'Examinations Stage'];
/** The test may be scheduled from payment on, and moved until the examiner has submitted it. */
const SCHEDULE_STAGES: readonly WorkflowStage[] = ['Payment Stage Completed', 'Exam Initialization Completed', 'Exam Modules Sent'];

export interface WpqDeps {
  repository: WpqRepository;
  workflow: ApplicationWorkflowRepository;
  programs: Pick<ProgramService, 'programPrivilege'>;
  attachments: Pick<AttachmentService, 'findOwned' | 'findByIds'>;
  awards: AwardCreator;
  /** Refuses an examiner with a conflict, a shared employer or a lapsed authorisation, and a decider who assessed or examined (issue 43). */
  impartiality: ImpartialityGuard;
  mail: Pick<MailService, 'send'>;
  publicUrl: string;
  now?: () => Date;
}

interface Loaded {
  application: WpqApplication;
  record: WpqRecordRow | undefined;
  standing: ProgramStanding | null;
}

const badRequest = (fieldErrors: Record<string, string>) => new AppError('BAD_REQUEST', Object.values(fieldErrors)[0] ?? 'Invalid request', fieldErrors);
const standardOf = (value: string | null | undefined): WpqStandard => (WPQ_STANDARDS as readonly string[]).includes(value ?? '') ? (value as WpqStandard) : 'ISO 9606-1:2017';

/** The record's fields as the engine and the contract read them (numbers, codes, nulls). */
function fieldsOf(row: WpqRecordRow | undefined): WpqRecordFields {
  const fields = {} as Record<string, unknown>;
  for (const key of RECORD_FIELDS) fields[key] = row ? ((row as unknown as Record<string, unknown>)[key] ?? null) : null;
  return fields as WpqRecordFields;
}

function rangeOf(row: WpqRecordRow | undefined, standard: WpqStandard): RangeResult | null {
  const input = rangeInputOf(fieldsOf(row), standard);
  if (!input) return null;
  const outcome = calculateRange(input);
  return outcome.ok ? outcome.range : null;
}

/**
 * The welder qualification record and its workflow (issue 18, decision 025): the record saved and
 * submitted by the welder or staff for them; the test scheduled like a practical module; the
 * examiner's tests and submission; the assessor's outcome, which awards through the award module
 * with the range the engine computes from the record. Each move locks the application first,
 * goes through `moveApplication` (history) and mails the welder in the same transaction.
 */
export class WpqService {
  private readonly now: () => Date;

  constructor(private readonly deps: WpqDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  // ---- The record -----------------------------------------------------------------------------

  /** `populate`: the application's record, or a blank one when none is saved yet. */
  async populate(actor: CurrentUser, applicationId: string): Promise<WpqRecord> {
    const loaded = await this.loadByApplication(actor, applicationId);
    return this.toView(actor, loaded);
  }

  /** `preview`: one record by its id, read-only. */
  async preview(actor: CurrentUser, id: string): Promise<WpqRecord> {
    return this.toView(actor, await this.loadByRecord(actor, id));
  }

  /** `POST wpq`: saves the draft (types and lengths checked; what is required waits for submit). */
  async save(actor: CurrentUser, input: z.output<typeof WpqRecordSaveRequest>): Promise<WpqRecord> {
    const loaded = await this.loadByApplication(actor, input.applicationId);
    this.assertCanEdit(actor, loaded);
    const id = await this.write(actor, loaded, input, false);
    return this.toView(actor, await this.loadByRecord(actor, id));
  }

  /** `POST wpq/submit`: saves and submits; the whole record must pass the shared checks (the engine's included). */
  async submit(actor: CurrentUser, input: z.output<typeof WpqRecordSubmitRequest>): Promise<WpqRecord> {
    const loaded = await this.loadByApplication(actor, input.applicationId);
    this.assertCanEdit(actor, loaded);
    const standard = standardOf(loaded.record?.standard ?? loaded.application.standard);
    // The awarding body's today: a New Zealand welder's test taken this morning in Auckland is not "in the future".
    const issues = wpqRecordIssues(this.fieldsFrom(input), standard, dayIn(loaded.application.timeZone, this.now()));
    if (Object.keys(issues).length > 0) throw badRequest(issues);
    const id = await this.write(actor, loaded, input, true);
    return this.toView(actor, await this.loadByRecord(actor, id));
  }

  // ---- The test's schedule ----------------------------------------------------------------------

  async scheduleChoices(actor: CurrentUser, id: string): Promise<WpqScheduleChoices> {
    const loaded = await this.loadByRecord(actor, id);
    if (!loaded.standing || !canScheduleTest(actor, loaded.standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return this.deps.repository.findScheduleChoices(loaded.application.programId);
  }

  /** Schedules (or moves) the test at a venue or a test centre and sends it to the welder. */
  async schedule(actor: CurrentUser, id: string, input: z.output<typeof WpqScheduleRequest>): Promise<WpqRecord> {
    const loaded = await this.loadByRecord(actor, id);
    if (!loaded.standing || !canScheduleTest(actor, loaded.standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const row = { ...input, examKind: 'Practical' as const, invigilatorId: null, examDefinitionId: null };
    const issues = scheduleRowIssues(row, { invigilated: false }, this.now());
    if (Object.keys(issues).length > 0) throw badRequest(issues as Record<string, string>);
    const reading = instantOfLocal(input.scheduledLocal ?? '', input.scheduleTimeZone);
    if (!('instant' in reading) || input.durationMinutes === null || !input.examinerId) throw badRequest({ scheduledLocal: WPQ_RECORD_MESSAGES.notPaid });
    const { application } = loaded;
    if (!(await this.deps.repository.isProgramExaminer(application.programId, input.examinerId))) throw badRequest({ examinerId: WPQ_RECORD_MESSAGES.examinerNotInProgram });
    const venue = input.venueId ? await this.deps.repository.findVenue(input.venueId, application.programId) : undefined;
    if (input.venueId && !venue) throw badRequest({ venueId: 'Venue not found' });
    const centre = input.testingAgencyId ? await this.deps.repository.findTestCentre(input.testingAgencyId, application.programId) : undefined;
    if (input.testingAgencyId && !centre) throw badRequest({ testingAgencyId: WPQ_RECORD_MESSAGES.testCentreUnknown });
    // A newly named examiner is an assignment (issue 43); the test moved with the same examiner is not.
    const checks =
      input.examinerId !== loaded.record?.examinerId
        ? [{ programId: application.programId, applicationId: application.id, applicantUserId: application.applicantUserId, staffUserId: input.examinerId, role: 'examiner' as const }]
        : [];
    const clearance = await this.deps.impartiality.assertAssignable(actor, loaded.standing, checks, input.override);

    await this.deps.repository.transaction(async (tx) => {
      const locked = await this.lockApplication(tx, application.id);
      const record = await this.lockRecord(tx, id);
      await clearance.record(tx);
      const stage = locked.workflowStage as WorkflowStage | null;
      if (record.status !== 'submitted') throw new AppError('CONFLICT', record.examinerSubmittedOn ? WPQ_RECORD_MESSAGES.scheduleClosed : WPQ_RECORD_MESSAGES.notEditable(WPQ_RECORD_STATUS_LABELS[record.status].toLowerCase()));
      if (locked.status !== 'Examinations Stage' || !stage || !SCHEDULE_STAGES.includes(stage)) throw new AppError('CONFLICT', WPQ_RECORD_MESSAGES.notPaid);
      await this.deps.repository.update(tx, id, {
        scheduledAt: reading.instant,
        scheduleTimeZone: input.scheduleTimeZone,
        durationMinutes: input.durationMinutes,
        venueId: input.venueId,
        testingAgencyId: input.testingAgencyId,
        examinerId: input.examinerId,
        scheduleNote: input.scheduleNote,
        scheduleSentOn: this.now(),
        modifiedBy: actor.id,
      });
      const place = venue?.title ?? centre?.name ?? '';
      const when = formatDateTimeWithZone(reading.instant, input.scheduleTimeZone);
      let current = { ...locked };
      // First scheduling: initialised and sent in one step (there is one test, not several modules to gather).
      for (const toStage of ['Exam Initialization Completed', 'Exam Modules Sent'] as const) {
        if (current.workflowStage === 'Exam Modules Sent') break;
        const moved = await moveApplication(tx, this.deps.workflow, {
          locked: current,
          typePath: TYPE_PATH,
          toStage,
          what: 'scheduled',
          note: toStage === 'Exam Modules Sent' ? `Welder qualification test sent to the welder: ${when}, ${place}` : `Welder qualification test scheduled: ${when}, ${place}`,
          actorId: actor.id,
        });
        current = { ...current, status: moved.status, workflowStage: moved.stage };
      }
      if (stage === 'Exam Modules Sent') {
        await this.deps.workflow.insertHistory(tx, { applicationId: application.id, fromStatus: locked.status, toStatus: locked.status, note: `Welder qualification test moved: ${when}, ${place}`, createdBy: actor.id, modifiedBy: actor.id });
      }
      await this.deps.mail.send(
        this.mailTo(application, `Application ${application.applicationNumber}: your welder qualification test`, [
          `Your welder qualification test for ${application.programTitle} (${application.programCode}) is on ${when} at ${place}, for ${input.durationMinutes} minutes.`,
          `What to bring: ${WHAT_TO_BRING.Practical}`,
          ...(input.scheduleNote ? [input.scheduleNote] : []),
        ]),
        tx,
      );
    });
    return this.toView(actor, await this.loadByRecord(actor, id));
  }

  // ---- The examiner ---------------------------------------------------------------------------

  /** `{id}/details`: the examiner's tests so far and job knowledge (checked for the order and stop rules). */
  async saveDetails(actor: CurrentUser, id: string, input: z.output<typeof WpqDetailsRequest>): Promise<WpqRecord> {
    const loaded = await this.loadForExaminer(actor, id);
    await this.checkEvidence(actor, input);
    await this.deps.repository.transaction(async (tx) => {
      const locked = await this.lockApplication(tx, loaded.application.id);
      const record = await this.lockRecord(tx, id);
      this.assertTestOpen(record, locked.workflowStage);
      await this.writeDetails(tx, actor, record.id, input);
    });
    return this.toView(actor, await this.loadByRecord(actor, id));
  }

  /**
   * `{id}/examiner/submit`: the exam submission (test centre, test result file, message) with the
   * tests, which must meet the engine's required tests for this piece (unless the visual test
   * failed, which ends the test). Moves the application to Exam Modules Evaluation Completed.
   */
  async examinerSubmit(actor: CurrentUser, id: string, input: z.output<typeof WpqExaminerSubmitRequest>): Promise<WpqRecord> {
    const loaded = await this.loadForExaminer(actor, id);
    if (input.details) await this.checkEvidence(actor, input.details);
    const [file] = await this.deps.attachments.findOwned(actor.id, [input.testResultFile]);
    if (!file) throw badRequest({ testResultFile: WPQ_RECORD_MESSAGES.testResultFileRequired });
    const { application } = loaded;
    if (input.applicationTestingAgency && !(await this.deps.repository.findTestCentre(input.applicationTestingAgency, application.programId))) {
      throw badRequest({ applicationTestingAgency: WPQ_RECORD_MESSAGES.testCentreUnknown });
    }
    const standard = standardOf(loaded.record?.standard);
    // An examiner other than the one scheduled takes the test over: judged as an assignment of theirs (issue 43).
    const checks =
      loaded.standing && actor.id !== loaded.record?.examinerId
        ? [{ programId: application.programId, applicationId: application.id, applicantUserId: application.applicantUserId, staffUserId: actor.id, role: 'examiner' as const }]
        : [];
    const clearance = loaded.standing ? await this.deps.impartiality.assertAssignable(actor, loaded.standing, checks, input.override) : undefined;
    await this.deps.repository.transaction(async (tx) => {
      const locked = await this.lockApplication(tx, application.id);
      const record = await this.lockRecord(tx, id);
      this.assertTestOpen(record, locked.workflowStage);
      await clearance?.record(tx);
      if (input.details) await this.writeDetails(tx, actor, record.id, input.details);
      const current = (await this.deps.repository.findById(id, tx)) ?? record;
      const tests = (await this.deps.repository.findTests(id, tx)).map((t) => ({ ...t, testName: t.testName as never, evidenceAttachmentIds: t.evidenceAttachmentIds }));
      const range = rangeOf(current, standard);
      const issues = wpqSubmissionIssues(tests, range?.requiredTests ?? [], current.jobKnowledge as JobKnowledge | null);
      if (Object.keys(issues).length > 0) throw badRequest(issues);
      await this.deps.repository.update(tx, id, {
        status: 'examined',
        examinerId: actor.id,
        testingAgencyId: input.applicationTestingAgency ?? current.testingAgencyId,
        testResultFileId: file.id,
        messageToExaminer: input.messageToExaminer,
        examinerSubmittedOn: this.now(),
        modifiedBy: actor.id,
      });
      const summary = tests.map((t) => `${testMethodLabel(t.testName)}${t.isRetest ? ' (retest)' : ''} ${t.result}`).join(', ');
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath: TYPE_PATH,
        toStage: 'Exam Modules Evaluation Completed',
        what: 'evaluated',
        note: `Welder qualification test recorded by the examiner: ${summary}; job knowledge ${current.jobKnowledge}`,
        actorId: actor.id,
      });
      await this.deps.mail.send(
        this.mailTo(application, `Application ${application.applicationNumber}: your test has been recorded`, [
          `The examiner has recorded your welder qualification test for ${application.programTitle} (${application.programCode}): ${summary}.`,
          'The assessor will now decide the outcome; you will receive an email when it is recorded.',
        ]),
        tx,
      );
    });
    return this.toView(actor, await this.loadByRecord(actor, id));
  }

  // ---- The assessor's outcome -----------------------------------------------------------------

  /**
   * `{id}/result/submit`: approved awards the application through the award module (type
   * Awarded) and stores the engine's range for the record with it; not approved is Failed with
   * the reasons. One transaction on the locked application: the move, the award and the mail.
   */
  async submitResult(actor: CurrentUser, id: string, input: z.output<typeof WpqResultSubmitRequest>): Promise<WpqRecord> {
    const loaded = await this.loadByRecord(actor, id);
    if (!loaded.standing || !canDecideOutcome(actor, loaded.standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const { application } = loaded;
    // The certification decision: not by the welder's assessor or examiner where the program separates them (issue 43).
    const clearance = await this.deps.impartiality.assertMayDecide(actor, loaded.standing, { programId: application.programId, applicationId: application.id, applicantUserId: application.applicantUserId }, input.override);
    await this.deps.repository.transaction(async (tx) => {
      const locked = await this.lockApplication(tx, application.id);
      const record = await this.lockRecord(tx, id);
      if (record.status === 'approved' || record.status === 'failed') throw new AppError('CONFLICT', WPQ_RECORD_MESSAGES.resultRecorded);
      await clearance.record(tx);
      if (record.status !== 'examined' || locked.workflowStage !== 'Exam Modules Evaluation Completed') throw new AppError('CONFLICT', WPQ_RECORD_MESSAGES.notExamined);
      const tests = await this.deps.repository.findTests(id, tx);
      const approved = input.welderQualificationApproved;
      let range: RangeResult | null = null;
      if (approved) {
        if (!hasPassedTests(tests.map((t) => ({ testName: t.testName as never, result: t.result, isRetest: t.isRetest })))) throw badRequest({ welderQualificationApproved: WPQ_RECORD_MESSAGES.testsNotPassed });
        // Computed here from the stored record, never typed: the range the certificate states.
        range = rangeOf(record, standardOf(record.standard));
        if (!range) throw new AppError('CONFLICT', WPQ_RECORD_MESSAGES.notExamined);
      }
      await moveApplication(tx, this.deps.workflow, {
        locked,
        typePath: TYPE_PATH,
        action: approved ? 'award' : 'failExaminations',
        what: approved ? 'awarded' : 'failed',
        note: approved
          ? `Welder qualification approved${earlierAwardDateNote(input.awardedOn, dayIn(application.timeZone, this.now()))}${input.programAssessorNotes ? `. ${input.programAssessorNotes}` : ''}`
          : `Welder qualification not approved: ${input.programAssessorNotes}`,
        actorId: actor.id,
      });
      const now = this.now();
      await this.deps.workflow.update(tx, application.id, { overallResult: approved ? 'Awarded' : 'Failed', resultRecordedOn: now, modifiedBy: actor.id });
      const award = approved ? await this.deps.awards.createForAwardedApplication(tx, { applicationId: application.id, actorId: actor.id, awardType: 'Awarded', awardedOn: input.awardedOn }) : null;
      await this.deps.repository.update(tx, id, {
        status: approved ? 'approved' : 'failed',
        welderQualificationApproved: approved,
        programAssessorNotes: input.programAssessorNotes,
        resultSubmittedOn: now,
        resultSubmittedBy: actor.id,
        rangeOfQualification: range as unknown as Record<string, unknown> | null,
        awardId: award?.id ?? null,
        issueDate: award?.awardedOn ?? null,
        modifiedBy: actor.id,
      });
      const paragraphs = award
        ? [
            `Your welder qualification for ${application.programTitle} (${application.programCode}) has been approved: certificate ${award.certificateNumber}.`,
            `Qualified as: ${range?.designations.join('; ')}.`,
            'You can print your range of qualification from your application page.',
          ]
        : [`Your welder qualification for ${application.programTitle} (${application.programCode}) has not been approved.`, `Reasons: ${input.programAssessorNotes}`];
      await this.deps.mail.send(this.mailTo(application, `Application ${application.applicationNumber}: ${award ? 'welder qualification approved' : 'welder qualification not approved'}`, paragraphs), tx);
    });
    return this.toView(actor, await this.loadByRecord(actor, id));
  }

  /**
   * Issue 43: an appeal against the welder's failed result upheld, in the appeal's transaction
   * (which has moved the application to Awarded and made `awardId`): the record becomes approved
   * with the range the engine computes from it, as an approval at the result stage would. Refused
   * (409) when the record's tests were not all acceptable: then there is no range to state.
   */
  async approveOnAppeal(tx: Executor, input: { applicationId: string; awardId: string; awardedOn: string; actorId: string; note: string }): Promise<void> {
    const found = await this.deps.repository.findByApplication(input.applicationId, tx);
    if (!found) throw new AppError('NOT_FOUND', WPQ_RECORD_MESSAGES.notFound);
    const record = await this.lockRecord(tx, found.id);
    const tests = await this.deps.repository.findTests(record.id, tx);
    if (!hasPassedTests(tests.map((t) => ({ testName: t.testName as never, result: t.result, isRetest: t.isRetest })))) throw new AppError('CONFLICT', WPQ_RECORD_MESSAGES.testsNotPassed);
    const range = rangeOf(record, standardOf(record.standard));
    if (!range) throw new AppError('CONFLICT', WPQ_RECORD_MESSAGES.notExamined);
    await this.deps.repository.update(tx, record.id, {
      status: 'approved',
      welderQualificationApproved: true,
      programAssessorNotes: input.note,
      resultSubmittedOn: this.now(),
      resultSubmittedBy: input.actorId,
      rangeOfQualification: range as unknown as Record<string, unknown>,
      awardId: input.awardId,
      issueDate: input.awardedOn,
      modifiedBy: input.actorId,
    });
  }

  // ---- Loading and authorisation --------------------------------------------------------------

  private async loadByApplication(actor: CurrentUser, applicationId: string): Promise<Loaded> {
    const application = UUID.test(applicationId) ? await this.deps.repository.findApplication(applicationId) : undefined;
    if (!application || application.programType !== WELDER_QUALIFICATION) throw new AppError('NOT_FOUND', WPQ_RECORD_MESSAGES.applicationNotFound);
    const standing = await this.authorise(actor, application, WPQ_RECORD_MESSAGES.applicationNotFound);
    return { application, record: await this.deps.repository.findByApplication(application.id), standing };
  }

  private async loadByRecord(actor: CurrentUser, id: string): Promise<Loaded> {
    const record = UUID.test(id) ? await this.deps.repository.findById(id) : undefined;
    const application = record ? await this.deps.repository.findApplication(record.applicationId) : undefined;
    if (!record || !application) throw new AppError('NOT_FOUND', WPQ_RECORD_MESSAGES.notFound);
    const standing = await this.authorise(actor, application, WPQ_RECORD_MESSAGES.notFound);
    return { application, record, standing };
  }

  /** The welder reads their own (another's is missing: 404); staff need a standing in the program (403 otherwise). */
  private async authorise(actor: CurrentUser, application: WpqApplication, notFound: string): Promise<ProgramStanding | null> {
    if (actor.userType !== 'admin') {
      if (!isRecordOwner(actor, application.applicantId)) throw new AppError('NOT_FOUND', notFound);
      return null;
    }
    const standing = await this.deps.programs.programPrivilege(actor, application.programId);
    if (!canReadRecord(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return standing;
  }

  private async loadForExaminer(actor: CurrentUser, id: string): Promise<Loaded> {
    const loaded = await this.loadByRecord(actor, id);
    if (!loaded.standing || !canExamine(actor, loaded.standing)) throw new AppError('FORBIDDEN', WPQ_RECORD_MESSAGES.notExaminer);
    return loaded;
  }

  private canEdit(actor: CurrentUser, loaded: Loaded): boolean {
    return loaded.standing ? canEditRecordForWelder(actor, loaded.standing) : isRecordOwner(actor, loaded.application.applicantId);
  }

  private assertCanEdit(actor: CurrentUser, loaded: Loaded): void {
    if (!this.canEdit(actor, loaded)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
  }

  private async lockApplication(tx: Executor, applicationId: string) {
    const locked = await this.deps.workflow.lock(tx, applicationId);
    if (!locked) throw new AppError('NOT_FOUND', WPQ_RECORD_MESSAGES.applicationNotFound);
    return locked;
  }

  private async lockRecord(tx: Executor, id: string): Promise<WpqRecordRow> {
    const record = await this.deps.repository.lock(tx, id);
    if (!record) throw new AppError('NOT_FOUND', WPQ_RECORD_MESSAGES.notFound);
    return record;
  }

  private assertTestOpen(record: WpqRecordRow, stage: string | null): void {
    if (record.examinerSubmittedOn || record.status !== 'submitted') throw new AppError('CONFLICT', record.examinerSubmittedOn ? WPQ_RECORD_MESSAGES.testsClosed : WPQ_RECORD_MESSAGES.notReadyForTest);
    if (stage !== 'Exam Modules Sent' || !record.scheduleSentOn) throw new AppError('CONFLICT', WPQ_RECORD_MESSAGES.notReadyForTest);
  }

  // ---- Writing --------------------------------------------------------------------------------

  private fieldsFrom(input: z.output<typeof WpqRecordSaveRequest>): WpqRecordFields {
    const fields = {} as Record<string, unknown>;
    for (const key of RECORD_FIELDS) fields[key] = (input as Record<string, unknown>)[key] ?? null;
    return fields as WpqRecordFields;
  }

  /** Inserts or updates the record under the application's lock; on submit also the history and the mail. */
  private async write(actor: CurrentUser, loaded: Loaded, input: z.output<typeof WpqRecordSaveRequest>, isSubmit: boolean): Promise<string> {
    const { application } = loaded;
    const fields = this.fieldsFrom(input);
    return this.deps.repository.transaction(async (tx) => {
      const locked = await this.lockApplication(tx, application.id);
      if (!OPEN_STATUSES.includes(locked.status as ApplicationStatus)) throw new AppError('CONFLICT', WPQ_RECORD_MESSAGES.applicationClosed(locked.status));
      let record = await this.deps.repository.findByApplication(application.id, tx);
      if (record) {
        record = await this.lockRecord(tx, record.id);
        if (record.status !== 'draft' && record.status !== 'submitted') throw new AppError('CONFLICT', WPQ_RECORD_MESSAGES.notEditable(WPQ_RECORD_STATUS_LABELS[record.status].toLowerCase()));
        // The examiner tests the welder against the record as it was sent; it stays as it was.
        if (record.scheduleSentOn) throw new AppError('CONFLICT', WPQ_RECORD_MESSAGES.sentForTest);
      }
      const values = {
        ...fields,
        ...(isSubmit ? { status: 'submitted' as WpqRecordStatus, submittedOn: this.now() } : {}),
        modifiedBy: actor.id,
      };
      let id: string;
      if (record) {
        await this.deps.repository.update(tx, record.id, values);
        id = record.id;
      } else {
        const inserted = await this.deps.repository.insert(tx, {
          ...values,
          applicationId: application.id,
          applicantId: application.applicantId,
          programId: application.programId,
          standard: standardOf(application.standard),
          createdBy: actor.id,
        });
        id = inserted.id;
      }
      if (isSubmit) {
        const by = actor.userType === 'admin' ? 'by staff for the welder' : 'by the welder';
        await this.deps.workflow.insertHistory(tx, { applicationId: application.id, fromStatus: locked.status, toStatus: locked.status, note: `Welder qualification record submitted ${by}`, createdBy: actor.id, modifiedBy: actor.id });
        await this.deps.mail.send(
          this.mailTo(application, `Application ${application.applicationNumber}: welder qualification record submitted`, [
            `Your welder qualification record for ${application.programTitle} (${application.programCode}) has been submitted${actor.userType === 'admin' ? ' for you' : ''}.`,
            'Once the fee is paid, your test is scheduled and you will receive its date and place.',
          ]),
          tx,
        );
      }
      return id;
    });
  }

  private async checkEvidence(actor: CurrentUser, input: z.output<typeof WpqDetailsRequest>): Promise<void> {
    const fieldErrors = wpqTestIssues(input.tests);
    if (Object.keys(fieldErrors).length > 0) throw badRequest(fieldErrors);
    const ids = input.tests.flatMap((t) => t.evidenceAttachmentIds);
    if (ids.length === 0) return;
    const owned = new Set((await this.deps.attachments.findOwned(actor.id, ids)).map((a) => a.id));
    input.tests.forEach((test, index) => {
      if (test.evidenceAttachmentIds.some((a) => !owned.has(a))) fieldErrors[`tests.${index}.evidenceAttachmentIds`] = WPQ_RECORD_MESSAGES.evidenceUnknown;
    });
    if (Object.keys(fieldErrors).length > 0) throw badRequest(fieldErrors);
  }

  private async writeDetails(tx: Executor, actor: CurrentUser, recordId: string, input: z.output<typeof WpqDetailsRequest>): Promise<void> {
    await this.deps.repository.replaceTests(
      tx,
      recordId,
      input.tests.map((test, index) => ({
        testName: test.testName,
        order: index + 1,
        result: test.result,
        calculatedValue: test.calculatedValue ?? null,
        evidenceAttachmentIds: test.evidenceAttachmentIds,
        isRetest: test.isRetest,
        notes: test.notes,
      })),
      actor.id,
    );
    await this.deps.repository.update(tx, recordId, { jobKnowledge: input.jobKnowledge ?? null, examinerId: actor.id, modifiedBy: actor.id });
  }

  private mailTo(application: WpqApplication, subject: string, body: string[]): OutgoingMail {
    return {
      to: application.applicantEmail,
      toUserId: application.applicantUserId,
      programId: application.programId,
      subject,
      paragraphs: [`Dear ${application.applicantFirstName},`, ...body],
      links: [{ label: 'Your application', url: `${this.deps.publicUrl}${HOLDER_AWARDS_PATH}/${TYPE_PATH}/${application.id}` }],
    };
  }

  // ---- The answer -----------------------------------------------------------------------------

  private async toView(actor: CurrentUser, loaded: Loaded): Promise<WpqRecord> {
    const { application, record, standing } = loaded;
    const standard = standardOf(record?.standard ?? application.standard);
    const tests: WpqTestResultRow[] = record ? await this.deps.repository.findTests(record.id) : [];
    const fileIds = [...tests.flatMap((t) => t.evidenceAttachmentIds), ...(record?.testResultFileId ? [record.testResultFileId] : [])];
    const files = new Map((fileIds.length > 0 ? await this.deps.attachments.findByIds(fileIds) : []).map((f) => [f.id, { id: f.id, name: f.name, resourceKey: f.resourceKey }]));
    const names = await this.deps.repository.findUserNames(record?.examinerId ? [record.examinerId] : []);
    const venue = record?.venueId ? await this.deps.repository.findVenue(record.venueId) : undefined;
    const centre = record?.testingAgencyId ? await this.deps.repository.findTestCentre(record.testingAgencyId) : undefined;
    const range = rangeOf(record, standard);
    const stage = application.workflowStage;
    const isTestOpen = !!record && record.status === 'submitted' && stage === 'Exam Modules Sent' && !!record.scheduleSentOn;
    const canDecide = !!record && record.status === 'examined' && stage === 'Exam Modules Evaluation Completed' && !!standing && canDecideOutcome(actor, standing);
    return {
      id: record?.id ?? null,
      applicationId: application.id,
      applicationNumber: application.applicationNumber,
      applicationStatus: application.status,
      workflowStage: stage,
      applicantId: application.applicantId,
      applicantName: application.applicantName,
      programId: application.programId,
      programCode: application.programCode,
      programTitle: application.programTitle,
      standard,
      status: (record?.status ?? 'draft') as WpqRecordStatus,
      ...fieldsOf(record),
      jobKnowledge: (record?.jobKnowledge as JobKnowledge | null) ?? null,
      issueDate: record?.issueDate ?? null,
      submittedOn: record?.submittedOn?.toISOString() ?? null,
      schedule:
        record?.scheduledAt && record.scheduleTimeZone && record.durationMinutes !== null && record.examinerId
          ? {
              scheduledAt: record.scheduledAt.toISOString(),
              scheduleTimeZone: record.scheduleTimeZone,
              durationMinutes: record.durationMinutes,
              venue: venue ?? null,
              testCentre: centre ?? null,
              examiner: { id: record.examinerId, name: names.get(record.examinerId) ?? '' },
              note: record.scheduleNote,
              sentOn: record.scheduleSentOn?.toISOString() ?? null,
            }
          : null,
      tests: tests.map((t) => ({
        id: t.id,
        testName: t.testName as WpqRecord['tests'][number]['testName'],
        order: t.order,
        result: t.result,
        calculatedValue: t.calculatedValue,
        isRetest: t.isRetest,
        notes: t.notes,
        evidence: t.evidenceAttachmentIds.flatMap((a) => files.get(a) ?? []),
      })),
      examSubmission:
        record?.examinerSubmittedOn
          ? {
              testCentre: centre ?? null,
              testResultFile: (record.testResultFileId && files.get(record.testResultFileId)) || null,
              messageToExaminer: record.messageToExaminer,
              submittedOn: record.examinerSubmittedOn.toISOString(),
            }
          : null,
      welderQualificationApproved: record?.welderQualificationApproved ?? null,
      programAssessorNotes: record?.programAssessorNotes ?? '',
      resultSubmittedOn: record?.resultSubmittedOn?.toISOString() ?? null,
      awardId: record?.awardId ?? null,
      certificateNumber: record?.awardId ? ((await this.deps.repository.findCertificateNumber(record.awardId)) ?? null) : null,
      rangeOfQualification: record?.rangeOfQualification ?? null,
      requiredTests: (range?.requiredTests ?? []).map((r) => ({ rule: r.rule, methods: [...r.methods], note: r.note, clause: r.clause })),
      can: {
        edit: OPEN_STATUSES.includes(application.status as ApplicationStatus) && (!record || record.status === 'draft' || (record.status === 'submitted' && !record.scheduleSentOn)) && this.canEdit(actor, loaded),
        schedule: !!record && record.status === 'submitted' && application.status === 'Examinations Stage' && SCHEDULE_STAGES.includes(stage as WorkflowStage) && !!standing && canScheduleTest(actor, standing),
        examine: isTestOpen && !!standing && canExamine(actor, standing),
        decide: canDecide,
      },
      awardDateRange: canDecide ? awardDateRangeOf(application.timeZone, application.submittedOn, this.now()) : null,
    };
  }
}
