import { APPLICATION_STATUSES, applicationTypeOfProgram, APPLICATION_TYPES } from '@certs/shared/application/application-status';
import { WORKFLOW_STAGES } from '@certs/shared/application/application-workflow';
import { EXAMS_AHEAD_DAYS, type DashboardSummary, type MyWork } from '@certs/shared/dashboard/dashboard.contract';
import { AWARDS_EXPIRING_WITHIN_DAYS, stageLabelOf } from '@certs/shared/report/report.contract';
import { WPQ_DUE_WITHIN_DAYS } from '@certs/shared/wpq/wpq-validity.contract';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import type { ProgramScope, StaffScope } from '../report/staff-scope';
import type { DashboardRepository } from './dashboard.repository';

/**
 * The Dashboard menu's summary (the whole account for administrators, the caller's programs for
 * other staff) and each member of staff's own work for their role home (issue 20).
 */
/** Counts the Welders due list for a scope: these programs, or every program of the account (the welder qualification validity module's own rule). */
export type ConfirmationsDueCounter = (options: { programIds?: readonly string[]; accountId?: string; withinDays: number }) => Promise<number>;

export class DashboardService {
  private confirmationsDue: ConfirmationsDueCounter = async () => 0;

  constructor(
    private readonly repository: DashboardRepository,
    private readonly scopes: StaffScope,
    /** The account's currency: the month's payments are summed in it. */
    private readonly currencyOf: (accountId: string) => Promise<string>,
  ) {}

  /** The welder qualification validity module counts its Welders due list (it is built after the back office). */
  useConfirmationsDue(counter: ConfirmationsDueCounter): void {
    this.confirmationsDue = counter;
  }

  private countConfirmationsDue(scope: ProgramScope): Promise<number> {
    return this.confirmationsDue({ ...(scope.all ? { accountId: scope.accountId } : { programIds: scope.programIds }), withinDays: WPQ_DUE_WITHIN_DAYS });
  }

  async summary(actor: CurrentUser): Promise<DashboardSummary> {
    const scope = await this.scopes.of(actor);
    const [applications, exams, payments, awards, pending, confirmationsDue, currency] = await Promise.all([
      this.repository.applications(scope),
      this.repository.examsAhead(scope, EXAMS_AHEAD_DAYS),
      this.repository.paymentsThisMonth(scope),
      this.repository.awards(scope, AWARDS_EXPIRING_WITHIN_DAYS),
      this.repository.pending(scope),
      this.countConfirmationsDue(scope),
      this.currencyOf(staffAccountOf(actor)),
    ]);
    const byStatus = new Map(applications.byStatus.map((row) => [row.label, row.count]));
    const byStage = new Map(applications.byStage.map((row) => [row.stage ?? '', row.count]));
    return {
      isScoped: !scope.all,
      // Every status in the spec's order, zeros included, so the chart's axis is always the same.
      applicationsByStatus: APPLICATION_STATUSES.map((status) => ({ label: status, count: byStatus.get(status) ?? 0 })),
      applicationsByType: applications.byType.map((row) => {
        const type = applicationTypeOfProgram(row.programType) ?? 'qualificationapplication';
        return { type, label: APPLICATION_TYPES[type].label, count: row.count };
      }),
      applicationsByStage: [
        ...WORKFLOW_STAGES.map((stage) => ({ label: stageLabelOf(stage), count: byStage.get(stage) ?? 0 })),
        ...(byStage.get('') ? [{ label: stageLabelOf(null), count: byStage.get('') ?? 0 }] : []),
      ],
      examsNextDays: EXAMS_AHEAD_DAYS,
      examsAhead: exams,
      examsAheadTotal: exams.reduce((sum, row) => sum + row.count, 0),
      paymentsThisMonth: { ...payments, currency },
      awards: { ...awards, expiringWithinDays: AWARDS_EXPIRING_WITHIN_DAYS },
      pending: [
        { key: 'awaitingAssessor', label: 'Applications waiting for an assessor', count: pending.awaitingAssessor },
        { key: 'resultsToRecord', label: 'Exam results to record', count: pending.resultsToRecord },
        { key: 'answersToMark', label: 'Descriptive answers to mark', count: pending.answersToMark },
        { key: 'confirmationsDue', label: `Welder confirmations and revalidations due in ${WPQ_DUE_WITHIN_DAYS} days`, count: confirmationsDue },
      ],
    };
  }

  async myWork(actor: CurrentUser): Promise<MyWork> {
    const accountId = staffAccountOf(actor);
    const [assigned, sittings, answers] = await Promise.all([
      this.repository.assignedApplications(actor.id, accountId),
      this.repository.sittings(actor.id, accountId),
      this.repository.answersToMark(actor.id, accountId),
    ]);
    const nameOf = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();
    return {
      assignedApplications: assigned.map((row) => ({
        id: row.id,
        applicationNumber: row.applicationNumber,
        programId: row.programId,
        programCode: row.programCode,
        programTitle: row.programTitle,
        applicationType: applicationTypeOfProgram(row.programType) ?? 'qualificationapplication',
        status: row.status,
        applicantName: nameOf(row),
      })),
      sittings: sittings.map((row) => ({
        applicationModuleId: row.applicationModuleId,
        scheduledAt: new Date(row.scheduledAt).toISOString(),
        timeZone: row.timeZone,
        programCode: row.programCode,
        moduleTitle: row.moduleTitle,
        examKind: row.examKind,
        candidateName: nameOf(row),
        duty: row.isExaminer ? 'Examiner' : 'Invigilator',
      })),
      answersToMark: answers.map((row) => ({ examInstanceId: row.examInstanceId, candidateName: nameOf(row), programCode: row.programCode, moduleTitle: row.moduleTitle, waiting: row.waiting })),
    };
  }
}
