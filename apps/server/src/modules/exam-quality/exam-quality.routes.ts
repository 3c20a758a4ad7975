import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ExamQualityQuery, ExamQualityReport, ExamQualityTestList, MyQuestionFlagList, MyQuestionFlagsQuery } from '@certs/shared/exam-quality/exam-quality.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { ExamQualityService } from './exam-quality.service';

const doc = { tags: ['exam quality'], security: [{ bearer: [] }] };
const TestParams = z.strictObject({ id: z.string() });

/**
 * The exam quality report under `/api/examquality` (issue 43): the Exam Quality menu, then the
 * service's standing check (administrators, or the manager of the test's program); the flags of
 * one's own questions are open to every member of staff, each seeing only their own.
 */
export function registerExamQualityRoutes(api: FastifyInstance, quality: ExamQualityService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireAdmin({ menu: 'Exam Quality' });
  r.get(
    '/api/examquality/tests',
    { onRequest, schema: { ...doc, summary: 'Module tests whose quality report the caller may read, with their marked sittings', response: { 200: ExamQualityTestList } } },
    async (request) => quality.listTests(currentUserOf(request)),
  );
  r.get(
    '/api/examquality/tests/:id/report',
    {
      onRequest,
      schema: {
        ...doc,
        summary: "A module test's quality report for a period of submission: candidates, distribution, pass rate, reliability (KR-20 or alpha), SEM, and each question's facility, discrimination, option choices and flags",
        params: TestParams,
        querystring: ExamQualityQuery,
        response: { 200: ExamQualityReport },
      },
    },
    async (request) => quality.report(currentUserOf(request), request.params.id, request.query),
  );
  r.get(
    '/api/examquality/tests/:id/report.csv',
    { onRequest, schema: { ...doc, summary: 'The quality report as CSV: the summary, then one row per question', params: TestParams, querystring: ExamQualityQuery, produces: ['text/csv'] } },
    async (request, reply) => {
      const file = await quality.csv(currentUserOf(request), request.params.id, request.query);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'private, no-store').send(file.csv);
    },
  );
  r.get(
    '/api/examquality/tests/:id/report.pdf',
    { onRequest, schema: { ...doc, summary: 'The quality report as a PDF for the auditor', params: TestParams, querystring: ExamQualityQuery, produces: ['application/pdf'] } },
    async (request, reply) => {
      const file = await quality.pdf(currentUserOf(request), request.params.id, request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes));
    },
  );
  r.get(
    '/api/examquality/flags/mine',
    {
      onRequest: requireAdmin(),
      schema: { ...doc, summary: "The caller's questions flagged in the account's published module tests (the question bank shows them to their author)", querystring: MyQuestionFlagsQuery, response: { 200: MyQuestionFlagList } },
    },
    async (request) => quality.myFlags(currentUserOf(request), request.query),
  );
}
