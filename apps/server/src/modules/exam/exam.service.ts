import { sql } from 'drizzle-orm';
import {
  EXAM_MESSAGES,
  type AvailableTrial,
  type CandidateExam,
  type CandidateQuestionInstance,
  type ExamReview,
  type ExamSessionRequest,
  type ExamSessionResponse,
  type LaunchedExam,
  type ExamTimer,
  type MyExaminationsPage,
  type ReviewQuestion,
  type SubmitExamResponse,
  type UpdateInstancesRequest,
  type UpdateInstancesResponse,
} from '@certs/shared/exam/exam.contract';
import { EXAM_TIMING, deadlineOf, isChoiceQuestion, minimumSubmitTime, remainingSeconds, shuffledForInstance, storableText } from '@certs/shared/exam/exam-rules';
import { DEFAULT_SECTION } from '@certs/shared/exam-definition/exam-section.contract';
import { RECORDING_MESSAGES } from '@certs/shared/exam-integrity/exam-recording.contract';
import { sittingDeadline, sittingEndsAt } from '@certs/shared/exam-schedule/sitting-time';
import type { ExamType } from '@certs/shared/program/program-type';
import { AppError } from '../../platform/app-error';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { Executor } from '../../db/executor';
import type { ExamContent } from './exam-content';
import type { ExamSubmission } from './exam-submission';
import type { AnswerSaveQueue } from './answer-save-queue';
import type { AnswerSave, UpdateOutcome } from './exam-answer.repository';
import type { SittingDbRow } from './exam-list.repository';
import type { QuestionStateRow, VersionContent } from './exam-question.repository';
import type { ExamRepositories } from './exam-repositories';
import type { InstanceHeader, InstanceRow, ScheduledModule, SittingTarget } from './exam.repository';
import { answerSaves } from '../../platform/metrics/metrics';

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

export interface ExamOptions {
  /** Seconds after the deadline in which updates and submissions are still taken. */
  graceSeconds: number;
  /** Where answer saves go: the repository's statements, batched under load (`answer-save-queue.ts`). */
  answerSaves: AnswerSaveQueue<AnswerSave, UpdateOutcome>;
  now?: () => Date;
}

export function timerOf(instance: InstanceRow, now: Date): ExamTimer {
  const isOpen = instance.status === 'InProgress';
  const remaining = isOpen ? remainingSeconds(instance.deadline.getTime(), now.getTime()) : 0;
  return {
    examInstanceId: instance.id,
    examType: instance.examType,
    totalTime: instance.totalSeconds,
    minimumTime: instance.minimumSeconds,
    extraTime: instance.extraSeconds,
    remainingTime: remaining,
    isTimedOut: instance.status === 'TimedOut' || (isOpen && remaining <= 0),
    startedOn: instance.startedOn.toISOString(),
    deadline: instance.deadline.toISOString(),
    // A trial is practice: it can be ended at any time (issue 21), whatever minimum an older sitting stored.
    canSubmitFrom: (instance.examType === 'trial' ? instance.startedOn : minimumSubmitTime(instance.startedOn, instance.minimumSeconds)).toISOString(),
    serverTime: now.getTime(),
  };
}

/** Sections in order (the default section, order -1, first), each with its questions in exam order. */
export function groupSections<T extends { order: number }>(states: readonly QuestionStateRow[], toQuestion: (state: QuestionStateRow, order: number) => T | null) {
  const sections = new Map<string, { id: string; title: string; order: number; questions: T[] }>();
  for (const state of states) {
    const id = state.sectionId ?? DEFAULT_SECTION.id;
    let section = sections.get(id);
    if (!section) {
      section = { id, title: state.sectionTitle ?? DEFAULT_SECTION.title, order: state.sectionId ? (state.sectionOrder ?? 0) : DEFAULT_SECTION.order, questions: [] };
      sections.set(id, section);
    }
    const question = toQuestion(state, state.sortOrder);
    if (question) section.questions.push(question);
  }
  return [...sections.values()].sort((a, b) => a.order - b.order);
}

/**
 * A question's options in the order this candidate sees them: the test's order, or with shuffleOptions
 * the instance's own stable permutation, numbered again so that `order` is what the screen shows.
 */
function optionsAsSeen(state: QuestionStateRow, version: VersionContent, shuffleOptions: boolean): VersionContent['options'] {
  if (!shuffleOptions) return version.options;
  return shuffledForInstance(state.id, version.options).map((option, index) => ({ ...option, order: index + 1 }));
}

/** What the candidate may see of a question during the exam: no correct flag, no accepted answer. */
export function candidateQuestion(state: QuestionStateRow, version: VersionContent, shuffleOptions = false): CandidateQuestionInstance {
  return {
    id: state.id,
    order: state.sortOrder,
    questionType: version.questionType,
    content: version.content,
    marks: state.maxMarks,
    canUploadAnswerPaper: version.canUploadAnswerPaper,
    options: isChoiceQuestion(version.questionType) ? optionsAsSeen(state, version, shuffleOptions).map((option) => ({ id: option.id, option: option.option, order: option.order })) : [],
    isAnswered: state.isAnswered,
    isAttempted: state.isAttempted,
    isMarked: state.isMarked,
    timeTaken: state.timeTaken,
    numOfAttempts: state.numOfAttempts,
    answerOptionGivenByUser: state.answerOptionGivenByUser,
    answerValueGivenByUser: state.answerValueGivenByUser,
    lastSequence: state.lastSequence,
    answerPaperCount: state.answerPaperCount,
  };
}

/**
 * The candidate's side of the exam engine (issue 7): launching, the exam screen's data, answer
 * updates, the session, the timer, submission, the trial review and the lists. The server's clock
 * decides every limit; an applicant reaching another applicant's sitting gets 404.
 */
export class ExamService {
  private readonly now: () => Date;

  constructor(
    private readonly repositories: Pick<ExamRepositories, 'sittings' | 'questions' | 'lists'>,
    private readonly content: ExamContent,
    private readonly submission: ExamSubmission,
    private readonly options: ExamOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  serverTime(): { serverTime: number } {
    return { serverTime: this.now().getTime() };
  }

  /** A published trial test, any time: the candidate's sitting in progress, or a new one. */
  async initTrial(actor: CurrentUser, testId: string): Promise<CandidateExam> {
    const applicantId = applicantOf(actor);
    const test = await this.repositories.sittings.findPublishedTrial(testId);
    if (!test) throw new AppError('NOT_FOUND', EXAM_MESSAGES.trialNotFound);
    const now = this.now();
    let existing = await this.repositories.sittings.findInProgressTrial(applicantId, testId);
    if (existing && this.isPastGrace(existing, now)) {
      await this.closeOverdue(existing.id, now);
      existing = null;
    }
    let id = existing?.id ?? null;
    if (!id) {
      const totalSeconds = test.overallTime * EXAM_TIMING.minutesToSeconds;
      id = await this.repositories.sittings.createInstance({
        examType: 'trial',
        examDefinitionId: test.id,
        applicantId,
        applicationModuleId: null,
        totalSeconds,
        // No minimum time for practice: the candidate may end a trial whenever they like.
        minimumSeconds: 0,
        extraSeconds: 0,
        startedOn: now,
        deadline: deadlineOf(now, totalSeconds, 0),
        totalMarks: test.totalTestMarks,
        actorUserId: actor.id,
      });
      // A simultaneous launch created it first: that one is the candidate's sitting.
      id ??= (await this.repositories.sittings.findInProgressTrial(applicantId, testId))?.id ?? null;
    }
    if (!id) throw new AppError('CONFLICT', EXAM_MESSAGES.loadFailed);
    return this.candidateExam(id, now);
  }

  /**
   * A scheduled online module exam, only for its candidate, only within its sitting (from the
   * scheduled time to the end of the scheduled duration), and until that end plus the candidate's
   * extra time (decision 041). The first launch creates the sitting; every later one, even after
   * the sitting, returns the same sitting.
   */
  async initModule(actor: CurrentUser, applicationModuleId: string): Promise<CandidateExam> {
    const scheduled = await this.repositories.sittings.findScheduledModule(applicationModuleId);
    return this.launchScheduled(actor, scheduled, { applicationModuleId, resitModuleId: null });
  }

  /**
   * A re-sit's online sitting (issue 17, decision 024): the same rules on the re-sit's schedule. It
   * is a new sitting reached through the re-sit; the first attempt's sitting stays as it was.
   */
  async initResit(actor: CurrentUser, resitModuleId: string): Promise<CandidateExam> {
    const scheduled = await this.repositories.sittings.findScheduledResit(resitModuleId);
    return this.launchScheduled(actor, scheduled, { applicationModuleId: null, resitModuleId });
  }

  /** Launches (or resumes) the sitting of a scheduled module or re-sit. */
  private async launchScheduled(actor: CurrentUser, scheduled: ScheduledModule | null, target: SittingTarget): Promise<CandidateExam> {
    const applicantId = applicantOf(actor);
    if (!scheduled || scheduled.applicantId !== applicantId) throw new AppError('NOT_FOUND', EXAM_MESSAGES.notFound);
    const now = this.now();
    if (scheduled.instanceId) return this.candidateExam(scheduled.instanceId, now);
    // A result recorded by hand (or the application's final result) closes the module to the candidate.
    if (scheduled.isClosed) throw new AppError('CONFLICT', EXAM_MESSAGES.resultRecorded);
    if (!scheduled.scheduleSentOn || !scheduled.scheduledAt || !scheduled.durationMinutes) throw new AppError('CONFLICT', EXAM_MESSAGES.notScheduled);
    if (scheduled.examKind !== 'Online') throw new AppError('CONFLICT', EXAM_MESSAGES.notOnline);
    if (!scheduled.examDefinitionId || !scheduled.testStatus || scheduled.testStatus === 'draft' || scheduled.overallTime === null) throw new AppError('CONFLICT', EXAM_MESSAGES.noTest);
    // The sitting lasts the schedule's duration from the scheduled time, whatever the test's own time (decision 041).
    const slot = { scheduledAt: scheduled.scheduledAt, durationMinutes: scheduled.durationMinutes };
    const endsAt = sittingEndsAt(slot).getTime();
    if (now.getTime() < scheduled.scheduledAt.getTime()) throw new AppError('CONFLICT', EXAM_MESSAGES.notOpenYet);
    if (now.getTime() >= endsAt) throw new AppError('CONFLICT', EXAM_MESSAGES.windowClosed);
    // A recorded sitting opens only after the candidate agreed to the recording (issue 19).
    if (scheduled.recordExam && !scheduled.hasRecordingConsent) throw new AppError('CONFLICT', RECORDING_MESSAGES.consentNeeded);
    // What is left of the sitting: a candidate who starts late has less, as in an exam room.
    const totalSeconds = Math.floor((endsAt - now.getTime()) / 1000);
    const examDefinitionId = scheduled.examDefinitionId;
    // One transaction creates the sitting and reads it back: at the start of a sitting every
    // candidate launches at once, and each wait for a pooled connection adds to all of them.
    const exam = await this.repositories.sittings.transaction(async (tx) => {
      // Extra time granted while this launch runs is read after the module's lock, never lost.
      const { extraSeconds, isClosed } = await this.repositories.sittings.lockScheduledTarget(tx, target);
      if (isClosed) throw new AppError('CONFLICT', EXAM_MESSAGES.resultRecorded);
      const created = await this.repositories.sittings.createInstance(
        {
          examType: 'module',
          examDefinitionId,
          applicantId,
          ...target,
          totalSeconds,
          // Never later than the deadline: a late start may leave less than the test's minimum.
          minimumSeconds: Math.min((scheduled.minimumTime ?? 0) * EXAM_TIMING.minutesToSeconds, totalSeconds + extraSeconds),
          extraSeconds,
          startedOn: now,
          deadline: sittingDeadline(slot, extraSeconds),
          totalMarks: scheduled.totalTestMarks ?? 0,
          actorUserId: actor.id,
          recordExam: scheduled.recordExam,
        },
        tx,
      );
      // A simultaneous launch created it first (its commit let this one through): that is the sitting.
      const id = created ?? (await this.repositories.sittings.findInstanceIdOfTarget(target, tx));
      return id ? this.candidateExam(id, now, tx) : null;
    });
    if (!exam) throw new AppError('CONFLICT', EXAM_MESSAGES.loadFailed);
    return exam;
  }

  async findExam(actor: CurrentUser, examType: ExamType, id: string): Promise<CandidateExam> {
    await this.ownInstance(actor, examType, id);
    return this.candidateExam(id, this.now());
  }

  async updateInstances(actor: CurrentUser, input: UpdateInstancesRequest): Promise<UpdateInstancesResponse> {
    const applicantId = applicantOf(actor);
    const now = this.now();
    const outcome = await this.options.answerSaves.apply({
      examInstanceId: input.examInstanceId,
      applicantId,
      examType: input.examType,
      sessionId: input.sessionId,
      now,
      graceSeconds: this.options.graceSeconds,
      items: input.updates.map((update) => ({
        id: update.questionInstanceId,
        seq: update.sequence,
        timeTaken: update.timeTaken,
        attempts: update.numOfAttempts,
        options: update.answerOptionGivenByUser ?? null,
        // A NUL or half a surrogate pair would make the statement fail (500) and the answer retried forever.
        answer: update.answerValueGivenByUser === undefined ? null : storableText(update.answerValueGivenByUser),
        isMarked: update.isMarked,
        isAttempted: update.isAttempted,
      })),
    });
    const instance = outcome.instance;
    if (!instance) throw new AppError('NOT_FOUND', EXAM_MESSAGES.notFound);
    const results = this.savedResults(input, outcome);
    if (instance.status !== 'InProgress' || instance.deadline.getTime() + this.options.graceSeconds * 1000 < now.getTime() || instance.activeSessionId !== input.sessionId) {
      answerSaves.inc({ outcome: 'refused' }, input.updates.length);
    } else {
      for (const result of results) answerSaves.inc({ outcome: result.outcome });
    }
    if (instance.status === 'TimedOut') throw new AppError('CONFLICT', EXAM_MESSAGES.timeOver);
    if (instance.status !== 'InProgress') throw new AppError('CONFLICT', EXAM_MESSAGES.alreadySubmitted);
    if (instance.deadline.getTime() + this.options.graceSeconds * 1000 < now.getTime()) {
      await this.closeOverdue(instance.id, now);
      throw new AppError('CONFLICT', EXAM_MESSAGES.timeOver);
    }
    if (instance.activeSessionId !== input.sessionId) throw new AppError('CONFLICT', instance.activeSessionId ? EXAM_MESSAGES.takenOver : EXAM_MESSAGES.noSession);
    return { results, timer: timerOf(instance, now) };
  }

  /** Each update's outcome in the order sent: applied, stale (the server holds a newer one) or invalid. */
  private savedResults(input: UpdateInstancesRequest, outcome: UpdateOutcome): UpdateInstancesResponse['results'] {
    const applied = new Map(outcome.applied.map((item) => [`${item.id}:${item.seq}`, item.isAnswered]));
    const checked = new Map(outcome.checked.map((item) => [item.id, item]));
    return input.updates.map((update) => {
        const key = `${update.questionInstanceId}:${update.sequence}`;
        // The same update twice in one batch was written once: the first is applied, the copy stale.
        if (applied.has(key)) {
          const isAnswered = applied.get(key) ?? null;
          applied.delete(key);
          return { questionInstanceId: update.questionInstanceId, sequence: update.sequence, outcome: 'applied' as const, isAnswered };
        }
        const question = checked.get(update.questionInstanceId);
        if (!question?.isValid) return { questionInstanceId: update.questionInstanceId, sequence: update.sequence, outcome: 'invalid' as const, isAnswered: null };
        // The browser resends its state above this when the server holds an update it never saw (another tab's).
        return { questionInstanceId: update.questionInstanceId, sequence: update.sequence, outcome: 'stale' as const, isAnswered: null, serverSequence: question.serverSeq };
    });
  }

  /** The server's remaining time; whatever the browser claims is ignored. */
  async remainingTime(actor: CurrentUser, examType: ExamType, id: string): Promise<ExamTimer> {
    let instance = await this.ownInstance(actor, examType, id);
    const now = this.now();
    if (this.isPastGrace(instance, now)) instance = (await this.closeOverdue(id, now)) ?? (await this.ownInstance(actor, examType, id));
    return timerOf(instance, now);
  }

  /**
   * A launch given the page's session also holds the sitting for it (issue 22: the page then needs
   * no claim of its own before the first question). A launch never takes a sitting over: held by
   * another session, submitted or over, the answer has no `session` and the page's own claim says why.
   */
  async claimOnLaunch(actor: CurrentUser, exam: CandidateExam, sessionId: string | undefined): Promise<LaunchedExam> {
    if (!sessionId || exam.status !== 'InProgress') return exam;
    try {
      return { ...exam, session: await this.claimSession(actor, { examType: exam.examType, examInstanceId: exam.id, sessionId }) };
    } catch (error) {
      if (error instanceof AppError && error.code === 'CONFLICT') return exam;
      throw error;
    }
  }

  /** One browser session holds the sitting; another takes it over only when asked to (after the candidate confirmed). */
  async claimSession(actor: CurrentUser, input: ExamSessionRequest): Promise<ExamSessionResponse> {
    const applicantId = applicantOf(actor);
    const now = this.now();
    const instance = await this.repositories.sittings.claimSession({
      id: input.examInstanceId,
      applicantId,
      examType: input.examType,
      sessionId: input.sessionId,
      takeOver: !!input.takeOver,
      now,
      graceSeconds: this.options.graceSeconds,
    });
    if (!instance) throw new AppError('NOT_FOUND', EXAM_MESSAGES.notFound);
    if (instance.status !== 'InProgress') throw new AppError('CONFLICT', instance.status === 'TimedOut' ? EXAM_MESSAGES.timeOver : EXAM_MESSAGES.alreadySubmitted);
    if (this.isPastGrace(instance, now)) {
      await this.closeOverdue(instance.id, now);
      throw new AppError('CONFLICT', EXAM_MESSAGES.timeOver);
    }
    const holder = instance.activeSessionId;
    if (holder && holder !== input.sessionId && !input.takeOver) throw new AppError('CONFLICT', EXAM_MESSAGES.openElsewhere);
    return { isExamInProgress: true, sessionId: input.sessionId, isTakenOver: !!holder && holder !== input.sessionId, timer: timerOf(instance, now) };
  }

  /**
   * Submits once: one conditional update. Refused before the minimum time (module exams only), and after the deadline
   * plus the grace (the sitting is then closed as timed out with what was saved).
   */
  async submit(actor: CurrentUser, examType: ExamType, id: string, sessionId?: string): Promise<SubmitExamResponse> {
    const applicantId = applicantOf(actor);
    const now = this.now();
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    // A browser names its session: one whose sitting was taken over cannot end it for the other.
    const heldBySession = sessionId === undefined ? sql`true` : sql`e.active_session_id is not distinct from ${sessionId}`;
    const closed = await this.repositories.sittings.transaction((tx) =>
      this.submission.close(
        tx,
        id,
        'candidate',
        now,
        sql`e.applicant_id = ${applicantId} and e.exam_type = ${examType}
          and (e.exam_type = 'trial' or e.started_on + make_interval(secs => e.minimum_seconds) <= ${nowSql})
          and e.deadline + make_interval(secs => ${this.options.graceSeconds}) >= ${nowSql}
          and ${heldBySession}`,
      ),
    );
    if (!closed) {
      const instance = await this.ownInstance(actor, examType, id);
      if (instance.status !== 'InProgress') throw new AppError('CONFLICT', EXAM_MESSAGES.alreadySubmitted);
      if (this.isPastGrace(instance, now)) {
        await this.closeOverdue(id, now);
        throw new AppError('CONFLICT', EXAM_MESSAGES.timeOver);
      }
      if (sessionId !== undefined && instance.activeSessionId !== sessionId) throw new AppError('CONFLICT', instance.activeSessionId ? EXAM_MESSAGES.takenOver : EXAM_MESSAGES.noSession);
      throw new AppError('CONFLICT', EXAM_MESSAGES.minimumTime);
    }
    const scored = (await this.repositories.sittings.findInstance(id)) ?? closed;
    return {
      id,
      examType: scored.examType,
      status: scored.status,
      submittedOn: (scored.submittedOn ?? now).toISOString(),
      submittedHow: scored.submittedHow ?? 'candidate',
      marksReleased: scored.marksReleased,
      score: scored.marksReleased ? scored.score : null,
      totalMarks: scored.totalMarks,
      percentage: scored.marksReleased ? scored.percentage : null,
    };
  }

  /** A submitted trial with the right answers; a module exam never shows them to the candidate. */
  async review(actor: CurrentUser, examType: ExamType, id: string): Promise<ExamReview> {
    const instance = await this.ownInstance(actor, examType, id);
    if (instance.examType !== 'trial' || !instance.marksReleased) {
      if (instance.status === 'InProgress') throw new AppError('CONFLICT', EXAM_MESSAGES.notSubmitted);
      throw new AppError('FORBIDDEN', EXAM_MESSAGES.reviewNotAvailable);
    }
    const header = await this.repositories.sittings.findHeader(id);
    if (!header) throw new AppError('NOT_FOUND', EXAM_MESSAGES.notFound);
    const states = await this.repositories.questions.findQuestionStates(id);
    const versions = await this.content.get(states.map((state) => state.questionVersionId));
    const sections = groupSections<ReviewQuestion>(states, (state) => {
      const version = versions.get(state.questionVersionId);
      if (!version) return null;
      const base = candidateQuestion(state, version, instance.shuffleOptions);
      const isBlank = version.questionType === 'Fill In The Blank';
      return {
        ...base,
        options: isBlank ? [] : optionsAsSeen(state, version, instance.shuffleOptions).map((option) => ({ id: option.id, option: option.option, order: option.order, correctAnswer: option.correctAnswer })),
        acceptedAnswers: isBlank ? version.options.map((option) => option.option) : [],
        actualMarks: state.actualMarks,
      };
    });
    return {
      id,
      examType: header.examType,
      status: header.status,
      title: header.title,
      submittedOn: iso(header.submittedOn),
      score: header.score,
      totalMarks: header.totalMarks,
      percentage: header.percentage,
      sections,
    };
  }

  async myExaminations(actor: CurrentUser, query: { filter: 'All' | 'Upcoming' | 'Completed' | 'Resits'; kind?: ExamType; page: number; pageSize: number }): Promise<MyExaminationsPage> {
    const applicantId = applicantOf(actor);
    const { rows, totalRows } = await this.repositories.lists.findSittings({ ...query, applicantId, now: this.now() });
    return { rows: rows.map(toMyRow), page: query.page, pageSize: query.pageSize, totalRows };
  }

  async availableTrials(actor: CurrentUser): Promise<AvailableTrial[]> {
    return this.repositories.lists.findAvailableTrials(applicantOf(actor));
  }

  /** The candidate's own sitting of this kind, or 404 (never another applicant's). */
  async ownInstance(actor: CurrentUser, examType: ExamType, id: string): Promise<InstanceRow> {
    const instance = await this.repositories.sittings.findInstance(id);
    if (!instance || instance.applicantId !== applicantOf(actor) || instance.examType !== examType) throw new AppError('NOT_FOUND', EXAM_MESSAGES.notFound);
    return instance;
  }

  private isPastGrace(instance: InstanceRow, now: Date): boolean {
    return instance.status === 'InProgress' && instance.deadline.getTime() + this.options.graceSeconds * 1000 < now.getTime();
  }

  /** Closes a sitting left open past its deadline + grace, with what was saved (as the job would). */
  private async closeOverdue(id: string, now: Date): Promise<InstanceRow | null> {
    const graceSeconds = this.options.graceSeconds;
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    return this.repositories.sittings.transaction((tx) => this.submission.close(tx, id, 'timeout', now, sql`e.deadline + make_interval(secs => ${graceSeconds}) < ${nowSql}`));
  }

  /** Outside a transaction the two reads run side by side; inside one, one after the other on its connection. */
  private async candidateExam(id: string, now: Date, tx?: Executor): Promise<CandidateExam> {
    const [header, states] = tx
      ? [await this.repositories.sittings.findHeader(id, tx), await this.repositories.questions.findQuestionStates(id, tx)]
      : await Promise.all([this.repositories.sittings.findHeader(id), this.repositories.questions.findQuestionStates(id)]);
    if (!header) throw new AppError('NOT_FOUND', EXAM_MESSAGES.notFound);
    const versions = await this.content.get(
      states.map((state) => state.questionVersionId),
      tx,
    );
    return toCandidateExam(header, states, versions, now);
  }
}

function toCandidateExam(header: InstanceHeader, states: QuestionStateRow[], versions: Map<string, VersionContent>, now: Date): CandidateExam {
  return {
    id: header.id,
    examType: header.examType,
    status: header.status,
    title: header.title,
    instruction: header.instruction,
    isSectionSplit: header.isSectionSplit,
    totalTestMarks: header.totalMarks,
    numOfQuestions: header.numOfQuestions,
    recordExam: header.recordExam,
    programTitle: header.programTitle,
    moduleCode: header.moduleCode,
    timer: timerOf(header, now),
    sections: groupSections(states, (state) => {
      const version = versions.get(state.questionVersionId);
      return version ? candidateQuestion(state, version, header.shuffleOptions) : null;
    }),
    submittedOn: iso(header.submittedOn),
  };
}

function toMyRow(row: SittingDbRow): MyExaminationsPage['rows'][number] {
  return {
    examInstanceId: row.exam_instance_id,
    kind: row.kind,
    testId: row.test_id,
    title: row.title,
    programCode: row.program_code,
    programTitle: row.program_title,
    moduleCode: row.module_code,
    moduleTitle: row.module_title,
    applicationModuleId: row.application_module_id,
    applicationNumber: row.application_number,
    scheduledAt: iso(row.scheduled_at),
    windowClosesAt: iso(row.window_closes_at),
    scheduleTimeZone: row.schedule_time_zone,
    overallTime: row.overall_time,
    status: row.status,
    startedOn: iso(row.started_on),
    submittedOn: iso(row.submitted_on),
    score: row.marks_released ? row.score : null,
    percentage: row.marks_released ? row.percentage : null,
    isResit: row.is_resit,
    resitModuleId: row.resit_module_id,
    result: row.is_released ? row.module_result : null,
    resultPercentage: row.is_released ? row.module_result_percentage : null,
    isClosed: row.is_closed,
  };
}

export function applicantOf(actor: CurrentUser): string {
  if (actor.userType !== 'applicant' || !actor.applicantId) throw new AppError('FORBIDDEN', EXAM_MESSAGES.notFound);
  return actor.applicantId;
}
