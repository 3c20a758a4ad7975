import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Attachment, PresignUploadRequest, PresignUploadResponse, SaveAttachmentRequest } from '@certs/shared/attachment/attachment.contract';
import { ConfirmWeldersRequest, ConfirmWeldersResult, EmployerConfirmationList, EmployerConfirmationsQuery, RevalidationEvidenceRequest } from '@certs/shared/employer/confirmations.contract';
import { WpqRevalidation } from '@certs/shared/wpq/wpq-validity.contract';
import { currentUserOf, requireEmployer } from '../../platform/auth/authenticate';
import type { EmployerConfirmationsService } from './employer-confirmations.service';

const RecordParams = z.strictObject({ recordId: z.string() });

/**
 * `api/employer/confirmations` (issue 42): the company's users see their people's confirmations
 * falling due; the coordinator confirms several at once and sends a revalidation's production
 * welds with their test reports (uploaded through the attachment module's presigned flow).
 */
export function registerEmployerConfirmationRoutes(api: FastifyInstance, service: EmployerConfirmationsService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const companyUser = requireEmployer();
  const coordinator = requireEmployer({ coordinator: true });
  const doc = { tags: ['employer'], security: [{ bearer: [] }] };

  r.get(
    '/api/employer/confirmations',
    {
      onRequest: companyUser,
      schema: { ...doc, summary: "The company's people's welder qualifications whose six-monthly confirmation is open or falls due", querystring: EmployerConfirmationsQuery, response: { 200: EmployerConfirmationList } },
    },
    async (request) => service.list(currentUserOf(request), request.query.withinDays),
  );
  r.post(
    '/api/employer/confirmations',
    {
      onRequest: coordinator,
      schema: { ...doc, summary: 'Confirm that the welders chosen kept welding within their range (all or none)', body: ConfirmWeldersRequest, response: { 201: ConfirmWeldersResult } },
    },
    async (request, reply) => reply.status(201).send(await service.confirm(currentUserOf(request), request.body)),
  );
  r.post(
    '/api/employer/confirmations/:recordId/evidence',
    {
      onRequest: coordinator,
      schema: { ...doc, summary: "Revalidation (9.3 b): two production welds with their test reports, for one of the company's welders", params: RecordParams, body: RevalidationEvidenceRequest, response: { 201: WpqRevalidation } },
    },
    async (request, reply) => reply.status(201).send(await service.submitEvidence(currentUserOf(request), request.params.recordId, request.body)),
  );
  r.post(
    '/api/employer/files/presigned-upload',
    { onRequest: coordinator, schema: { ...doc, summary: 'A presigned URL to PUT a test report to', body: PresignUploadRequest, response: { 200: PresignUploadResponse } } },
    async (request) => service.presignUpload(currentUserOf(request), request.body),
  );
  r.post(
    '/api/employer/files/save',
    { onRequest: coordinator, schema: { ...doc, summary: 'Save an uploaded file: checks its size and type from its bytes', body: SaveAttachmentRequest, response: { 200: Attachment } } },
    async (request) => service.saveUpload(currentUserOf(request), request.body.resourceKey),
  );
}
