import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPLICATION_TYPES } from '@certs/shared/application/application-status';
import { REVIEW_TYPE_PATHS, ReviewDecisionRequest, ReviewRequest, ReviewState } from '@certs/shared/review/review.contract';
import { currentUserOf, requireAdmin, requireApplicant, requireSignedIn } from '../../platform/auth/authenticate';
import type { ReviewService } from './review.service';

const doc = { security: [{ bearer: [] }] };
const params = z.strictObject({ id: z.string() });

/**
 * Reviews of a failed result (issue 17, decision 022), for the types whose results are per module:
 * the holder or the program's staff read it, the holder asks, the program's managers decide.
 */
export function registerReviewRoutes(api: FastifyInstance, reviews: ReviewService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  for (const typePath of REVIEW_TYPE_PATHS) {
    const tags = [`${APPLICATION_TYPES[typePath].label} applications (reviews)`];
    r.get(
      `/api/${typePath}/:id/review`,
      { onRequest: requireSignedIn(), schema: { ...doc, tags, summary: 'Whether a review may be asked for, the modules and every review (the holder; staff who may read the program)', params, response: { 200: ReviewState } } },
      async (request) => reviews.findState(currentUserOf(request), typePath, request.params.id),
    );
    r.post(
      `/api/${typePath}/:id/review`,
      { onRequest: requireApplicant(), schema: { ...doc, tags, summary: 'The holder asks for a review of a failed result, with a reason and files, within the program window', params, body: ReviewRequest, response: { 200: ReviewState } } },
      async (request) => reviews.ask(currentUserOf(request), typePath, request.params.id, request.body),
    );
    r.post(
      `/api/${typePath}/:id/review/decide`,
      {
        onRequest: requireAdmin({ menu: 'Programs' }),
        schema: { ...doc, tags, summary: "Uphold (the named modules pass; awarded) or refuse (back to Failed) the open review, with a note (the program's managers)", params, body: ReviewDecisionRequest, response: { 200: ReviewState } },
      },
      async (request) => reviews.decide(currentUserOf(request), typePath, request.params.id, request.body),
    );
  }
}
