import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_MENU_PATHS } from '@certs/shared/auth/admin-menu';
import { EXAM_QUALITY_PATHS, ExamQualityReport, ExamQualityTestList, MyQuestionFlagList, type ExamQualityQuery } from '@certs/shared/exam-quality/exam-quality.contract';
import { apiRequest } from '../../../lib/api-client';

export const examQualityKeys = {
  all: ['exam-quality'] as const,
  tests: () => ['exam-quality', 'tests'] as const,
  report: (testId: string, query: ExamQualityQuery) => ['exam-quality', 'report', testId, query] as const,
  myFlags: (questionId?: string) => ['exam-quality', 'flags', questionId ?? 'all'] as const,
};

/** The module tests whose report the caller may read. */
export function useQualityTests() {
  return useQuery({ queryKey: examQualityKeys.tests(), queryFn: ({ signal }) => apiRequest(EXAM_QUALITY_PATHS.tests, { schema: ExamQualityTestList, signal }) });
}

/** A test's report for a period; asked only once a test is chosen. */
export function useQualityReport(testId: string | null, query: ExamQualityQuery) {
  return useQuery({
    queryKey: examQualityKeys.report(testId ?? '', query),
    queryFn: ({ signal }) => apiRequest(EXAM_QUALITY_PATHS.report(testId ?? ''), { query: { from: query.from, to: query.to }, schema: ExamQualityReport, signal }),
    enabled: !!testId,
    placeholderData: keepPreviousData,
  });
}

/** The caller's own questions flagged in live tests (all, or one question's). */
export function useMyQuestionFlags(questionId?: string) {
  return useQuery({
    queryKey: examQualityKeys.myFlags(questionId),
    queryFn: ({ signal }) => apiRequest(EXAM_QUALITY_PATHS.myFlags, { query: { questionId }, schema: MyQuestionFlagList, signal }),
    staleTime: 60_000,
  });
}

/** The CSV or PDF of a report, with its period. */
export function qualityFilePath(kind: 'csv' | 'pdf', testId: string, query: ExamQualityQuery): string {
  const params = new URLSearchParams();
  if (query.from) params.set('from', query.from);
  if (query.to) params.set('to', query.to);
  const path = kind === 'csv' ? EXAM_QUALITY_PATHS.csv(testId) : EXAM_QUALITY_PATHS.pdf(testId);
  return params.size ? `${path}?${params.toString()}` : path;
}

/** The report page of a test (the question bank's badges link to it). */
export function qualityPagePath(testId: string): string {
  return `${ADMIN_MENU_PATHS['Exam Quality']}?testId=${encodeURIComponent(testId)}`;
}
