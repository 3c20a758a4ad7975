import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssignableProgramList,
  AssignTemplateRequest,
  CertificateTemplate,
  CertificateTemplateList,
  CertificateTemplatePreviewRequest,
  CertificateTemplateRequest,
  GenerateCertificatesRequest,
  GenerateCertificatesResponse,
} from '@certs/shared/certificate/certificate-template.contract';
import { currentUserOf, requireAdmin, requireSignedIn } from '../../platform/auth/authenticate';
import type { CertificateService } from './certificate.service';

const doc = { tags: ['certificates'], security: [{ bearer: [] }] };
const IdParams = z.strictObject({ id: z.string() });

function sendPdf(reply: FastifyReply, bytes: Uint8Array, fileName: string, disposition: 'inline' | 'attachment', headers: Record<string, string> = {}) {
  return reply
    .headers(headers)
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(bytes));
}

/**
 * Certificate templates (spec section 7: list, by id, generate, `program/{id}/template`) and the
 * award's certificate PDF. Templates: staff with the Libraries menu or an administrator role (the
 * service decides); backgrounds and signatures arrive through the attachment upload flow.
 */
export function registerCertificateRoutes(api: FastifyInstance, service: CertificateService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin();

  r.get('/api/certificatetemplate', { onRequest: staff, schema: { ...doc, summary: 'Certificate templates, oldest (the default) first', response: { 200: CertificateTemplateList } } }, async (request) =>
    service.list(currentUserOf(request)),
  );
  r.get(
    '/api/certificatetemplate/programs',
    { onRequest: staff, schema: { ...doc, summary: 'Programs the caller may assign a template to, with the template each uses (null: the default)', response: { 200: AssignableProgramList } } },
    async (request) => service.assignablePrograms(currentUserOf(request)),
  );
  r.get('/api/certificatetemplate/:id', { onRequest: staff, schema: { ...doc, summary: 'A certificate template with its fields and programs', params: IdParams, response: { 200: CertificateTemplate } } }, async (request) =>
    service.find(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/certificatetemplate',
    { onRequest: staff, schema: { ...doc, summary: 'Create a template (background and signature: attachments uploaded first)', body: CertificateTemplateRequest, response: { 201: CertificateTemplate } } },
    async (request, reply) => reply.status(201).send(await service.create(currentUserOf(request), request.body)),
  );
  r.post(
    '/api/certificatetemplate/update/:id',
    { onRequest: staff, schema: { ...doc, summary: 'Change a template; its programs\u2019 certificates are made again when next downloaded', params: IdParams, body: CertificateTemplateRequest, response: { 200: CertificateTemplate } } },
    async (request) => service.update(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/certificatetemplate/preview',
    { onRequest: staff, schema: { ...doc, summary: 'The PDF of a template draft with sample values (the designer\u2019s live preview)', body: CertificateTemplatePreviewRequest, produces: ['application/pdf'] } },
    async (request, reply) => sendPdf(reply, await service.preview(currentUserOf(request), request.body), 'certificate-preview.pdf', 'inline'),
  );
  r.put(
    '/api/certificatetemplate/program/:id/template',
    { onRequest: staff, schema: { ...doc, summary: 'Assign a template to a program (administrators and the program\u2019s manager)', params: IdParams, body: AssignTemplateRequest, response: { 200: CertificateTemplate } } },
    async (request) => service.assign(currentUserOf(request), request.params.id, request.body.templateId),
  );
  r.post(
    '/api/certificatetemplate/generate',
    {
      onRequest: staff,
      schema: { ...doc, summary: 'Make certificates afresh: listed awards, or a program\u2019s awards a batch at a time (`after`: the previous batch\u2019s `next`)', body: GenerateCertificatesRequest, response: { 200: GenerateCertificatesResponse } },
    },
    async (request) => service.generate(currentUserOf(request), request.body),
  );
  r.get(
    '/api/award/:id/certificate',
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'The award\u2019s certificate PDF (its holder, or staff who may read the award); an award not current is stamped so', params: IdParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const { bytes, fileName, status } = await service.certificateOf(currentUserOf(request), request.params.id);
      return sendPdf(reply, bytes, fileName, 'attachment', { 'x-award-status': status });
    },
  );
}
