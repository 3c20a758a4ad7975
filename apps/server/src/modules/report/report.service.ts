import { MEMBERSHIP_TYPE_LABELS, MEMBERSHIP_TYPES } from '@certs/shared/applicant/applicant.contract';
import { ROLE_LABELS, type Role } from '@certs/shared/auth/roles';
import { questionLabel } from '@certs/shared/question-bank/question-type';
import {
  AWARDS_EXPIRING_WITHIN_DAYS,
  correlation,
  percentOf,
  type ApplicationHistoryQuery,
  type ApplicationHistoryReport,
  type AwardsReport,
  type ExamResultsReport,
  type QuestionStatisticsQuery,
  type QuestionStatisticsReport,
  type ReportProgram,
  type ReportQuery,
  type UserStatReport,
} from '@certs/shared/report/report.contract';
import type { CurrentUser } from '../../platform/auth/authenticate';
import type { ReportRepository } from './report.repository';
import type { StaffScope } from './staff-scope';

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The Reports menu's figures (issue 20). Every report is scoped the same way: administrators the
 * whole account, other staff their programs only (`StaffScope`); asking for a program outside that
 * scope is a 403.
 */
export class ReportService {
  constructor(
    private readonly repository: ReportRepository,
    private readonly scopes: StaffScope,
  ) {}

  async userStat(actor: CurrentUser, query: ReportQuery): Promise<UserStatReport> {
    const scope = await this.scopes.narrowed(actor, query.programId);
    const [applicants, staff] = await Promise.all([this.repository.applicantCounts(scope, query), this.repository.staffByRole(scope)]);
    const membership = new Map(applicants.byMembership.map((row) => [row.label, row.count]));
    return {
      isScoped: !scope.all,
      totalApplicants: applicants.byMembership.reduce((sum, row) => sum + row.count, 0),
      applicantsByState: applicants.byState.map((row) => ({ label: row.label || 'Not given', count: row.count })),
      applicantsByMembership: MEMBERSHIP_TYPES.map((type) => ({ label: MEMBERSHIP_TYPE_LABELS[type], count: membership.get(type) ?? 0 })),
      applicantsByMonth: applicants.byMonth,
      totalStaff: staff.reduce((sum, row) => sum + row.count, 0),
      staffByRole: staff.map((row) => ({ label: ROLE_LABELS[row.role as Role] ?? `Role ${row.role}`, count: row.count })),
    };
  }

  async applicationHistory(actor: CurrentUser, query: ApplicationHistoryQuery): Promise<ApplicationHistoryReport> {
    const scope = await this.scopes.narrowed(actor, query.programId);
    const rows = await this.repository.applicationHistory(scope, query);
    return {
      isScoped: !scope.all,
      totalMoves: rows.reduce((sum, row) => sum + row.moves, 0),
      rows: rows.map((row) => ({
        programId: row.programId,
        programCode: row.programCode,
        programTitle: row.programTitle,
        status: row.status,
        staffId: row.staffId,
        // The applicant's own moves (starting, submitting) are theirs, not a member of staff's.
        staffName: row.userType === 'applicant' ? 'Applicant' : row.firstName ? `${row.firstName} ${row.lastName ?? ''}`.trim() : 'System',
        moves: row.moves,
      })),
    };
  }

  async examResults(actor: CurrentUser, query: ReportQuery): Promise<ExamResultsReport> {
    const scope = await this.scopes.narrowed(actor, query.programId);
    const rows = await this.repository.examResults(scope, query);
    return { isScoped: !scope.all, rows: rows.map((row) => ({ ...row, passRate: percentOf(row.passed, row.passed + row.failed) })) };
  }

  async awards(actor: CurrentUser, query: ReportQuery): Promise<AwardsReport> {
    const scope = await this.scopes.narrowed(actor, query.programId);
    return { isScoped: !scope.all, expiringWithinDays: AWARDS_EXPIRING_WITHIN_DAYS, rows: await this.repository.awards(scope, query, AWARDS_EXPIRING_WITHIN_DAYS) };
  }

  /**
   * Per question version, over marked module sittings (Moodle's quiz statistics): facility = mean
   * marks / max marks; discrimination = correlation of the question's marks with the rest of the
   * sitting's marks; average time; how often each option was chosen.
   */
  async questionStatistics(actor: CurrentUser, query: QuestionStatisticsQuery): Promise<QuestionStatisticsReport> {
    const scope = await this.scopes.narrowed(actor, query.programId);
    const answers = await this.repository.markedAnswers(scope, query);
    const sittingTotals = new Map<string, number>();
    for (const answer of answers) sittingTotals.set(answer.examInstanceId, (sittingTotals.get(answer.examInstanceId) ?? 0) + answer.actualMarks);
    const byVersion = new Map<string, typeof answers>();
    for (const answer of answers) {
      const list = byVersion.get(answer.questionVersionId) ?? [];
      list.push(answer);
      byVersion.set(answer.questionVersionId, list);
    }
    const versions = await this.repository.questionVersions([...byVersion.keys()]);
    return {
      isScoped: !scope.all,
      sittings: sittingTotals.size,
      rows: versions.map((version) => {
        const list = byVersion.get(version.id) ?? [];
        const maxTotal = list.reduce((sum, a) => sum + a.maxMarks, 0);
        const marks = list.map((a) => a.actualMarks);
        const rest = list.map((a) => (sittingTotals.get(a.examInstanceId) ?? 0) - a.actualMarks);
        const r = correlation(marks, rest);
        const timed = list.filter((a) => a.isAttempted);
        const options = version.options ?? [];
        return {
          questionVersionId: version.id,
          questionLabel: questionLabel(version.questionNumber),
          content: version.plainText.length > 200 ? `${version.plainText.slice(0, 197)}...` : version.plainText,
          questionType: version.questionType,
          attempts: list.length,
          facility: maxTotal > 0 ? round1((marks.reduce((a, b) => a + b, 0) / maxTotal) * 100) : null,
          discrimination: r === null ? null : round1(r * 100),
          averageSeconds: timed.length > 0 ? round1(timed.reduce((sum, a) => sum + a.timeTaken, 0) / timed.length) : null,
          options: options.map((option) => {
            const chosen = list.filter((a) => a.chosen.includes(option.id)).length;
            return { optionId: option.id, text: option.option, isCorrect: option.correctAnswer, chosen, chosenPercent: percentOf(chosen, list.length) ?? 0 };
          }),
        };
      }),
    };
  }

  async programs(actor: CurrentUser): Promise<ReportProgram[]> {
    return this.repository.programs(await this.scopes.of(actor));
  }
}
