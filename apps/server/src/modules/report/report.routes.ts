import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApplicationHistoryQuery,
  ApplicationHistoryReport,
  AwardsReport,
  ExamResultsReport,
  QuestionStatisticsQuery,
  QuestionStatisticsReport,
  REPORT_PATHS,
  ReportPrograms,
  ReportQuery,
  UserStatReport,
} from '@certs/shared/report/report.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { ReportService } from './report.service';

const doc = { tags: ['reports'], security: [{ bearer: [] }] };

/** Reports (spec section 7: `userstat`, `applicationhistory`, ...): the Reports menu; the service scopes each to the caller's programs. */
export function registerReportRoutes(api: FastifyInstance, reports: ReportService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireAdmin({ menu: 'Reports' });
  r.get(
    REPORT_PATHS.userStat,
    { onRequest, schema: { ...doc, summary: 'Applicants by state, membership and month of registration; staff by role', querystring: ReportQuery, response: { 200: UserStatReport } } },
    async (request) => reports.userStat(currentUserOf(request), request.query),
  );
  r.get(
    REPORT_PATHS.applicationHistory,
    { onRequest, schema: { ...doc, summary: 'Application moves in a period by program, status and staff member', querystring: ApplicationHistoryQuery, response: { 200: ApplicationHistoryReport } } },
    async (request) => reports.applicationHistory(currentUserOf(request), request.query),
  );
  r.get(
    REPORT_PATHS.examResults,
    { onRequest, schema: { ...doc, summary: 'Module results by program and module: attempts, passes, pass rate', querystring: ReportQuery, response: { 200: ExamResultsReport } } },
    async (request) => reports.examResults(currentUserOf(request), request.query),
  );
  r.get(
    REPORT_PATHS.awards,
    { onRequest, schema: { ...doc, summary: 'Awards issued, current, expiring and expired by program', querystring: ReportQuery, response: { 200: AwardsReport } } },
    async (request) => reports.awards(currentUserOf(request), request.query),
  );
  r.get(
    REPORT_PATHS.questionStatistics,
    { onRequest, schema: { ...doc, summary: "Per question: facility, discrimination, average time and each option's choices, from marked module sittings", querystring: QuestionStatisticsQuery, response: { 200: QuestionStatisticsReport } } },
    async (request) => reports.questionStatistics(currentUserOf(request), request.query),
  );
  r.get(
    REPORT_PATHS.programs,
    // Any member of staff: the bulk import (Programs menu) and the search choose from the same list of the caller's programs.
    { onRequest: requireAdmin(), schema: { ...doc, summary: 'The programs the caller may report on, search or import into', response: { 200: ReportPrograms } } },
    async (request) => reports.programs(currentUserOf(request)),
  );
}
