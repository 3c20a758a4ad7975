import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { remainingSeconds } from '@certs/shared/exam/exam-rules';
import type { ExamEventKind } from '@certs/shared/exam-integrity/exam-event';
import { sittingEndsAt } from '@certs/shared/exam-schedule/sitting-time';
import { CHECK_IN_EVERY_SECONDS, OFFLINE_AFTER_SECONDS } from '@certs/shared/invigilation/console-state';
import {
  INVIGILATION_MESSAGES,
  type ActionResponse,
  type AddTimeRequest,
  type CandidateNotices,
  type IrregularityReport,
  type IrregularityReportRequest,
  type MessageRequest,
  type MySittings,
  type SittingConsole,
  type SittingSummary,
  type SnapshotLink,
} from '@certs/shared/invigilation/invigilation.contract';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { Storage } from '../../platform/storage/storage';
import type { Executor } from '../../db/executor';
import { dayIn, type AccountTimeZones } from '../account/account-time-zone';
import type { ExamClock } from '../exam/exam-clock';
import type { ProgramService } from '../program/program.service';
import { applicantOf } from '../exam/exam.service';
import { canReadReports, needsStanding, sittingRoleOf, type SittingRole } from './invigilation.policy';
import type { InvigilationRepository, MySittingRow, ReportRow, SittingModuleRow } from './invigilation.repository';
import { SittingView } from './sitting-view';

/** How far out a paused sitting's deadline is held, so that no time-out closes it meanwhile. */
export const PAUSE_HOLD_SECONDS = 12 * 60 * 60;
const SNAPSHOT_LINK_SECONDS = 120;

export interface InvigilationDeps {
  programs: Pick<ProgramService, 'programPrivilege'>;
  clock: ExamClock;
  storage: Storage;
  /** The caller's account's zone decides which sittings are today's. */
  zones: Pick<AccountTimeZones, 'ofAccount'>;
  now?: () => Date;
}

/** Where a snapshot event keeps its picture: the recording side names it `storageKey` (older names accepted). */
export function snapshotKeyOf(detail: Record<string, unknown>): string | null {
  const key = detail.storageKey ?? detail.key ?? detail.resourceKey;
  return typeof key === 'string' && key.length > 0 ? key : null;
}

export function reportOf(row: ReportRow): IrregularityReport {
  return { ...row, createdOn: row.createdOn.toISOString() };
}

/**
 * Invigilation (issue 19, decision 029): the invigilator's home and console, the actions on one
 * candidate (each with a reason, recorded as an event), irregularity reports, and the candidate's
 * check-in that tells the console they are there and tells the page about pauses and messages.
 */
export class InvigilationService {
  private readonly now: () => Date;

  constructor(
    private readonly repository: InvigilationRepository,
    private readonly deps: InvigilationDeps,
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Sittings today and next where the caller is named invigilator or examiner (whatever their menus). */
  async mySittings(actor: CurrentUser): Promise<MySittings> {
    if (actor.userType !== 'admin') throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const now = this.now();
    const accountId = staffAccountOf(actor);
    // Every sitting listed is of the account the caller works in, so its day is that account's.
    const [rows, zone] = await Promise.all([this.repository.findMySittings(actor.id, accountId, now), this.deps.zones.ofAccount(accountId)]);
    const today = dayIn(zone, now);
    const summaries = rows.map((row) => ({ row, summary: mySummaryOf(row) }));
    return {
      today: summaries.filter(({ row }) => dayIn(zone, row.scheduledAt) <= today).map(({ summary }) => summary),
      next: summaries.filter(({ row }) => dayIn(zone, row.scheduledAt) > today).map(({ summary }) => summary),
    };
  }

  /** The sitting's candidates, authorised: 404 for no such sitting, 403 for staff who are not on it. */
  async authorizedSitting(actor: CurrentUser, sittingId: string): Promise<{ modules: SittingModuleRow[]; role: SittingRole }> {
    const modules = await this.repository.findSittingModules(sittingId);
    const first = modules[0];
    if (!first) throw new AppError('NOT_FOUND', INVIGILATION_MESSAGES.notFound);
    const standing = needsStanding(actor) ? await this.deps.programs.programPrivilege(actor, first.programId) : null;
    const role = sittingRoleOf(actor, modules, standing);
    if (!role) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return { modules, role };
  }

  /** A fresh view of the sitting, with every event folded in. */
  async loadView(modules: readonly SittingModuleRow[], role: SittingRole): Promise<SittingView> {
    const view = new SittingView(modules, sittingSummaryOf(modules, role));
    view.setEngines(await this.repository.findEngineRows(view.moduleIds));
    view.applyEvents(await this.repository.findEvents(view.moduleIds));
    return view;
  }

  async console(actor: CurrentUser, sittingId: string): Promise<SittingConsole> {
    const { modules, role } = await this.authorizedSitting(actor, sittingId);
    return consoleOf(await this.loadView(modules, role), this.now());
  }

  /** A short-lived link to the latest camera snapshot of one candidate of the sitting. */
  async snapshot(actor: CurrentUser, sittingId: string, applicationModuleId: string): Promise<SnapshotLink> {
    const { modules } = await this.authorizedSitting(actor, sittingId);
    if (!modules.some((module) => module.applicationModuleId === applicationModuleId)) throw new AppError('NOT_FOUND', INVIGILATION_MESSAGES.notFound);
    const snapshots = await this.repository.findEvents([applicationModuleId], { kinds: ['snapshot'] });
    const latest = snapshots.reverse().find((event) => snapshotKeyOf(event.detail));
    const key = latest ? snapshotKeyOf(latest.detail) : null;
    if (!latest || !key) throw new AppError('NOT_FOUND', INVIGILATION_MESSAGES.noSnapshot);
    const contentType = typeof latest.detail.contentType === 'string' ? latest.detail.contentType : 'image/jpeg';
    const url = await this.deps.storage.presignDownload(key, { fileName: 'snapshot.jpg', contentType, expiresSeconds: SNAPSHOT_LINK_SECONDS });
    return { url, takenOn: latest.occurredOn.toISOString() };
  }

  // Actions on one candidate.

  async sendMessage(actor: CurrentUser, applicationModuleId: string, input: MessageRequest): Promise<ActionResponse> {
    return this.act(actor, applicationModuleId, async (tx, target, now) => {
      const sitting = requireLaunched(target.examInstanceId);
      // A submitted candidate's page no longer checks in: the message would never be read.
      await this.lockOpen(tx, sitting);
      const eventId = await this.record(tx, target, sitting, 'message', { text: input.text.trim(), reason: input.reason.trim() }, actor, now);
      return { eventId, deadline: null };
    });
  }

  /** More time through the engine's extension (added to what was granted); the open sitting's deadline moves with it. */
  async addTime(actor: CurrentUser, applicationModuleId: string, input: AddTimeRequest): Promise<ActionResponse> {
    return this.act(actor, applicationModuleId, async (tx, target, now) => {
      const sitting = target.examInstanceId;
      if (sitting) await this.lockOpen(tx, sitting);
      const extended = await this.deps.clock.addExtraTime(tx, applicationModuleId, input.minutes * 60, actor.id, now);
      const eventId = await this.record(tx, target, sitting, 'extraTime', { minutes: input.minutes, totalExtraMinutes: Math.round(extended.extraSeconds / 60), reason: input.reason.trim() }, actor, now);
      return { eventId, deadline: extended.deadline?.toISOString() ?? null };
    });
  }

  /** Stops the candidate's clock: the deadline is held out of reach until resumed. */
  async pause(actor: CurrentUser, applicationModuleId: string, reason: string): Promise<ActionResponse> {
    return this.act(actor, applicationModuleId, async (tx, target, now) => {
      const sitting = requireLaunched(target.examInstanceId);
      const locked = await this.lockOpen(tx, sitting);
      if (await this.repository.findOpenPause(tx, sitting)) throw new AppError('CONFLICT', INVIGILATION_MESSAGES.alreadyPaused);
      const remaining = remainingSeconds(locked.deadline.getTime(), now.getTime());
      await this.repository.insertPause(tx, { examInstanceId: sitting, pausedOn: now, remainingSeconds: remaining, holdSeconds: PAUSE_HOLD_SECONDS, reason: reason.trim(), actorId: actor.id });
      const deadline = await this.deps.clock.moveDeadline(tx, sitting, PAUSE_HOLD_SECONDS, actor.id, now);
      const eventId = await this.record(tx, target, sitting, 'paused', { reason: reason.trim(), remainingSeconds: remaining }, actor, now);
      return { eventId, deadline: deadline?.toISOString() ?? null };
    });
  }

  /** Starts the clock again: the deadline ends up exactly the paused time later than before the pause. */
  async resume(actor: CurrentUser, applicationModuleId: string, reason: string): Promise<ActionResponse> {
    return this.act(actor, applicationModuleId, async (tx, target, now) => {
      const sitting = requireLaunched(target.examInstanceId);
      await this.lockOpen(tx, sitting);
      const pause = await this.repository.findOpenPause(tx, sitting);
      if (!pause) throw new AppError('CONFLICT', INVIGILATION_MESSAGES.notPaused);
      const pausedMs = Math.max(0, now.getTime() - pause.pausedOn.getTime());
      await this.repository.closePause(tx, pause.id, { resumedOn: now, reason: reason.trim(), actorId: actor.id });
      const deadline = await this.deps.clock.moveDeadline(tx, sitting, pausedMs / 1000 - pause.holdSeconds, actor.id, now);
      const eventId = await this.record(tx, target, sitting, 'resumed', { reason: reason.trim(), pausedSeconds: Math.round(pausedMs / 1000) }, actor, now);
      return { eventId, deadline: deadline?.toISOString() ?? null };
    });
  }

  /** Submits the sitting now, as ended by an invigilator for misconduct; the answers so far are marked as usual. */
  async endForMisconduct(actor: CurrentUser, applicationModuleId: string, reason: string): Promise<ActionResponse> {
    return this.act(actor, applicationModuleId, async (tx, target, now) => {
      const sitting = requireLaunched(target.examInstanceId);
      await this.lockOpen(tx, sitting);
      const pause = await this.repository.findOpenPause(tx, sitting);
      if (pause) await this.repository.closePause(tx, pause.id, { resumedOn: now, reason: reason.trim(), actorId: actor.id });
      await this.deps.clock.end(tx, sitting, now);
      const eventId = await this.record(tx, target, sitting, 'endedForMisconduct', { reason: reason.trim() }, actor, now);
      return { eventId, deadline: null };
    });
  }

  async report(actor: CurrentUser, applicationModuleId: string, input: IrregularityReportRequest): Promise<IrregularityReport> {
    const evidenceTimes = [...(input.evidenceTimes ?? [])].map((time) => new Date(time).toISOString()).sort();
    const id = await this.act(actor, applicationModuleId, async (tx, target, now) => {
      const reportId = await this.repository.insertReport(tx, {
        applicationModuleId,
        examInstanceId: target.examInstanceId,
        category: input.category,
        description: input.description.trim(),
        evidenceTimes,
        actorId: actor.id,
      });
      await this.record(tx, target, target.examInstanceId, 'irregularityReport', { reportId, category: input.category, reason: input.description.trim(), evidenceTimes }, actor, now);
      return reportId;
    });
    const rows = await this.repository.findReports({ applicationId: (await this.repository.findModule(applicationModuleId))?.applicationId ?? '' });
    const row = rows.find((report) => report.id === id);
    if (!row) throw new AppError('NOT_FOUND', INVIGILATION_MESSAGES.notFound);
    return reportOf(row);
  }

  /** The irregularity reports of an application's sittings, for the staff application page. */
  async applicationReports(actor: CurrentUser, applicationId: string): Promise<IrregularityReport[]> {
    const found = await this.repository.findApplicationStaff(applicationId);
    if (!found) throw new AppError('NOT_FOUND', INVIGILATION_MESSAGES.notFound);
    const standing = actor.userType === 'admin' ? await this.deps.programs.programPrivilege(actor, found.programId) : null;
    if (!canReadReports(actor, found.namedStaff, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return (await this.repository.findReports({ applicationId })).map(reportOf);
  }

  // The candidate's side.

  /**
   * The exam page checks in every few seconds: the console learns the candidate is there (a silence
   * longer than the offline limit is recorded as a connection loss when they come back), and the
   * page learns of a pause, the invigilators' messages and the newest action.
   */
  async checkIn(actor: CurrentUser, examInstanceId: string): Promise<CandidateNotices> {
    const applicantId = applicantOf(actor);
    const sitting = await this.repository.findOwnSitting(examInstanceId, applicantId);
    if (!sitting) throw new AppError('NOT_FOUND', INVIGILATION_MESSAGES.notFound);
    if (sitting.status === 'InProgress') {
      const now = this.now();
      const { previous } = await this.repository.checkIn(examInstanceId, now, CHECK_IN_EVERY_SECONDS / 2);
      if (previous && now.getTime() - previous.getTime() > OFFLINE_AFTER_SECONDS * 1000) {
        const seconds = Math.round((now.getTime() - previous.getTime()) / 1000);
        // The page could not say so while its connection was down: the silence is the record.
        await this.repository.insertEvent(this.repository.db, {
          examInstanceId,
          applicationModuleId: sitting.applicationModuleId,
          applicantId,
          kind: 'offline',
          source: 'system',
          detail: { seconds, backOn: now.toISOString(), detectedBy: 'checkIn' },
          occurredOn: previous,
          actorUserId: null,
        });
      }
    }
    const notices = await this.repository.findNotices(examInstanceId);
    return {
      pausedSince: notices.pause?.pausedOn.toISOString() ?? null,
      remainingAtPause: notices.pause?.remainingSeconds ?? null,
      messages: notices.messages.map((event) => ({ id: event.id, text: typeof event.detail.text === 'string' ? event.detail.text : '', sentOn: event.occurredOn.toISOString() })),
      lastActionId: notices.lastActionId,
    };
  }

  // Helpers.

  /** The sitting under its lock while it is open; once submitted, timed out or ended, a refusal that says which (issue 45 item 5). */
  private async lockOpen(tx: Executor, examInstanceId: string): Promise<LockedSitting> {
    const locked = await this.deps.clock.lock(tx, examInstanceId);
    if (locked?.status !== 'InProgress') throw new AppError('CONFLICT', closedSittingMessage(locked));
    return locked;
  }

  /** Authorises the caller on the candidate's sitting, then runs the action in one transaction. */
  private async act<T>(actor: CurrentUser, applicationModuleId: string, work: (tx: Executor, target: SittingModuleRow & { examInstanceId: string | null }, now: Date) => Promise<T>): Promise<T> {
    const target = await this.repository.findModule(applicationModuleId);
    if (!target || !target.scheduledAt) throw new AppError('NOT_FOUND', INVIGILATION_MESSAGES.notFound);
    const modules = await this.repository.findSittingModules(applicationModuleId);
    if (modules.length === 0) throw new AppError('NOT_FOUND', INVIGILATION_MESSAGES.notFound);
    const standing = needsStanding(actor) ? await this.deps.programs.programPrivilege(actor, target.programId) : null;
    if (!sittingRoleOf(actor, modules, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const now = this.now();
    return this.repository.transaction((tx) => work(tx, target, now));
  }

  private record(tx: Executor, target: SittingModuleRow, examInstanceId: string | null, kind: ExamEventKind, detail: Record<string, unknown>, actor: CurrentUser, now: Date): Promise<number> {
    return this.repository.insertEvent(tx, {
      examInstanceId,
      applicationModuleId: target.applicationModuleId,
      applicantId: target.applicantId,
      kind,
      source: 'invigilator',
      detail,
      occurredOn: now,
      actorUserId: actor.id,
    });
  }
}

type LockedSitting = NonNullable<Awaited<ReturnType<ExamClock['lock']>>>;

function closedSittingMessage(locked: LockedSitting | null): string {
  if (locked?.submittedHow === 'invigilator') return INVIGILATION_MESSAGES.alreadyEnded;
  if (locked?.status === 'Submitted') return INVIGILATION_MESSAGES.alreadySubmitted;
  if (locked?.status === 'TimedOut') return INVIGILATION_MESSAGES.timedOut;
  return INVIGILATION_MESSAGES.notInProgress;
}

function requireLaunched(examInstanceId: string | null): string {
  if (!examInstanceId) throw new AppError('CONFLICT', INVIGILATION_MESSAGES.notLaunched);
  return examInstanceId;
}

/** The end of the sitting as the candidates' deadlines have it (decision 041), before anyone's extra time. */
function windowClosesAt(scheduledAt: Date, durationMinutes: number): string {
  return sittingEndsAt({ scheduledAt, durationMinutes }).toISOString();
}

export function sittingSummaryOf(modules: readonly SittingModuleRow[], role: SittingRole): SittingSummary {
  const first = modules[0]!;
  return {
    sittingId: [...modules.map((module) => module.applicationModuleId)].sort()[0]!,
    programCode: first.programCode,
    moduleCode: first.moduleCode,
    moduleTitle: first.moduleTitle,
    testTitle: first.testTitle,
    scheduledAt: first.scheduledAt.toISOString(),
    windowClosesAt: windowClosesAt(first.scheduledAt, Math.max(...modules.map((module) => module.durationMinutes))),
    scheduleTimeZone: first.scheduleTimeZone,
    candidates: modules.length,
    myRole: role,
  };
}

function mySummaryOf(row: MySittingRow): SittingSummary {
  return {
    sittingId: row.sittingId,
    programCode: row.programCode,
    moduleCode: row.moduleCode,
    moduleTitle: row.moduleTitle,
    testTitle: row.testTitle,
    scheduledAt: row.scheduledAt.toISOString(),
    windowClosesAt: windowClosesAt(row.scheduledAt, row.durationMinutes),
    scheduleTimeZone: row.scheduleTimeZone,
    candidates: row.candidates,
    myRole: row.isInvigilator ? 'invigilator' : 'examiner',
  };
}

export function consoleOf(view: SittingView, now: Date): SittingConsole {
  return { sitting: view.summary, candidates: view.candidates(), events: view.recentEvents(), serverTime: now.getTime(), offlineAfterSeconds: OFFLINE_AFTER_SECONDS };
}
