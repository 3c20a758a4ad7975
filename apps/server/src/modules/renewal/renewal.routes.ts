import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RENEWAL_TYPE_PATHS, RENEWAL_TYPES, Renewal, RenewalActionRequest, RenewalQueuePage, RenewalQueueQuery, RenewalSaveRequest } from '@certs/shared/renewal/renewal.contract';
import { currentUserOf, requireAdmin, requireApplicant, requireSignedIn } from '../../platform/auth/authenticate';
import type { RenewalService } from './renewal.service';

/**
 * Renewals (spec section 7, decision 023): per renewal type, the holder's form of an award, save
 * and submit; staff's queue of one program, one renewal and `renewal/action`. Staff routes need
 * the Programs menu; the service then limits each to the program's managers and administrators.
 */
export function registerRenewalRoutes(api: FastifyInstance, renewals: RenewalService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin({ menu: 'Programs' });
  for (const typePath of RENEWAL_TYPE_PATHS) {
    const base = `/api/${typePath}`;
    const doc = { tags: [`${RENEWAL_TYPES[typePath].label} renewals`], security: [{ bearer: [] }] };
    r.get(
      `${base}/award/:awardId`,
      { onRequest: requireApplicant(), schema: { ...doc, summary: "The renewal form of the holder's award: its open renewal or a blank one, and whether they may apply now", params: z.strictObject({ awardId: z.string() }), response: { 200: Renewal } } },
      async (request) => renewals.formFor(currentUserOf(request), typePath, request.params.awardId),
    );
    r.post(
      `${base}/save`,
      { onRequest: requireApplicant(), schema: { ...doc, summary: 'Save the draft renewal of an award (requirement answers and chosen professional development)', body: RenewalSaveRequest, response: { 200: Renewal } } },
      async (request) => renewals.save(currentUserOf(request), typePath, request.body),
    );
    r.post(
      `${base}/:id/submit`,
      { onRequest: requireApplicant(), schema: { ...doc, summary: 'Submit the draft renewal: the application becomes Applied for Renewal', params: z.strictObject({ id: z.string() }), response: { 200: Renewal } } },
      async (request) => renewals.submit(currentUserOf(request), typePath, request.params.id),
    );
    r.get(
      `${base}/pagination`,
      {
        onRequest: staff,
        schema: { ...doc, summary: "A program's renewal queue: page size 10, page 1, ordered by applicationNumber descending by default; searched by name, member, certificate and application number", querystring: RenewalQueueQuery, response: { 200: RenewalQueuePage } },
      },
      async (request) => renewals.queue(currentUserOf(request), typePath, request.query),
    );
    r.post(
      `${base}/renewal/action`,
      { onRequest: staff, schema: { ...doc, summary: 'Renew, or refuse with a reason (the program managers and administrators)', body: RenewalActionRequest, response: { 200: Renewal } } },
      async (request) => renewals.act(currentUserOf(request), typePath, request.body),
    );
    r.get(
      `${base}/:id`,
      { onRequest: requireSignedIn(), schema: { ...doc, summary: 'One renewal (its holder; staff who manage its program)', params: z.strictObject({ id: z.string() }), response: { 200: Renewal } } },
      async (request) => renewals.findOne(currentUserOf(request), typePath, request.params.id),
    );
  }
}
