import dayjs from 'dayjs';
import { APPLICATION_STATUSES } from '@certs/shared/application/application-status';
import { APPEAL_SUBJECT_LABELS, type AppealSubject } from '@certs/shared/appeal/appeal.contract';
import { AUTH_MESSAGES } from '@certs/shared/auth/auth.contract';
import { AWARD_TYPES } from '@certs/shared/award/award-status';
import { CASE_OUTCOMES, CASE_OUTCOME_LABELS, CASE_STATUS_LABELS, OPEN_CASE_STATUSES, type CaseOutcome, type CaseStatus } from '@certs/shared/case/case.contract';
import { COMPLAINT_ABOUT_LABELS, type ComplaintAbout } from '@certs/shared/complaint/complaint.contract';
import { IMPARTIALITY_ROLES, type ImpartialityRole } from '@certs/shared/impartiality/assignment-check.contract';
import { CONFLICT_KIND_LABELS, IMPARTIALITY_ROLE_TITLES, type ConflictKind } from '@certs/shared/impartiality/impartiality.contract';
import {
  MANAGEMENT_REVIEW_MESSAGES,
  percentOfCount,
  reviewFileName,
  type ManagementReviewPrograms,
  type ManagementReviewQuery,
  type ManagementReviewReport,
  type ReviewCaseSummary,
  type ReviewCount,
  type ReviewProgramRow,
} from '@certs/shared/management-review/management-review.contract';
import { formatDateTimeWithZone, formatDay } from '@certs/shared/common/dates';
import { AppError } from '../../platform/app-error';
import { staffAccountOf, type CurrentUser } from '../../platform/auth/authenticate';
import { toCsv, type CsvCell } from '../../platform/csv';
import { dayIn, type AccountTimeZones } from '../account/account-time-zone';
import { renderManagementReviewPdf } from './management-review-pdf';
import { mayReviewProgram, reviewsWholeAccount } from './management-review.policy';
import type { CaseRowData, ManagementReviewRepository, ProgramRow, ReviewScope } from './management-review.repository';

const mean = (values: readonly number[]): number | null => (values.length > 0 ? Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10 : null);
const daysBetween = (from: string, to: string) => dayjs(to).diff(dayjs(from), 'day');

/** Counts in a fixed order (the workflow's, the award types'), then anything else found, each once. */
function ordered(counts: Map<string, number>, order: readonly string[], label: (key: string) => string = (key) => key): ReviewCount[] {
  const keys = [...order.filter((key) => counts.has(key)), ...[...counts.keys()].filter((key) => !order.includes(key)).sort()];
  return keys.map((key) => ({ label: label(key), count: counts.get(key) ?? 0 }));
}

function add(map: Map<string, number>, key: string, count: number): void {
  map.set(key, (map.get(key) ?? 0) + count);
}

/**
 * The yearly management review (issue 43): one year of one account's certification, for all its
 * programs or one. Figures are counted by the account's days; cases and overrides are listed for
 * the auditor. The same report is the screen, the CSV and the PDF.
 */
export class ManagementReviewService {
  constructor(
    private readonly repository: ManagementReviewRepository,
    private readonly zones: Pick<AccountTimeZones, 'ofAccount'>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The programs the caller may review: an administrator's whole account, a manager's own programs (none for other staff). */
  async programs(actor: CurrentUser): Promise<ManagementReviewPrograms> {
    const accountId = staffAccountOf(actor);
    const isAccountWide = reviewsWholeAccount(actor);
    return { isAccountWide, programs: await this.repository.programsOf(accountId, isAccountWide ? null : actor.id) };
  }

  async report(actor: CurrentUser, query: ManagementReviewQuery): Promise<ManagementReviewReport> {
    const { scope, programs } = await this.scopeOf(actor, query);
    const today = dayIn(scope.timeZone, this.now());
    const [accountName, applications, statuses, awardsMade, moves, appeals, complaints, conflicts, events, agreements, sittings] = await Promise.all([
      this.repository.accountName(scope.accountId),
      this.repository.applicationsByProgram(scope),
      this.repository.applicationStatuses(scope),
      this.repository.awardsMade(scope),
      this.repository.awardMoves(scope),
      this.repository.appeals(scope),
      this.repository.complaints(scope),
      this.repository.conflicts(scope),
      this.repository.impartialityEvents(scope),
      this.repository.agreements(scope),
      this.repository.examSittings(scope),
    ]);

    const perProgram = new Map<string, ReviewProgramRow>(
      programs.map((program) => [
        program.id,
        { programId: program.id, programCode: program.programCode, programTitle: program.programTitle, started: 0, submitted: 0, awarded: 0, suspended: 0, withdrawn: 0, cancelled: 0, appeals: 0, complaints: 0, sittings: 0 },
      ]),
    );
    const rowOf = (programId: string | null) => (programId ? perProgram.get(programId) : undefined);
    for (const row of applications) {
      const line = rowOf(row.programId);
      if (line) Object.assign(line, { started: row.started, submitted: row.submitted });
    }
    const byType = new Map<string, number>();
    for (const row of awardsMade) {
      add(byType, row.awardType, row.count);
      const line = rowOf(row.programId);
      if (line) line.awarded += row.count;
    }
    const moved = { suspended: 0, released: 0, withdrawn: 0, cancelled: 0, expired: 0 };
    for (const row of moves) {
      const line = rowOf(row.programId);
      const into = (status: string) => row.toStatus === status && row.fromStatus !== status;
      if (into('on hold')) {
        moved.suspended += row.count;
        if (line) line.suspended += row.count;
      }
      if (row.fromStatus === 'on hold' && row.toStatus === 'current') moved.released += row.count;
      if (into('withdrawn')) {
        moved.withdrawn += row.count;
        if (line) line.withdrawn += row.count;
      }
      if (into('cancelled')) {
        moved.cancelled += row.count;
        if (line) line.cancelled += row.count;
      }
      if (into('expired')) moved.expired += row.count;
    }
    const isReceivedInYear = (row: CaseRowData) => row.receivedDay >= scope.from && row.receivedDay <= scope.to;
    for (const row of appeals.filter(isReceivedInYear)) {
      const line = rowOf(row.programId);
      if (line) line.appeals += 1;
    }
    for (const row of complaints.filter(isReceivedInYear)) {
      const line = rowOf(row.programId);
      if (line) line.complaints += 1;
    }
    for (const row of sittings) {
      const line = rowOf(row.programId);
      if (line) line.sittings += row.sittings;
    }

    const roleOrder: readonly string[] = IMPARTIALITY_ROLES;
    const roleTitle = (role: string) => IMPARTIALITY_ROLE_TITLES[role as ImpartialityRole] ?? role;
    const byRole = new Map<string, { refused: number; overridden: number }>();
    for (const event of events) {
      const tally = byRole.get(event.role) ?? { refused: 0, overridden: 0 };
      if (event.outcome === 'overridden') tally.overridden += 1;
      else tally.refused += 1;
      byRole.set(event.role, tally);
    }
    const overrides = events.filter((event) => event.outcome === 'overridden');
    const totalSittings = sittings.reduce((sum, row) => sum + row.sittings, 0);
    const totalPassed = sittings.reduce((sum, row) => sum + row.passed, 0);

    return {
      year: scope.year,
      from: scope.from,
      to: scope.to,
      timeZone: scope.timeZone,
      accountName,
      isAllPrograms: scope.isAllPrograms,
      programs,
      generatedOn: this.now().toISOString(),
      applications: {
        started: applications.reduce((sum, row) => sum + row.started, 0),
        submitted: applications.reduce((sum, row) => sum + row.submitted, 0),
        byStatus: ordered(new Map(statuses.map((row) => [row.status, row.count])), APPLICATION_STATUSES),
      },
      awards: { made: awardsMade.reduce((sum, row) => sum + row.count, 0), byType: ordered(byType, AWARD_TYPES), ...moved },
      byProgram: [...perProgram.values()],
      appeals: summariseCases(appeals, scope, today, (subject) => APPEAL_SUBJECT_LABELS[subject as AppealSubject] ?? subject),
      complaints: summariseCases(complaints, scope, today, (about) => COMPLAINT_ABOUT_LABELS[about as ComplaintAbout] ?? about),
      impartiality: {
        conflictsDeclared: conflicts.declared,
        conflictsEnded: conflicts.ended,
        conflictsByKind: conflicts.byKind.map((row) => ({ label: CONFLICT_KIND_LABELS[row.kind as ConflictKind] ?? row.kind, count: row.count })),
        refusals: events.length - overrides.length,
        overrides: overrides.length,
        byRole: [...byRole.entries()]
          .sort(([a], [b]) => roleOrder.indexOf(a) - roleOrder.indexOf(b))
          .map(([role, tally]) => ({ role: roleTitle(role), ...tally })),
        overrideRows: overrides.map((event) => ({
          on: event.on,
          programCode: event.programCode,
          staffName: event.staffName ?? '-',
          role: roleTitle(event.role),
          reasons: event.reasons,
          overrideReason: event.overrideReason ?? '',
          byName: event.byName,
        })),
        staffServing: agreements.length,
        agreementsSigned: agreements.filter((row) => row.hasSigned).length,
        staffWithoutAgreement: agreements.filter((row) => !row.hasSigned).map((row) => row.name),
      },
      exams: {
        sittings: totalSittings,
        passRate: percentOfCount(totalPassed, totalSittings),
        rows: sittings.map((row) => ({
          programCode: row.programCode,
          moduleCode: row.moduleCode,
          moduleTitle: row.moduleTitle,
          testTitle: row.testTitle,
          sittings: row.sittings,
          passed: row.passed,
          passRate: percentOfCount(row.passed, row.sittings),
          meanScore: row.meanScore,
        })),
      },
    };
  }

  async csv(actor: CurrentUser, query: ManagementReviewQuery): Promise<{ text: string; fileName: string }> {
    const report = await this.report(actor, query);
    return { text: managementReviewCsv(report), fileName: reviewFileName(report.year, query.programId ? (report.programs[0]?.programCode ?? null) : null, 'csv') };
  }

  async pdf(actor: CurrentUser, query: ManagementReviewQuery): Promise<{ bytes: Uint8Array; fileName: string }> {
    const report = await this.report(actor, query);
    return { bytes: await renderManagementReviewPdf(report), fileName: reviewFileName(report.year, query.programId ? (report.programs[0]?.programCode ?? null) : null, 'pdf') };
  }

  /** The caller's programs for the review; one program asked for must be one of them (another account's too: 403). */
  private async scopeOf(actor: CurrentUser, query: ManagementReviewQuery): Promise<{ scope: ReviewScope; programs: ProgramRow[] }> {
    const { isAccountWide, programs } = await this.programs(actor);
    if (!isAccountWide && programs.length === 0) throw new AppError('FORBIDDEN', MANAGEMENT_REVIEW_MESSAGES.forbidden);
    let chosen = programs;
    if (query.programId) {
      if (!mayReviewProgram(query.programId, programs)) throw new AppError('FORBIDDEN', AUTH_MESSAGES.forbidden);
      chosen = programs.filter((program) => program.id === query.programId);
    }
    const accountId = staffAccountOf(actor);
    return {
      programs: chosen,
      scope: {
        accountId,
        programIds: chosen.map((program) => program.id),
        isAllPrograms: isAccountWide && !query.programId,
        timeZone: await this.zones.ofAccount(accountId),
        year: query.year,
        from: `${query.year}-01-01`,
        to: `${query.year}-12-31`,
      },
    };
  }
}

/**
 * Appeals or complaints in figures: received in the year (acknowledged on time, withdrawn, open and
 * overdue today), decided in the year (on time, outcomes, days to decide), and each one listed.
 */
function summariseCases(rows: readonly CaseRowData[], scope: ReviewScope, today: string, subjectLabel: (subject: string) => string): ReviewCaseSummary {
  const inYear = (day: string | null) => day !== null && day >= scope.from && day <= scope.to;
  const received = rows.filter((row) => inYear(row.receivedDay));
  const acknowledged = received.filter((row) => row.acknowledgedDay !== null);
  const decided = rows.filter((row) => row.status === 'decided' && inYear(row.decidedDay));
  const isOpen = (row: CaseRowData) => OPEN_CASE_STATUSES.includes(row.status as CaseStatus);
  const outcomes = new Map<string, number>();
  for (const row of decided) if (row.outcome) add(outcomes, row.outcome, 1);
  return {
    received: received.length,
    acknowledgedOnTime: acknowledged.filter((row) => row.acknowledgedDay! <= row.acknowledgeBy).length,
    meanDaysToAcknowledge: mean(acknowledged.map((row) => daysBetween(row.receivedDay, row.acknowledgedDay!))),
    decided: decided.length,
    decidedOnTime: decided.filter((row) => row.decidedDay! <= row.decideBy).length,
    meanDaysToDecide: mean(decided.map((row) => daysBetween(row.receivedDay, row.decidedDay!))),
    byOutcome: CASE_OUTCOMES.map((outcome) => ({ label: CASE_OUTCOME_LABELS[outcome], count: outcomes.get(outcome) ?? 0 })),
    withdrawn: received.filter((row) => row.status === 'withdrawn').length,
    open: received.filter(isOpen).length,
    overdue: received.filter((row) => isOpen(row) && today > row.decideBy).length,
    rows: rows.map((row) => ({
      reference: row.reference,
      programCode: row.programCode,
      subject: subjectLabel(row.subject),
      receivedOn: row.receivedDay,
      acknowledgedOn: row.acknowledgedDay,
      decidedOn: row.decidedDay,
      status: CASE_STATUS_LABELS[row.status as CaseStatus] ?? row.status,
      outcome: row.outcome ? (CASE_OUTCOME_LABELS[row.outcome as CaseOutcome] ?? row.outcome) : null,
      handlerName: row.handlerName,
      daysToDecide: row.decidedDay ? daysBetween(row.receivedDay, row.decidedDay) : null,
      isOnTime: row.decidedDay ? row.decidedDay <= row.decideBy : !isOpen(row) || today <= row.decideBy,
    })),
  };
}

export const REVIEW_CSV_COLUMNS = ['Section', 'Program', 'Measure', 'Value'] as const;

/**
 * The review as one CSV a spreadsheet filters: a row per figure (section, program or "All",
 * measure, value) and a row per appeal, complaint and override, so nothing the screen shows is lost.
 */
export function managementReviewCsv(report: ManagementReviewReport): string {
  const rows: CsvCell[][] = [];
  const all = report.isAllPrograms ? 'All programs' : report.programs.map((program) => program.programCode).join(' ');
  const figure = (section: string, measure: string, value: CsvCell, program = all) => rows.push([section, program, measure, value ?? '-']);
  figure('Review', 'Account', report.accountName);
  figure('Review', 'Year', report.year);
  figure('Review', 'Period', `${formatDay(report.from)} to ${formatDay(report.to)} (${report.timeZone})`);
  figure('Review', 'Programs', report.programs.map((program) => `${program.programCode} ${program.programTitle}`).join('; '));
  figure('Review', 'Generated on', formatDateTimeWithZone(report.generatedOn, report.timeZone));
  figure('Applications', 'Started', report.applications.started);
  figure('Applications', 'Submitted', report.applications.submitted);
  for (const status of report.applications.byStatus) figure('Applications', `Started in the year, status today: ${status.label}`, status.count);
  figure('Awards', 'Made', report.awards.made);
  for (const type of report.awards.byType) figure('Awards', `Made: ${type.label}`, type.count);
  figure('Awards', 'Suspended (Awarded OnHold)', report.awards.suspended);
  figure('Awards', 'Released from hold', report.awards.released);
  figure('Awards', 'Withdrawn', report.awards.withdrawn);
  figure('Awards', 'Cancelled', report.awards.cancelled);
  figure('Awards', 'Expired', report.awards.expired);
  for (const line of report.byProgram) {
    const measures: [string, number][] = [
      ['Applications started', line.started],
      ['Applications submitted', line.submitted],
      ['Awards made', line.awarded],
      ['Suspended', line.suspended],
      ['Withdrawn', line.withdrawn],
      ['Cancelled', line.cancelled],
      ['Appeals received', line.appeals],
      ['Complaints received', line.complaints],
      ['Exam sittings', line.sittings],
    ];
    for (const [measure, value] of measures) figure('By program', measure, value, line.programCode);
  }
  for (const [section, cases] of [
    ['Appeals', report.appeals],
    ['Complaints', report.complaints],
  ] as const) {
    figure(section, 'Received', cases.received);
    figure(section, 'Acknowledged on time', cases.acknowledgedOnTime);
    figure(section, 'Mean days to acknowledge', cases.meanDaysToAcknowledge);
    figure(section, 'Decided', cases.decided);
    figure(section, 'Decided on time', cases.decidedOnTime);
    figure(section, 'Mean days to decide', cases.meanDaysToDecide);
    for (const outcome of cases.byOutcome) figure(section, `Outcome: ${outcome.label}`, outcome.count);
    figure(section, 'Withdrawn', cases.withdrawn);
    figure(section, 'Open', cases.open);
    figure(section, 'Overdue', cases.overdue);
    for (const row of cases.rows) {
      const detail = [row.subject, `received ${formatDay(row.receivedOn)}`, row.status, row.outcome, row.decidedOn ? `decided ${formatDay(row.decidedOn)} (${row.daysToDecide} days)` : null, row.handlerName ? `handler ${row.handlerName}` : null, row.isOnTime ? 'on time' : 'late']
        .filter(Boolean)
        .join('; ');
      figure(`${section}: case`, row.reference, detail, row.programCode ?? 'No program');
    }
  }
  const impartiality = report.impartiality;
  figure('Impartiality', 'Conflicts declared', impartiality.conflictsDeclared);
  figure('Impartiality', 'Conflicts ended', impartiality.conflictsEnded);
  for (const kind of impartiality.conflictsByKind) figure('Impartiality', `Declared: ${kind.label}`, kind.count);
  figure('Impartiality', 'Assignments refused', impartiality.refusals);
  figure('Impartiality', 'Refusals overridden', impartiality.overrides);
  for (const role of impartiality.byRole) {
    figure('Impartiality', `${role.role}: refused`, role.refused);
    figure('Impartiality', `${role.role}: overridden`, role.overridden);
  }
  figure('Impartiality', 'Staff', impartiality.staffServing);
  figure('Impartiality', `Signed the ${report.year} agreement`, impartiality.agreementsSigned);
  if (impartiality.staffWithoutAgreement.length > 0) figure('Impartiality', 'Not signed', impartiality.staffWithoutAgreement.join('; '));
  for (const row of impartiality.overrideRows) {
    figure('Impartiality: override', `${formatDay(row.on)} ${row.staffName} as ${row.role}`, `${row.reasons.join('; ')}; overridden by ${row.byName ?? '-'}: ${row.overrideReason}`, row.programCode ?? 'No program');
  }
  figure('Exams', 'Sittings marked', report.exams.sittings);
  figure('Exams', 'Pass rate %', report.exams.passRate);
  for (const row of report.exams.rows) {
    const test = `${row.moduleCode} ${row.testTitle}`;
    figure('Exams', `${test}: sittings`, row.sittings, row.programCode);
    figure('Exams', `${test}: pass rate %`, row.passRate, row.programCode);
    figure('Exams', `${test}: mean score %`, row.meanScore, row.programCode);
  }
  return toCsv(rows, { columns: REVIEW_CSV_COLUMNS });
}
