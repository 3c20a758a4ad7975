import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPLICATION_TYPE_PATHS, APPLICATION_TYPES } from '@certs/shared/application/application-status';
import { Award, AwardActionRequest, AwardListQuery, AwardPage, StaffAwardListQuery } from '@certs/shared/award/award.contract';
import { AWARD_ACTION_PATHS, type AwardAction } from '@certs/shared/award/award-status';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { routeOf } from '../../platform/audit/personal-data-access';
import { currentUserOf, requireAdmin, requireApplicant, requireSignedIn } from '../../platform/auth/authenticate';
import type { AwardService } from './award.service';

const doc = { tags: ['awards'], security: [{ bearer: [] }] };

/**
 * Awards (spec section 7, decision 017): the holder's list, staff's lists and export, one award
 * with its history, and the actions `{type}/{id}/award/{action}`. Staff routes need the Programs
 * menu; the service then limits each to the programs the caller may read or manage.
 */
export function registerAwardRoutes(api: FastifyInstance, awards: AwardService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin({ menu: 'Programs' });

  r.get(
    '/api/applicant/awards',
    { onRequest: requireApplicant(), schema: { ...doc, summary: "The signed-in applicant's awards, newest first", querystring: AwardListQuery, response: { 200: AwardPage } } },
    async (request) => awards.findMine(currentUserOf(request), request.query),
  );
  r.get(
    '/api/applicant/:applicantId/awards',
    {
      onRequest: staff,
      schema: { ...doc, summary: "An applicant's awards in the programs the caller may read (staff's sub-list)", params: z.strictObject({ applicantId: z.string() }), querystring: AwardListQuery, response: { 200: AwardPage } },
    },
    async (request) => awards.findOfApplicant(currentUserOf(request), request.params.applicantId, request.query, routeOf(request)),
  );
  r.get(
    '/api/award/pagination',
    {
      onRequest: staff,
      schema: { ...doc, summary: 'The Awards screen: one program or every program the caller may read; searched by name, member number, certificate and application number; filtered by status', querystring: StaffAwardListQuery, response: { 200: AwardPage } },
    },
    async (request) => awards.findStaffPage(currentUserOf(request), request.query),
  );
  r.get(
    '/api/award/export',
    { onRequest: staff, schema: { ...doc, summary: 'The Awards screen as CSV, with the same filters and no paging', querystring: StaffAwardListQuery.omit({ page: true, pageSize: true }), produces: ['text/csv'] } },
    async (request, reply) => {
      const csv = await awards.exportCsv(currentUserOf(request), request.query);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="awards-${todayInSydney()}.csv"`).send(csv);
    },
  );
  r.get(
    '/api/award/:id',
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'An award with its history (its holder; staff who may read its program)', params: z.strictObject({ id: z.string() }), response: { 200: Award } } },
    async (request) => awards.findAward(currentUserOf(request), request.params.id),
  );
  for (const typePath of APPLICATION_TYPE_PATHS) {
    r.post(
      `/api/${typePath}/:id/award/:action`,
      {
        onRequest: staff,
        schema: {
          ...doc,
          tags: [`${APPLICATION_TYPES[typePath].label} applications (staff)`],
          summary: "Hold, release, cancel or withdraw the application's award, with a reason (the program's managers and administrators)",
          params: z.strictObject({ id: z.string(), action: z.enum(AWARD_ACTION_PATHS as [AwardAction, ...AwardAction[]]) }),
          // No body at all is answered like a blank reason: the 400 names the action's reason.
          body: AwardActionRequest.nullish(),
          response: { 200: Award },
        },
      },
      async (request) => awards.act(currentUserOf(request), typePath, request.params.id, request.params.action, request.body),
    );
  }
}
