import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Invoice,
  InvoiceList,
  PRE_EXAM_TYPE_PATHS,
  PRE_EXAM_TYPES,
  PreExamModuleList,
  PreExamSubmitResponse,
  PreExamUpdateRequest,
  PreExamView,
} from '@certs/shared/pre-exam/pre-exam.contract';
import { currentUserOf, requireAdmin, requireSignedIn } from '../../platform/auth/authenticate';
import type { PreExamService } from './pre-exam.service';

/**
 * The pre-exam stage of spec section 7 under the module path words (`qualificationapplicationmodule`,
 * `aicipapplicationmodule`; `certificationapplication` for Certification, which has no modules):
 * `/required`, `/nonrequired`, `/preexam/update`, `/preexam/submit`, and the stage's view. Staff
 * only (Programs menu; managing the application to save or submit). Invoices under `api/invoice/`
 * are read by the same staff and by the applicant who owns the application.
 */
export function registerPreExamRoutes(api: FastifyInstance, service: PreExamService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin({ menu: 'Programs' });
  const params = z.strictObject({ applicationId: z.string() });
  for (const type of PRE_EXAM_TYPE_PATHS) {
    const doc = { tags: [`Pre-exam (${PRE_EXAM_TYPES[type].applicationType})`], security: [{ bearer: [] }] };
    r.get(
      `/api/${type}/:applicationId/preexam`,
      { onRequest: staff, schema: { ...doc, summary: 'The pre-exam stage: modules with the choice and fee, lines, discount, GST and total, or the invoice once issued', params, response: { 200: PreExamView } } },
      async (request) => service.findView(currentUserOf(request), type, request.params.applicationId),
    );
    r.get(
      `/api/${type}/:applicationId/required`,
      { onRequest: staff, schema: { ...doc, summary: 'The modules chosen as required for this candidate, with member and non-member fees and the fee basis', params, response: { 200: PreExamModuleList } } },
      async (request) => service.findModules(currentUserOf(request), type, request.params.applicationId, 'required'),
    );
    r.get(
      `/api/${type}/:applicationId/nonrequired`,
      { onRequest: staff, schema: { ...doc, summary: "The program's other modules: taken as optional, or not taken", params, response: { 200: PreExamModuleList } } },
      async (request) => service.findModules(currentUserOf(request), type, request.params.applicationId, 'nonrequired'),
    );
    r.post(
      `/api/${type}/:applicationId/preexam/update`,
      { onRequest: staff, schema: { ...doc, summary: 'Save the module selection and a discount code (Assessment Completed, no invoice yet)', params, body: PreExamUpdateRequest, response: { 200: PreExamView } } },
      async (request) => service.update(currentUserOf(request), type, request.params.applicationId, request.body),
    );
    r.post(
      `/api/${type}/:applicationId/preexam/submit`,
      {
        onRequest: staff,
        schema: {
          ...doc,
          summary: 'Issue the tax invoice (the selection sent, or the one saved), move to Examinations Stage / Payment Stage Requested, open the payment link and mail the applicant',
          params,
          body: PreExamUpdateRequest.nullish(),
          response: { 200: PreExamSubmitResponse },
        },
      },
      async (request) => service.submit(currentUserOf(request), type, request.params.applicationId, request.body ?? undefined),
    );
  }

  const doc = { tags: ['Invoices'], security: [{ bearer: [] }] };
  r.get(
    '/api/invoice/byapplication/:applicationId',
    { onRequest: requireSignedIn(), schema: { ...doc, summary: "An application's tax invoices (staff who can see it; the applicant who owns it)", params, response: { 200: InvoiceList } } },
    async (request) => service.findInvoices(currentUserOf(request), request.params.applicationId),
  );
  r.get(
    '/api/invoice/:id',
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'One tax invoice', params: z.strictObject({ id: z.string() }), response: { 200: Invoice } } },
    async (request) => service.findInvoice(currentUserOf(request), request.params.id),
  );
  r.get(
    '/api/invoice/:id/pdf',
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'The tax invoice as a PDF (attachment INV-000001.pdf)', params: z.strictObject({ id: z.string() }), produces: ['application/pdf'] } },
    async (request, reply) => {
      const { fileName, bytes } = await service.renderPdf(currentUserOf(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );
}
