import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { computeAngoff, roundTo2, type AngoffFigures } from '@certs/shared/cut-score/angoff';
import {
  CUT_SCORE_MESSAGES,
  MIN_ANGOFF_JUDGES,
  incompleteGridMessage,
  passMarkNotEditableMessage,
  programArchivedMessage,
  studyLockedMessage,
  type AdoptCutScoreResponse,
  type CreateCutScoreStudyRequest,
  type CutScoreFigures,
  type CutScoreJudgeRequest,
  type CutScoreOverview,
  type CutScoreStudy,
  type CutScoreStudySummary,
  type CutScoreTest,
  type SaveCutScoreRatingsRequest,
  type UpdateCutScoreStudyRequest,
} from '@certs/shared/cut-score/cut-score.contract';
import type { ProgramPrivilege } from '@certs/shared/program/program-user.contract';
import { PROGRAM_STATUS } from '@certs/shared/program/program-status';
import { z } from 'zod';
import type { Executor } from '../../db/executor';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { canReadCutScores, canSetCutScores } from './cut-score.policy';
import type { CutScoreJudgeRow, CutScoreQuestionRow, CutScoreRepository, CutScoreStudyListRow, CutScoreStudyRow, CutScoreTestRow } from './cut-score.repository';

const UUID = z.uuid();
const isUuid = (id: string) => UUID.safeParse(id).success;

export interface CutScoreDeps {
  repository: CutScoreRepository;
  /** The caller's standing in a program (the program module's privilege; another account's program is not found). */
  programs: { programPrivilege(actor: CurrentUser, programId: string): Promise<ProgramPrivilege> };
}

/** What the caller may do with one test's cut scores. */
interface TestAccess {
  test: CutScoreTestRow;
  canRead: boolean;
  canWrite: boolean;
  /** The caller could change the module's pass mark themselves (the program's edit right). */
  canSetPassMark: boolean;
}

/** How a question is named in a message: its number and the start of its text. */
function questionLabel(question: CutScoreQuestionRow): string {
  const text = question.text.length > 40 ? `${question.text.slice(0, 40).trimEnd()}…` : question.text;
  return `question Q${question.questionNumber}${text ? ` (${text})` : ''}`;
}

function angoffOf(questions: readonly CutScoreQuestionRow[], judges: readonly CutScoreJudgeRow[], ratings: readonly { judgeId: string; questionId: string; rating: number }[]): AngoffFigures {
  return computeAngoff(
    questions.map((question) => ({ questionId: question.questionId, marks: question.marks })),
    judges.map((judge) => ({ judgeId: judge.id })),
    ratings,
  );
}

const roundOrNull = (value: number | null) => (value === null ? null : roundTo2(value));

/**
 * Cut scores of module tests (issue 43): studies by the modified Angoff method (judges rate each
 * question; the figures are computed) or another method described, versioned per test. A draft is
 * edited; adopting it supersedes the test's adopted study and sets the pass mark of the module the
 * test examines, which is what marks candidates (exam-submission.ts, resits). Adopted and
 * superseded studies never change.
 */
export class CutScoreService {
  constructor(private readonly deps: CutScoreDeps) {}

  async findOverview(actor: CurrentUser, testId: string): Promise<CutScoreOverview> {
    const access = await this.testAccess(actor, testId);
    if (!access.canRead) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    const [questions, studies] = await Promise.all([this.deps.repository.findQuestions(testId), this.deps.repository.findStudies(testId)]);
    return { test: this.toTest(access, questions), studies: studies.map(toSummary) };
  }

  /** A new draft at the test's next version. */
  async createStudy(actor: CurrentUser, testId: string, input: CreateCutScoreStudyRequest): Promise<CutScoreStudy> {
    const access = await this.testAccess(actor, testId);
    if (!access.canWrite) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    if (access.test.testType !== 'module') throw new AppError('BAD_REQUEST', CUT_SCORE_MESSAGES.trialTest);
    const { repository } = this.deps;
    const id = await repository.transaction(async (tx) => {
      // The test's row taken in turn: two studies started at once get versions one after the other.
      const locked = await repository.findTest(testId, access.test.accountId, tx, true);
      if (!locked) throw new AppError('NOT_FOUND', CUT_SCORE_MESSAGES.testNotFound);
      const version = await repository.nextVersion(tx, testId);
      const study = await repository.insertStudy(tx, {
        accountId: locked.accountId,
        examDefinitionId: testId,
        version,
        method: input.method,
        description: input.description,
        createdBy: actor.id,
        modifiedBy: actor.id,
      });
      return study.id;
    });
    return this.detailOf(id, access);
  }

  async findStudy(actor: CurrentUser, studyId: string): Promise<CutScoreStudy> {
    const { access } = await this.studyAccess(actor, studyId, 'read');
    return this.detailOf(studyId, access);
  }

  async updateStudy(actor: CurrentUser, studyId: string, input: UpdateCutScoreStudyRequest): Promise<CutScoreStudy> {
    return this.editDraft(actor, studyId, async (tx, study) => {
      if (study.method === 'modified_angoff' && input.cutScorePercent !== undefined && input.cutScorePercent !== null) {
        throw new AppError('BAD_REQUEST', CUT_SCORE_MESSAGES.angoffComputed, { cutScorePercent: CUT_SCORE_MESSAGES.angoffComputed });
      }
      const values: { description: string; cutScorePercent?: number | null } = { description: input.description };
      if (study.method === 'other' && input.cutScorePercent !== undefined) values.cutScorePercent = roundOrNull(input.cutScorePercent);
      await this.deps.repository.updateStudy(tx, study.id, values);
    });
  }

  async addJudge(actor: CurrentUser, studyId: string, input: CutScoreJudgeRequest): Promise<CutScoreStudy> {
    return this.editDraft(actor, studyId, async (tx, study) => {
      assertAngoff(study);
      await this.assertNameFree(tx, study.id, input.name, null);
      await this.deps.repository.insertJudge(tx, { studyId: study.id, name: input.name, expertise: input.expertise, createdBy: actor.id, modifiedBy: actor.id });
    });
  }

  async updateJudge(actor: CurrentUser, studyId: string, judgeId: string, input: CutScoreJudgeRequest): Promise<CutScoreStudy> {
    return this.editDraft(actor, studyId, async (tx, study) => {
      assertAngoff(study);
      await this.judgeOf(tx, study.id, judgeId);
      await this.assertNameFree(tx, study.id, input.name, judgeId);
      await this.deps.repository.updateJudge(tx, judgeId, { name: input.name, expertise: input.expertise, modifiedBy: actor.id, modifiedOn: new Date() });
    });
  }

  async removeJudge(actor: CurrentUser, studyId: string, judgeId: string): Promise<CutScoreStudy> {
    return this.editDraft(actor, studyId, async (tx, study) => {
      assertAngoff(study);
      await this.judgeOf(tx, study.id, judgeId);
      await this.deps.repository.deleteJudge(tx, judgeId);
    });
  }

  /** Sets (or clears, with null) cells of the grid; every cell must name a judge of the panel and a question of the test. */
  async saveRatings(actor: CurrentUser, studyId: string, input: SaveCutScoreRatingsRequest): Promise<CutScoreStudy> {
    return this.editDraft(actor, studyId, async (tx, study) => {
      assertAngoff(study);
      const { repository } = this.deps;
      const judgeIds = new Set((await repository.findJudges(study.id, tx)).map((judge) => judge.id));
      const questionIds = new Set((await repository.findQuestions(study.examDefinitionId, tx)).map((question) => question.questionId));
      // The last of repeated cells counts (one statement cannot set a row twice).
      const cells = new Map<string, { judgeId: string; questionId: string; rating: number | null }>();
      for (const cell of input.ratings) {
        if (!judgeIds.has(cell.judgeId)) throw new AppError('BAD_REQUEST', CUT_SCORE_MESSAGES.ratingUnknownJudge, { ratings: CUT_SCORE_MESSAGES.ratingUnknownJudge });
        if (!questionIds.has(cell.questionId)) throw new AppError('BAD_REQUEST', CUT_SCORE_MESSAGES.ratingUnknownQuestion, { ratings: CUT_SCORE_MESSAGES.ratingUnknownQuestion });
        cells.set(`${cell.judgeId}:${cell.questionId}`, cell);
      }
      const set: { judgeId: string; questionId: string; rating: number }[] = [];
      const cleared: { judgeId: string; questionId: string }[] = [];
      for (const cell of cells.values()) {
        if (cell.rating === null) cleared.push({ judgeId: cell.judgeId, questionId: cell.questionId });
        else set.push({ judgeId: cell.judgeId, questionId: cell.questionId, rating: roundTo2(cell.rating) });
      }
      await repository.saveRatings(tx, set, cleared, actor.id);
    });
  }

  /**
   * Adopts a draft of a published test: the grid must be complete (Angoff) or the method described
   * and the cut score entered (another method). The test's adopted study becomes superseded, and
   * the module the test examines gets the cut score as its pass mark, in the same transaction. Setting a pass mark is
   * an edit of the program, so the caller must be able to edit it (an archived program is not).
   */
  async adopt(actor: CurrentUser, studyId: string): Promise<AdoptCutScoreResponse> {
    const { access } = await this.studyAccess(actor, studyId, 'write');
    const module = access.test.module;
    if (module) {
      if (module.programStatus === PROGRAM_STATUS.Archived) throw new AppError('CONFLICT', programArchivedMessage(module.programCode));
      if (!access.canSetPassMark) throw new AppError('FORBIDDEN', passMarkNotEditableMessage(module.moduleCode, module.programCode));
    }
    const { repository } = this.deps;
    const accountId = access.test.accountId;
    const outcome = await repository.transaction(async (tx) => {
      const test = await repository.findTest(access.test.id, accountId, tx, true);
      if (!test) throw new AppError('NOT_FOUND', CUT_SCORE_MESSAGES.testNotFound);
      if (test.testType !== 'module') throw new AppError('BAD_REQUEST', CUT_SCORE_MESSAGES.trialTest);
      // A published test's questions and marks are fixed for good (isExamContentLocked), so an adopted grid never drifts from them.
      if (test.status === 'draft') throw new AppError('BAD_REQUEST', CUT_SCORE_MESSAGES.testDraft);
      // The standing above was judged in the program of the module the test examined then.
      if (test.module?.programId !== module?.programId) throw new AppError('CONFLICT', 'The test was linked to another module meanwhile: open it again and adopt.');
      const study = await repository.lockStudy(tx, studyId, accountId);
      if (!study) throw new AppError('NOT_FOUND', CUT_SCORE_MESSAGES.studyNotFound);
      if (study.status !== 'draft') throw new AppError('CONFLICT', studyLockedMessage(study.version, study.status));
      const figures = await this.adoptableFigures(tx, study);
      const supersededVersion = await repository.supersedeAdopted(tx, test.id, actor.id);
      const now = new Date();
      await repository.updateStudy(tx, study.id, { status: 'adopted', ...figures, adoptedOn: now, adoptedBy: actor.id, modifiedBy: actor.id, modifiedOn: now });
      let passMark: AdoptCutScoreResponse['passMark'] = null;
      if (test.module) {
        const before = await repository.setPassPercentage(tx, test.module.id, figures.cutScorePercent, actor.id);
        if (before !== undefined) {
          passMark = { moduleCode: test.module.moduleCode, moduleTitle: test.module.moduleTitle, before, after: figures.cutScorePercent };
          // Kept with the study: the record shows what the adoption changed long after the answer is gone.
          await repository.updateStudy(tx, study.id, { previousPassPercent: before });
        }
      }
      return { supersededVersion, passMark };
    });
    return { study: await this.detailOf(studyId, access), ...outcome };
  }

  // Shared steps

  /** The figures an adoption records, or the refusal saying what is missing. */
  private async adoptableFigures(tx: Executor, study: CutScoreStudyRow): Promise<{ cutScorePercent: number; spreadPercent: number | null }> {
    const { repository } = this.deps;
    if (study.method === 'other') {
      if (!study.description.trim()) throw new AppError('BAD_REQUEST', CUT_SCORE_MESSAGES.descriptionRequired, { description: CUT_SCORE_MESSAGES.descriptionRequired });
      if (study.cutScorePercent === null) throw new AppError('BAD_REQUEST', CUT_SCORE_MESSAGES.cutScoreRequired, { cutScorePercent: CUT_SCORE_MESSAGES.cutScoreRequired });
      return { cutScorePercent: study.cutScorePercent, spreadPercent: null };
    }
    const questions = await repository.findQuestions(study.examDefinitionId, tx);
    if (questions.length === 0 || questions.every((question) => question.marks <= 0)) throw new AppError('BAD_REQUEST', CUT_SCORE_MESSAGES.noQuestions);
    const judges = await repository.findJudges(study.id, tx);
    if (judges.length < MIN_ANGOFF_JUDGES) throw new AppError('BAD_REQUEST', CUT_SCORE_MESSAGES.tooFewJudges);
    const figures = angoffOf(questions, judges, await repository.findRatings(judges.map((judge) => judge.id), tx));
    if (!figures.isComplete || figures.cutScorePercent === null) {
      const judgeName = new Map(judges.map((judge) => [judge.id, judge.name]));
      const question = new Map(questions.map((row) => [row.questionId, row]));
      const cells = figures.missing.map((cell) => ({ judgeName: judgeName.get(cell.judgeId) ?? 'A judge', questionLabel: questionLabel(question.get(cell.questionId)!) }));
      const message = incompleteGridMessage(cells);
      throw new AppError('BAD_REQUEST', message, { ratings: message });
    }
    return { cutScorePercent: roundTo2(figures.cutScorePercent), spreadPercent: roundOrNull(figures.spreadPercent) };
  }

  /** Runs an edit of a draft under its lock, then keeps the stored figures of an Angoff study current. */
  private async editDraft(actor: CurrentUser, studyId: string, work: (tx: Executor, study: CutScoreStudyRow) => Promise<void>): Promise<CutScoreStudy> {
    const { access } = await this.studyAccess(actor, studyId, 'write');
    const { repository } = this.deps;
    await repository.transaction(async (tx) => {
      const study = await repository.lockStudy(tx, studyId, access.test.accountId);
      if (!study) throw new AppError('NOT_FOUND', CUT_SCORE_MESSAGES.studyNotFound);
      if (study.status !== 'draft') throw new AppError('CONFLICT', studyLockedMessage(study.version, study.status));
      await work(tx, study);
      const stamp = { modifiedBy: actor.id, modifiedOn: new Date() };
      if (study.method !== 'modified_angoff') {
        await repository.updateStudy(tx, study.id, stamp);
        return;
      }
      // The list of versions shows a draft's figures as they stand (over the judges who rated every question).
      const judges = await repository.findJudges(study.id, tx);
      const figures = angoffOf(await repository.findQuestions(study.examDefinitionId, tx), judges, await repository.findRatings(judges.map((judge) => judge.id), tx));
      await repository.updateStudy(tx, study.id, { cutScorePercent: roundOrNull(figures.cutScorePercent), spreadPercent: roundOrNull(figures.spreadPercent), ...stamp });
    });
    return this.detailOf(studyId, access);
  }

  private async judgeOf(tx: Executor, studyId: string, judgeId: string): Promise<CutScoreJudgeRow> {
    const judge = isUuid(judgeId) ? (await this.deps.repository.findJudges(studyId, tx)).find((row) => row.id === judgeId) : undefined;
    if (!judge) throw new AppError('NOT_FOUND', CUT_SCORE_MESSAGES.judgeNotFound);
    return judge;
  }

  private async assertNameFree(tx: Executor, studyId: string, name: string, exceptJudgeId: string | null): Promise<void> {
    const judges = await this.deps.repository.findJudges(studyId, tx);
    if (judges.some((judge) => judge.id !== exceptJudgeId && judge.name.trim().toLowerCase() === name.trim().toLowerCase())) {
      throw new AppError('CONFLICT', CUT_SCORE_MESSAGES.judgeNameTaken, { name: CUT_SCORE_MESSAGES.judgeNameTaken });
    }
  }

  /**
   * The test (404 when it is not one of the caller's account's) and the caller's standing in the
   * program of the module it examines. Administrators stand everywhere in their account.
   */
  private async testAccess(actor: CurrentUser, testId: string): Promise<TestAccess> {
    const accountId = staffAccountOf(actor);
    const test = isUuid(testId) ? await this.deps.repository.findTest(testId, accountId) : undefined;
    if (!test) throw new AppError('NOT_FOUND', CUT_SCORE_MESSAGES.testNotFound);
    const privilege = test.module ? await this.deps.programs.programPrivilege(actor, test.module.programId) : null;
    const standing = privilege ? { isManager: privilege.isManager, programRoles: privilege.programRoles } : null;
    const canWrite = canSetCutScores(actor, standing);
    return {
      test,
      canRead: canReadCutScores(actor, standing),
      canWrite,
      canSetPassMark: canWrite && !!privilege?.canEdit,
    };
  }

  private async studyAccess(actor: CurrentUser, studyId: string, need: 'read' | 'write'): Promise<{ study: CutScoreStudyListRow; access: TestAccess }> {
    const accountId = staffAccountOf(actor);
    const study = isUuid(studyId) ? await this.deps.repository.findStudy(studyId, accountId) : undefined;
    if (!study) throw new AppError('NOT_FOUND', CUT_SCORE_MESSAGES.studyNotFound);
    const access = await this.testAccess(actor, study.study.examDefinitionId);
    if (!(need === 'read' ? access.canRead : access.canWrite)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    return { study, access };
  }

  private async detailOf(studyId: string, access: TestAccess): Promise<CutScoreStudy> {
    const { repository } = this.deps;
    const row = await repository.findStudy(studyId, access.test.accountId);
    if (!row) throw new AppError('NOT_FOUND', CUT_SCORE_MESSAGES.studyNotFound);
    const [questions, judges] = await Promise.all([repository.findQuestions(access.test.id), repository.findJudges(studyId)]);
    const test = this.toTest(access, questions);
    if (row.study.method === 'other') {
      const cut = row.study.cutScorePercent;
      const figures: CutScoreFigures = {
        cutScorePercent: cut,
        cutScoreMarks: cut === null ? null : roundTo2((cut * test.totalMarks) / 100),
        spreadPercent: null,
        standardErrorPercent: null,
        judgesCounted: 0,
        totalMarks: test.totalMarks,
        missingCount: 0,
        isComplete: cut !== null && row.study.description.trim() !== '',
      };
      return { ...toSummary(row), test, judges: [], ratings: [], figures };
    }
    const ratings = await repository.findRatings(judges.map((judge) => judge.id));
    const angoff = angoffOf(questions, judges, ratings);
    const questionIds = new Set(questions.map((question) => question.questionId));
    return {
      ...toSummary(row),
      test,
      judges: judges.map((judge, i) => ({
        id: judge.id,
        name: judge.name,
        expertise: judge.expertise,
        cutScorePercent: roundOrNull(angoff.judges[i]?.cutScorePercent ?? null),
        ratedCount: angoff.judges[i]?.ratedCount ?? 0,
      })),
      // Ratings of a question taken out of a draft test stay stored but are no cell of the grid.
      ratings: ratings.filter((rating) => questionIds.has(rating.questionId)),
      figures: {
        cutScorePercent: roundOrNull(angoff.cutScorePercent),
        cutScoreMarks: roundOrNull(angoff.cutScoreMarks),
        spreadPercent: roundOrNull(angoff.spreadPercent),
        standardErrorPercent: roundOrNull(angoff.standardErrorPercent),
        judgesCounted: angoff.judgesCounted,
        totalMarks: angoff.totalMarks,
        missingCount: angoff.missing.length,
        isComplete: angoff.isComplete && judges.length >= MIN_ANGOFF_JUDGES,
      },
    };
  }

  private toTest(access: TestAccess, questions: readonly CutScoreQuestionRow[]): CutScoreTest {
    const { test } = access;
    return {
      id: test.id,
      title: test.title,
      testNumber: test.testNumber,
      testType: test.testType,
      status: test.status,
      module: test.module
        ? {
            id: test.module.id,
            programId: test.module.programId,
            programCode: test.module.programCode,
            moduleCode: test.module.moduleCode,
            moduleTitle: test.module.moduleTitle,
            passPercentage: test.module.passPercentage,
          }
        : null,
      totalMarks: roundTo2(questions.reduce((sum, question) => sum + question.marks, 0)),
      questions: questions.map((question) => ({ ...question, sectionTitle: question.sectionTitle ?? 'Questions' })),
      canEdit: access.canWrite && test.testType === 'module',
      canSetPassMark: access.canSetPassMark && !!test.module && test.module.programStatus !== PROGRAM_STATUS.Archived,
    };
  }
}

function assertAngoff(study: CutScoreStudyRow): void {
  if (study.method !== 'modified_angoff') throw new AppError('BAD_REQUEST', CUT_SCORE_MESSAGES.angoffOnly);
}

function toSummary(row: CutScoreStudyListRow): CutScoreStudySummary {
  const { study } = row;
  return {
    id: study.id,
    testId: study.examDefinitionId,
    version: study.version,
    method: study.method,
    status: study.status,
    description: study.description,
    cutScorePercent: study.cutScorePercent,
    spreadPercent: study.spreadPercent,
    judgeCount: row.judgeCount,
    createdOn: study.createdOn.toISOString(),
    createdBy: row.createdByName ?? '',
    adoptedOn: study.adoptedOn?.toISOString() ?? null,
    adoptedBy: row.adoptedByName,
    previousPassPercent: study.previousPassPercent,
  };
}
