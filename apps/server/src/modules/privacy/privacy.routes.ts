import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccessLogPage,
  AccessLogQuery,
  DeletionRequest,
  DeletionRequestBody,
  DeletionRequestListQuery,
  DeletionRequestPage,
} from '@certs/shared/privacy/privacy.contract';
import { currentUserOf, requireAdmin, requireApplicant } from '../../platform/auth/authenticate';
import { ACCESS_LOG_ROLES, DELETION_REQUEST_ROLES } from './privacy.policy';
import type { PersonalDataAccessLogService, PrivacyService } from './privacy.service';

const doc = { tags: ['personal data'], security: [{ bearer: [] }] };

/** Personal data (decision 016): the applicant's export and deletion request; staff's requests list and access log. */
export function registerPrivacyRoutes(api: FastifyInstance, privacy: { service: PrivacyService; accessLog: PersonalDataAccessLogService }): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const deletionStaff = requireAdmin({ roles: DELETION_REQUEST_ROLES });

  r.get(
    '/api/privacy/me/export',
    { onRequest: requireApplicant(), schema: { ...doc, summary: 'Everything held about the signed-in applicant, as one zip (JSON files and their uploaded files)', produces: ['application/zip'] } },
    async (request, reply) => {
      const { fileName, bytes } = await privacy.service.exportMine(currentUserOf(request));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    },
  );
  r.post(
    '/api/privacy/me/deletion-request',
    { onRequest: requireApplicant(), schema: { ...doc, summary: 'Ask for your personal data to be deleted (one open request at a time; 409 for a second)', body: DeletionRequestBody, response: { 201: DeletionRequest } } },
    async (request, reply) => reply.status(201).send(await privacy.service.requestDeletion(currentUserOf(request), request.body)),
  );
  r.get(
    '/api/privacy/deletion-requests',
    { onRequest: deletionStaff, schema: { ...doc, summary: 'Deletion requests, open ones first (super users and account administrators)', querystring: DeletionRequestListQuery, response: { 200: DeletionRequestPage } } },
    async (request) => privacy.service.findDeletionRequests(currentUserOf(request), request.query),
  );
  r.post(
    '/api/privacy/deletion-requests/:id/complete',
    {
      onRequest: deletionStaff,
      schema: { ...doc, summary: 'Complete a deletion request: anonymise the applicant, keeping application numbers, awards, invoices and payments', params: z.strictObject({ id: z.string() }), response: { 200: DeletionRequest } },
    },
    async (request) => privacy.service.completeDeletionRequest(currentUserOf(request), request.params.id),
  );
  r.get(
    '/api/privacy/access-log',
    { onRequest: requireAdmin({ roles: ACCESS_LOG_ROLES }), schema: { ...doc, summary: "Staff reads of applicants' personal records and files, newest first (super users)", querystring: AccessLogQuery, response: { 200: AccessLogPage } } },
    async (request) => privacy.accessLog.findPage(currentUserOf(request), request.query),
  );
}
