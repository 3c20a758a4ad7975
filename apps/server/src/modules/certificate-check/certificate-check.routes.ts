import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CERTIFICATE_CHECK_PATHS, CertificateCheck, CertificateCheckRequest, CertificateCheckSummary } from '@certs/shared/certificate-check/certificate-check.contract';
import { currentUserOf, requireEmployer } from '../../platform/auth/authenticate';
import type { CertificateCheckService } from './certificate-check.service';

const IdParams = z.strictObject({ id: z.string() });

/**
 * `api/employer/certificate-checks` (issue 42, decision 038): a company's users (the coordinator
 * and viewers alike) check up to 500 certificate numbers at once, list the company's past checks,
 * and read or download one as CSV. Each certificate found is logged against its holder.
 */
export function registerCertificateCheckRoutes(api: FastifyInstance, checks: CertificateCheckService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const companyUser = requireEmployer();
  const doc = { tags: ['employer'], security: [{ bearer: [] }] };

  r.post(
    CERTIFICATE_CHECK_PATHS.checks,
    {
      onRequest: companyUser,
      schema: {
        ...doc,
        summary: 'Check up to 500 certificate numbers: each as the verification page answers it (holder, program, awarding body, status, expiry) or not found; logged for each holder found',
        body: CertificateCheckRequest,
        response: { 201: CertificateCheck },
      },
    },
    async (request, reply) => reply.status(201).send(await checks.check(currentUserOf(request), request.body.numbers)),
  );
  r.get(
    CERTIFICATE_CHECK_PATHS.checks,
    { onRequest: companyUser, schema: { ...doc, summary: "The company's last 50 checks, newest first, with how many numbers each had and found", response: { 200: z.array(CertificateCheckSummary) } } },
    async (request) => checks.list(currentUserOf(request)),
  );
  r.get(
    `${CERTIFICATE_CHECK_PATHS.checks}/:id.csv`,
    { onRequest: companyUser, schema: { ...doc, summary: "One of the company's checks as a CSV file", params: IdParams, produces: ['text/csv'] } },
    async (request, reply) => {
      const file = await checks.csv(currentUserOf(request), request.params.id);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'private, no-store').send(file.csv);
    },
  );
  r.get(
    `${CERTIFICATE_CHECK_PATHS.checks}/:id`,
    { onRequest: companyUser, schema: { ...doc, summary: "One of the company's checks, as it answered then", params: IdParams, response: { 200: CertificateCheck } } },
    async (request) => checks.findOne(currentUserOf(request), request.params.id),
  );
}
