import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ApplicationHistoryReport,
  AwardsReport,
  ExamResultsReport,
  QuestionStatisticsReport,
  REPORT_PATHS,
  ReportPrograms,
  UserStatReport,
  type ApplicationHistoryQuery,
  type QuestionStatisticsQuery,
  type ReportQuery,
} from '@certs/shared/report/report.contract';
import type { ZodType } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const reportKeys = { all: ['reports'] as const, one: (path: string, query: object) => ['reports', path, query] as const };

type Query = Record<string, string | undefined>;

function useReport<T>(path: string, query: Query, schema: ZodType<T>) {
  return useQuery({ queryKey: reportKeys.one(path, query), queryFn: ({ signal }) => apiRequest(path, { query, schema, signal }), placeholderData: keepPreviousData });
}

export const useUserStat = (query: ReportQuery) => useReport(REPORT_PATHS.userStat, query, UserStatReport);
export const useApplicationHistory = (query: ApplicationHistoryQuery) => useReport(REPORT_PATHS.applicationHistory, query, ApplicationHistoryReport);
export const useExamResults = (query: ReportQuery) => useReport(REPORT_PATHS.examResults, query, ExamResultsReport);
export const useAwardsReport = (query: ReportQuery) => useReport(REPORT_PATHS.awards, query, AwardsReport);
export const useQuestionStatistics = (query: QuestionStatisticsQuery) => useReport(REPORT_PATHS.questionStatistics, query, QuestionStatisticsReport);

export function useReportPrograms() {
  return useQuery({ queryKey: [...reportKeys.all, 'programs'], queryFn: ({ signal }) => apiRequest(REPORT_PATHS.programs, { schema: ReportPrograms, signal }), staleTime: 60_000 });
}
