import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MANAGEMENT_REVIEW_PATHS, ManagementReviewPrograms, ManagementReviewQuery, ManagementReviewReport } from '@certs/shared/management-review/management-review.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { ManagementReviewService } from './management-review.service';

const doc = { tags: ['management review'], security: [{ bearer: [] }] };

/**
 * The yearly management review under `/api/managementreview` (issue 43): staff only (applicants and
 * company users 403 before anything is read); the service admits account administrators for every
 * program of their account and program managers for their own programs.
 */
export function registerManagementReviewRoutes(api: FastifyInstance, reviews: ManagementReviewService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireAdmin();
  r.get(
    MANAGEMENT_REVIEW_PATHS.programs,
    { onRequest, schema: { ...doc, summary: 'The programs the caller may review (an administrator: every program of the account)', response: { 200: ManagementReviewPrograms } } },
    async (request) => reviews.programs(currentUserOf(request)),
  );
  r.get(
    MANAGEMENT_REVIEW_PATHS.report,
    {
      onRequest,
      schema: {
        ...doc,
        summary: "A year's management review of the account's programs or one: applications, awards, suspensions and withdrawals, appeals and complaints with outcomes and times, impartiality, exam statistics",
        querystring: ManagementReviewQuery,
        response: { 200: ManagementReviewReport },
      },
    },
    async (request) => reviews.report(currentUserOf(request), request.query),
  );
  r.get(
    MANAGEMENT_REVIEW_PATHS.csv,
    { onRequest, schema: { ...doc, summary: 'The management review as CSV: a row per figure, per case and per override', querystring: ManagementReviewQuery, produces: ['text/csv'] } },
    async (request, reply) => {
      const file = await reviews.csv(currentUserOf(request), request.query);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'private, no-store').send(file.text);
    },
  );
  r.get(
    MANAGEMENT_REVIEW_PATHS.pdf,
    { onRequest, schema: { ...doc, summary: 'The management review as a PDF for the minutes and the auditor', querystring: ManagementReviewQuery, produces: ['application/pdf'] } },
    async (request, reply) => {
      const file = await reviews.pdf(currentUserOf(request), request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(file.bytes));
    },
  );
}
