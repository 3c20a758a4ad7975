import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { percentageOf, resultOf } from '@certs/shared/exam/exam-rules';
import {
  DISCRIMINATION_METHOD,
  EXAM_QUALITY_MESSAGES,
  optionLabel,
  round2,
  round3,
  type ExamQualityItem,
  type ExamQualityQuery,
  type ExamQualityReport,
  type ExamQualityTest,
  type MyQuestionFlag,
  type MyQuestionFlagsQuery,
} from '@certs/shared/exam-quality/exam-quality.contract';
import {
  QUALITY_THRESHOLDS,
  facilityOf,
  histogramOf,
  itemFlagsOf,
  itemRestCorrelation,
  mean,
  optionShares,
  reliabilityOf,
  standardDeviation,
  standardErrorOfMeasurement,
  totalsOf,
  type ScoreMatrix,
} from '@certs/shared/exam-quality/statistics';
import { QUESTION_TYPE_INFO, questionLabel, type QuestionType } from '@certs/shared/question-bank/question-type';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { AccountTimeZones } from '../account/account-time-zone';
import { examQualityCsv } from './exam-quality-csv';
import { examQualityPdf } from './exam-quality-pdf';
import { canReadQualityReport, isQualityAdministrator } from './exam-quality.policy';
import type { ExamQualityRepository, QualityItemRow, QualityTestRow } from './exam-quality.repository';

const UUID = z.uuid();
const CONTENT_LENGTH = 200;

/** The report and, beside it, who wrote each question (the author's flags are found through it). */
interface Analysis {
  report: ExamQualityReport;
  authors: (string | null)[];
}

function shortened(text: string): string {
  return text.length > CONTENT_LENGTH ? `${text.slice(0, CONTENT_LENGTH - 3)}...` : text;
}

/**
 * The exam quality report (issue 43): per module test and period of submission, the candidates'
 * score distribution, pass rate, reliability (KR-20 or Cronbach's alpha) and SEM, and each
 * question's facility, discrimination and option choices with flags. Computed from the marked
 * sittings when asked (nothing is stored), with the pure statistics of the shared package.
 */
export class ExamQualityService {
  constructor(
    private readonly repository: ExamQualityRepository,
    private readonly zones: AccountTimeZones,
  ) {}

  /** The module tests whose report the caller may read: administrators every one of the account, program managers their programs'. */
  async listTests(actor: CurrentUser): Promise<ExamQualityTest[]> {
    const accountId = staffAccountOf(actor);
    const programIds = isQualityAdministrator(actor) ? null : await this.repository.findManagedProgramIds(actor.id, accountId);
    return this.repository.findModuleTests(accountId, programIds);
  }

  async report(actor: CurrentUser, testId: string, query: ExamQualityQuery): Promise<ExamQualityReport> {
    const test = await this.readableTest(actor, testId);
    return (await this.analyse(test, { from: query.from, to: query.to })).report;
  }

  async csv(actor: CurrentUser, testId: string, query: ExamQualityQuery): Promise<{ fileName: string; csv: string }> {
    const report = await this.report(actor, testId, query);
    return { fileName: `${this.fileNameOf(report)}.csv`, csv: examQualityCsv(report) };
  }

  async pdf(actor: CurrentUser, testId: string, query: ExamQualityQuery): Promise<{ fileName: string; bytes: Uint8Array }> {
    const report = await this.report(actor, testId, query);
    return { fileName: `${this.fileNameOf(report)}.pdf`, bytes: await examQualityPdf(report) };
  }

  /**
   * The flags of the caller's questions in the account's published ("live") module tests, over
   * every marked sitting: for each question they wrote, and each question of a test they wrote.
   * The author sees the figures of their own question whatever their standing in the program; the
   * whole report stays with its readers (canReadQualityReport).
   */
  async myFlags(actor: CurrentUser, query: MyQuestionFlagsQuery): Promise<MyQuestionFlag[]> {
    const accountId = staffAccountOf(actor);
    const testIds = await this.repository.findLiveTestsOfAuthor(actor.id, accountId, query.questionId);
    const flags: MyQuestionFlag[] = [];
    for (const testId of testIds) {
      const test = await this.repository.findTest(testId, accountId);
      if (!test) continue;
      const { report, authors } = await this.analyse(test, {});
      report.items.forEach((item, index) => {
        const isMine = authors[index] === actor.id || test.createdBy === actor.id;
        if (!isMine || item.flags.length === 0 || (query.questionId && item.questionId !== query.questionId)) return;
        flags.push({
          questionId: item.questionId,
          questionLabel: item.questionLabel,
          testId: test.id,
          testTitle: test.title,
          candidates: report.candidates,
          facility: item.facility,
          discrimination: item.discrimination,
          flags: item.flags,
        });
      });
    }
    return flags.sort((a, b) => a.questionLabel.localeCompare(b.questionLabel, undefined, { numeric: true }) || a.testTitle.localeCompare(b.testTitle));
  }

  /** A module test of the caller's account that they may read the report of: another account's is not found, one outside their programs is refused. */
  private async readableTest(actor: CurrentUser, testId: string): Promise<QualityTestRow> {
    const accountId = staffAccountOf(actor);
    const test = UUID.safeParse(testId).success ? await this.repository.findTest(testId, accountId) : undefined;
    if (!test) throw new AppError('NOT_FOUND', EXAM_QUALITY_MESSAGES.testNotFound);
    const managed = isQualityAdministrator(actor) ? [] : await this.repository.findManagedProgramIds(actor.id, accountId);
    if (!canReadQualityReport(actor, test, managed)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
    if (test.testType !== 'module') throw new AppError('BAD_REQUEST', EXAM_QUALITY_MESSAGES.notAModuleTest);
    return test;
  }

  private async analyse(test: QualityTestRow, period: { from?: string; to?: string }): Promise<Analysis> {
    const timeZone = await this.zones.ofAccount(test.accountId);
    const where = { ...period, timeZone };
    const items = await this.repository.findItems(test.id);
    const [sittings, answers, options] = await Promise.all([
      this.repository.findSittings(test.id, where),
      this.repository.findAnswers(test.id, where),
      this.repository.findOptions(items.filter((item) => this.hasChoices(item)).map((item) => item.versionId)),
    ]);

    // The score matrix: one row per sitting, one column per question of the test.
    const column = new Map(items.map((item, index) => [item.questionId, index]));
    const rowOf = new Map(sittings.map((sitting, index) => [sitting.id, index]));
    const scores = sittings.map(() => items.map(() => 0));
    const chosen = sittings.map(() => items.map((): readonly string[] => []));
    for (const answer of answers) {
      const row = rowOf.get(answer.examInstanceId);
      const col = column.get(answer.questionId);
      if (row === undefined || col === undefined) continue;
      scores[row]![col] = answer.actualMarks ?? 0;
      chosen[row]![col] = answer.chosen ?? [];
    }
    const matrix: ScoreMatrix = { maxMarks: items.map((item) => item.marks), scores };
    const totals = totalsOf(matrix);
    const percentages = sittings.map((sitting, row) => percentageOf(totals[row]!, sitting.totalMarks));
    const passed = sittings.filter((sitting, row) => (test.passPercentage === null ? sitting.result === 'Pass' : resultOf(percentages[row]!, test.passPercentage) === 'Pass')).length;
    const reliability = reliabilityOf(matrix);
    const sd = standardDeviation(totals);
    const candidates = sittings.length;

    const reportItems: ExamQualityItem[] = items.map((item, col) => {
      const facility = round3(facilityOf(matrix, col));
      const discrimination = round3(itemRestCorrelation(matrix, col));
      const ownOptions = options.filter((option) => option.questionId === item.questionId);
      const shares = this.hasChoices(item)
        ? optionShares(
            ownOptions.map((option) => ({ optionId: option.id, isCorrect: option.correctAnswer })),
            chosen.map((row) => row[col]!),
          )
        : [];
      const distractorCounts = candidates > 0 ? shares.filter((share) => !share.isCorrect).map((share) => share.count) : [];
      return {
        questionId: item.questionId,
        questionNumber: item.questionNumber,
        questionLabel: questionLabel(item.questionNumber),
        questionType: item.questionType,
        content: shortened(item.plainText),
        sectionTitle: item.sectionTitle ?? 'Questions',
        maxMarks: item.marks,
        facility,
        discrimination,
        options: shares.map((share, index) => ({
          optionId: share.optionId,
          label: optionLabel(index),
          text: ownOptions[index]?.option ?? '',
          isCorrect: share.isCorrect,
          count: share.count,
          share: round3(share.share) ?? 0,
        })),
        flags: candidates > 0 ? itemFlagsOf({ facility, discrimination, distractorCounts }) : [],
      };
    });

    const report: ExamQualityReport = {
      test: {
        id: test.id,
        title: test.title,
        testNumber: test.testNumber,
        status: test.status,
        programCode: test.programCode,
        programTitle: test.programTitle,
        moduleCode: test.moduleCode,
        moduleTitle: test.moduleTitle,
        totalMarks: test.totalMarks,
        passPercentage: test.passPercentage,
      },
      period: { from: period.from ?? null, to: period.to ?? null, timeZone },
      generatedOn: new Date().toISOString(),
      candidates,
      isSmallSample: candidates < QUALITY_THRESHOLDS.candidatesForConfidence,
      summary: {
        meanScore: round2(mean(totals)),
        meanPercent: round2(mean(percentages)),
        standardDeviation: round2(sd),
        lowestPercent: candidates > 0 ? Math.min(...percentages) : null,
        highestPercent: candidates > 0 ? Math.max(...percentages) : null,
        passed,
        passRate: candidates > 0 ? round3(passed / candidates) : null,
        reliabilityMethod: reliability.method,
        reliability: round3(reliability.value),
        standardErrorOfMeasurement: round2(standardErrorOfMeasurement(sd, reliability.value)),
      },
      distribution: histogramOf(percentages),
      discriminationMethod: DISCRIMINATION_METHOD,
      items: reportItems,
    };
    return { report, authors: items.map((item) => item.authorId) };
  }

  private hasChoices(item: QualityItemRow): boolean {
    return QUESTION_TYPE_INFO[item.questionType as QuestionType]?.hasChoices ?? false;
  }

  private fileNameOf(report: ExamQualityReport): string {
    const period = report.period.from || report.period.to ? `-${report.period.from ?? 'start'}-to-${report.period.to ?? 'now'}` : '';
    return `exam-quality-T${report.test.testNumber}${period}`;
  }
}
