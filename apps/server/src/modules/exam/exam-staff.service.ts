import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import {
  EXAM_MESSAGES,
  type ExamMarking,
  type ExtraTimeRequest,
  type ExtraTimeResponse,
  type SittingsPage,
  type VerifyMarksRequest,
} from '@certs/shared/exam/exam.contract';
import { isChoiceQuestion, roundMarks } from '@certs/shared/exam/exam-rules';
import { DEFAULT_SECTION } from '@certs/shared/exam-definition/exam-section.contract';
import type { ExamType } from '@certs/shared/program/program-type';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { canManageApplications } from '../application/application-workflow.policy';
import type { ProgramService } from '../program/program.service';
import type { ImpartialityGuard } from '../impartiality/impartiality.guard';
import type { ProgramStanding } from '../application/application-workflow.policy';
import type { ExamContent } from './exam-content';
import type { ExamSubmission } from './exam-submission';
import { canMarkExam, hasExamMenu, seesAllSittings } from './exam.policy';
import type { ExamRepositories } from './exam-repositories';
import type { MarkingContext } from './exam-result.repository';
import { sittingTargetOf } from './exam.repository';

/** A time factor is a share of the sitting's length (decision 041), rounded up to whole minutes. */
function extraMinutesOf(request: ExtraTimeRequest, sittingMinutes: number | null): number {
  if (request.timeFactor === undefined) return request.minutes ?? 0;
  if (sittingMinutes === null) throw new AppError('CONFLICT', EXAM_MESSAGES.extraTimeNoTest);
  const minutes = Math.ceil(roundMarks(sittingMinutes * (request.timeFactor - 1)));
  if (minutes > 1440) throw new AppError('BAD_REQUEST', EXAM_MESSAGES.extraTimeMax);
  return minutes;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/**
 * The staff's side of the exam engine: sittings, extra time for one candidate, and the examiner's
 * marking that completes a module's result.
 */
export class ExamStaffService {
  private readonly now: () => Date;

  constructor(
    private readonly repositories: Pick<ExamRepositories, 'sittings' | 'questions' | 'results' | 'lists'>,
    private readonly content: ExamContent,
    private readonly submission: ExamSubmission,
    private readonly programs: ProgramService,
    /** Refuses a marker with a conflict, a shared employer or a missing or lapsed examiner's authorisation (issue 43). */
    private readonly impartiality: ImpartialityGuard,
    now?: () => Date,
  ) {
    this.now = now ?? (() => new Date());
  }

  async findSittings(
    actor: CurrentUser,
    query: { filter: 'All' | 'Upcoming' | 'Completed' | 'Resits'; kind?: ExamType; programId?: string; searchTerm?: string; needsMarking?: 'true' | 'false'; page: number; pageSize: number },
  ): Promise<SittingsPage> {
    if (!hasExamMenu(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const searchTerm = query.searchTerm?.trim() || undefined;
    const { rows, totalRows } = await this.repositories.lists.findSittings({
      filter: query.filter,
      kind: query.kind,
      programId: query.programId,
      searchTerm,
      needsMarking: query.needsMarking === undefined ? undefined : query.needsMarking === 'true',
      staffUserId: seesAllSittings(actor) ? undefined : actor.id,
      accountId: staffAccountOf(actor),
      now: this.now(),
      page: query.page,
      pageSize: query.pageSize,
    });
    return {
      rows: rows.map((row) => ({
        examInstanceId: row.exam_instance_id,
        kind: row.kind,
        applicantName: row.applicant_name,
        applicantEmail: row.applicant_email,
        title: row.title,
        programId: row.program_id,
        programCode: row.program_code,
        moduleCode: row.module_code,
        applicationId: row.application_id,
        applicationNumber: row.application_number,
        applicationModuleId: row.application_module_id,
        scheduledAt: iso(row.scheduled_at),
        startedOn: iso(row.started_on),
        deadline: iso(row.deadline),
        submittedOn: iso(row.submitted_on),
        status: row.status,
        submittedHow: row.submitted_how,
        extraMinutes: Math.round(row.extra_seconds / 60),
        score: row.score,
        percentage: row.percentage,
        result: row.result,
        needsMarking: row.needs_marking,
        isClosed: row.is_closed,
      })),
      page: query.page,
      pageSize: query.pageSize,
      totalRows,
    };
  }

  /**
   * Extra time for one candidate on a scheduled module (an accommodation), before or during the
   * sitting: the whole extra time is set (not added), and an open sitting's deadline moves with it.
   */
  async grantExtraTime(actor: CurrentUser, applicationModuleId: string, request: ExtraTimeRequest): Promise<ExtraTimeResponse> {
    const found = await this.repositories.sittings.findModuleForStaff(applicationModuleId);
    if (!found) throw new AppError('NOT_FOUND', EXAM_MESSAGES.notFound);
    const standing = await this.programs.programPrivilege(actor, found.programId);
    if (!canManageApplications(actor, standing)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const minutes = extraMinutesOf(request, found.sittingMinutes);
    const now = this.now();
    const extraSeconds = minutes * 60;
    const extended = await this.repositories.sittings.transaction(async (tx) => {
      // With a re-sit open, the grant is for the re-sit's sitting (the accommodation stays the module's).
      const target = await this.repositories.sittings.currentTargetOf(applicationModuleId, tx);
      let instance = await this.repositories.sittings.lockInstanceOfTarget(tx, target);
      if (!instance) {
        // Not started: the module's (or re-sit's) lock orders this grant with a launch running now.
        const { isClosed } = await this.repositories.sittings.lockScheduledTarget(tx, target);
        instance = await this.repositories.sittings.lockInstanceOfTarget(tx, target);
        // A result recorded by hand closed the exam: it will never be sat (issue 45).
        if (!instance && isClosed) throw new AppError('CONFLICT', EXAM_MESSAGES.extraTimeResultRecorded);
      }
      if (instance && instance.status !== 'InProgress') throw new AppError('CONFLICT', EXAM_MESSAGES.extraTimeEnded);
      await this.repositories.sittings.saveExtraTime(tx, applicationModuleId, extraSeconds, actor.id, now);
      return this.repositories.sittings.extendOpenInstance(tx, target, extraSeconds, actor.id, now);
    });
    return { applicationModuleId, extraMinutes: minutes, examInstanceId: extended?.id ?? null, deadline: extended ? extended.deadline.toISOString() : null };
  }

  async findMarking(actor: CurrentUser, id: string): Promise<ExamMarking> {
    const { context } = await this.markable(actor, id);
    return this.marking(id, context);
  }

  /**
   * Marks for some or all questions (0 up to each question's marks). Once no question is unmarked,
   * the score, percentage and Pass/Fail against the module's pass percentage are written to the
   * sitting and to the application module in the same transaction. Refused once the application's
   * overall result is recorded.
   */
  async verifyMarks(actor: CurrentUser, id: string, input: VerifyMarksRequest): Promise<ExamMarking> {
    const { context, standing } = await this.markable(actor, id);
    // Whoever marks is the candidate's marker: judged as one, as the program's examiners are (issue 43).
    const clearance = await this.impartiality.assertAssignable(
      actor,
      standing,
      [{ programId: context.programId, applicationId: context.applicationId, applicantUserId: context.applicantUserId, staffUserId: actor.id, role: 'marker' }],
      input.override,
    );
    const now = this.now();
    await this.repositories.sittings.transaction(async (tx) => {
      const instance = await this.repositories.sittings.lockInstance(tx, id);
      if (!instance || instance.examType !== 'module') throw new AppError('NOT_FOUND', EXAM_MESSAGES.notFound);
      if (instance.status === 'InProgress') throw new AppError('CONFLICT', EXAM_MESSAGES.notSubmitted);
      await clearance.record(tx);
      const current = await this.repositories.results.findMarkingContext(sittingTargetOf(instance), tx);
      if (current?.isClosed) throw new AppError('CONFLICT', EXAM_MESSAGES.alreadyMarked);
      // Complete marking is final for the screen; changing it is a correction that says why (issue 21).
      const isCorrection = instance.result !== null;
      if (isCorrection && !input.correctionReason) throw new AppError('CONFLICT', EXAM_MESSAGES.correctionNeedsReason);
      const states = await this.repositories.questions.findQuestionStates(id, tx);
      const byId = new Map(states.map((state) => [state.id, state]));
      const fieldErrors: Record<string, string> = {};
      input.marks.forEach((mark, index) => {
        const state = byId.get(mark.questionInstanceId);
        if (!state) fieldErrors[`marks.${index}.questionInstanceId`] = EXAM_MESSAGES.notInExam;
        else if (mark.actualMarks > state.maxMarks) fieldErrors[`marks.${index}.actualMarks`] = EXAM_MESSAGES.marksOver(state.maxMarks);
      });
      const firstError = Object.values(fieldErrors)[0];
      if (firstError) throw new AppError('BAD_REQUEST', firstError, fieldErrors);
      const marks = input.marks.map((mark) => ({ id: mark.questionInstanceId, marks: roundMarks(mark.actualMarks) }));
      await this.repositories.results.writeMarks(tx, marks, actor.id, now);
      for (const mark of marks) {
        const state = byId.get(mark.id);
        if (state) state.actualMarks = mark.marks;
      }
      await this.submission.score(tx, instance, states, actor.id, now);
      if (isCorrection && input.correctionReason) {
        const score = roundMarks(states.reduce((sum, state) => sum + (state.actualMarks ?? 0), 0));
        await this.repositories.results.insertMarkingCorrection(tx, {
          applicationId: context.applicationId,
          note: `Marks of ${context.moduleCode} corrected from ${instance.score ?? 0} to ${score} of ${instance.totalMarks}: ${input.correctionReason}`,
          actorId: actor.id,
        });
      }
    });
    return this.marking(id, context);
  }

  private async markable(actor: CurrentUser, id: string): Promise<{ context: MarkingContext; standing: ProgramStanding }> {
    if (!hasExamMenu(actor)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const instance = await this.repositories.sittings.findInstance(id);
    if (!instance || instance.examType !== 'module' || (!instance.applicationModuleId && !instance.resitModuleId)) throw new AppError('NOT_FOUND', EXAM_MESSAGES.notFound);
    const context = await this.repositories.results.findMarkingContext(sittingTargetOf(instance));
    if (!context) throw new AppError('NOT_FOUND', EXAM_MESSAGES.notFound);
    const standing = await this.programs.programPrivilege(actor, context.programId);
    if (!canMarkExam(actor, standing, context.examinerId)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return { context, standing };
  }

  private async marking(id: string, context: MarkingContext): Promise<ExamMarking> {
    const [header, states, papers] = await Promise.all([this.repositories.sittings.findHeader(id), this.repositories.questions.findQuestionStates(id), this.repositories.questions.findAnswerPapers(id)]);
    if (!header) throw new AppError('NOT_FOUND', EXAM_MESSAGES.notFound);
    const versions = await this.content.get(states.map((state) => state.questionVersionId));
    return {
      id,
      status: header.status,
      title: header.title,
      applicantName: context.applicantName,
      applicationNumber: context.applicationNumber,
      applicationModuleId: context.applicationModuleId,
      moduleCode: context.moduleCode,
      moduleTitle: context.moduleTitle,
      passPercentage: context.passPercentage,
      totalMarks: header.totalMarks,
      submittedOn: iso(header.submittedOn),
      score: header.score,
      percentage: header.percentage,
      result: header.result,
      markedOn: iso(header.markedOn),
      isMarkingComplete: header.result !== null,
      questions: states.flatMap((state) => {
        const version = versions.get(state.questionVersionId);
        if (!version) return [];
        return [
          {
            id: state.id,
            order: state.sortOrder,
            sectionTitle: state.sectionTitle ?? DEFAULT_SECTION.title,
            questionType: version.questionType,
            content: version.content,
            maxMarks: state.maxMarks,
            actualMarks: state.actualMarks,
            needsExaminer: version.questionType === 'Descriptive',
            isAnswered: state.isAnswered,
            answerValueGivenByUser: state.answerValueGivenByUser,
            options: isChoiceQuestion(version.questionType) || version.questionType === 'Fill In The Blank'
              ? version.options.map((option) => ({ id: option.id, option: option.option, order: option.order, correctAnswer: option.correctAnswer }))
              : [],
            answerOptionGivenByUser: state.answerOptionGivenByUser,
            answerPapers: papers
              .filter((paper) => paper.questionInstanceId === state.id)
              .map((paper) => ({ attachmentId: paper.attachmentId, resourceKey: paper.resourceKey, name: paper.name, contentType: paper.contentType, createdOn: paper.createdOn.toISOString() })),
            markedOn: iso(state.markedOn),
          },
        ];
      }),
    };
  }
}
