import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CompanyInvoice, EMPLOYER_BILLING_PATHS, InvoiceIdParams, NominateRequest, Nomination, NominationProgram } from '@certs/shared/employer/employer-billing.contract';
import { PaymentRequestResponse } from '@certs/shared/payment/payment.contract';
import { currentUserOf, requireEmployer } from '../../platform/auth/authenticate';
import type { EmployerBillingService } from './employer-billing.service';

/**
 * `api/employer/nominations` and `api/employer/invoices` (issue 42): a company's users see the
 * applications the company pays for and the invoices issued to it; its coordinator nominates one of
 * the company's people and pays online. A viewer lists, and neither nominates nor pays. (The people
 * to choose from, `api/employer/nominations/people`, are the employer-people module's.)
 */
export function registerEmployerBillingRoutes(api: FastifyInstance, billing: EmployerBillingService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const companyUser = requireEmployer();
  const coordinator = requireEmployer({ coordinator: true });
  const doc = { tags: ['employer'], security: [{ bearer: [] }] };

  r.get(
    EMPLOYER_BILLING_PATHS.nominations,
    { onRequest: companyUser, schema: { ...doc, summary: 'The applications the company pays for: person, program, status and invoice', response: { 200: z.array(Nomination) } } },
    async (request) => billing.nominations(currentUserOf(request)),
  );
  r.post(
    EMPLOYER_BILLING_PATHS.nominations,
    {
      onRequest: coordinator,
      schema: { ...doc, summary: "Nominate one of the company's people for a published program: their draft application, paid for by the company", body: NominateRequest, response: { 201: Nomination } },
    },
    async (request, reply) => reply.status(201).send(await billing.nominate(currentUserOf(request), request.body)),
  );
  r.get(
    EMPLOYER_BILLING_PATHS.nominationPrograms,
    { onRequest: coordinator, schema: { ...doc, summary: "Every awarding body's published programs, for a nomination", response: { 200: z.array(NominationProgram) } } },
    async () => billing.programs(),
  );
  r.get(
    EMPLOYER_BILLING_PATHS.invoices,
    { onRequest: companyUser, schema: { ...doc, summary: 'The tax invoices issued to the company: number, person, program, amount, GST, Paid or Unpaid, due', response: { 200: z.array(CompanyInvoice) } } },
    async (request) => billing.invoices(currentUserOf(request)),
  );
  r.get(
    '/api/employer/invoices/:id/pdf',
    { onRequest: companyUser, schema: { ...doc, summary: 'A tax invoice issued to the company, as a PDF', params: InvoiceIdParams, produces: ['application/pdf'] } },
    async (request, reply) => {
      const { fileName, bytes } = await billing.invoicePdf(currentUserOf(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );
  r.post(
    '/api/employer/invoices/:id/pay',
    { onRequest: coordinator, schema: { ...doc, summary: 'Pay an invoice online: a checkout on the payment gateway (back on the Invoices page)', params: InvoiceIdParams, response: { 200: PaymentRequestResponse } } },
    async (request) => billing.pay(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/employer/invoices/:id/check',
    { onRequest: companyUser, schema: { ...doc, summary: "Back from the gateway: the invoice's payment asked again and settled; the invoice as it now stands", params: InvoiceIdParams, response: { 200: CompanyInvoice } } },
    async (request) => billing.check(currentUserOf(request), request.params.id),
  );
}
