import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPANY_ACCESS_PATHS, CompanyAccess, EndEmployerLinkRequest, FormerPerson } from '@certs/shared/company-access/company-access.contract';
import { currentUserOf, requireApplicant, requireEmployer } from '../../platform/auth/authenticate';
import type { CompanyAccessService } from './company-access.service';

/**
 * What companies see of a person (issue 42, decision 038): the applicant's view of their employer
 * link and of companies' checks of their certificates, and the end of the link
 * (`api/company/employer/...`, beside the applicant's employer); the company's former people
 * (`api/employer/former-people`, its coordinator and viewers).
 */
export function registerCompanyAccessRoutes(api: FastifyInstance, access: CompanyAccessService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const applicant = requireApplicant();
  r.get(
    COMPANY_ACCESS_PATHS.access,
    {
      onRequest: applicant,
      schema: { tags: ['companies'], security: [{ bearer: [] }], summary: 'Which company sees your records (your employer, since when), the links you ended, and which companies checked your certificates', response: { 200: CompanyAccess } },
    },
    async (request) => access.access(currentUserOf(request)),
  );
  r.post(
    COMPANY_ACCESS_PATHS.end,
    {
      onRequest: applicant,
      schema: { tags: ['companies'], security: [{ bearer: [] }], summary: 'End your approved link to your employer: the company no longer sees your records (409 without one)', body: EndEmployerLinkRequest, response: { 200: CompanyAccess } },
    },
    async (request) => access.endLink(currentUserOf(request)),
  );
  r.get(
    COMPANY_ACCESS_PATHS.formerPeople,
    { onRequest: requireEmployer(), schema: { tags: ['employer'], security: [{ bearer: [] }], summary: 'People whose link to the company ended, with the dates, latest first', response: { 200: z.array(FormerPerson) } } },
    async (request) => access.formerPeople(currentUserOf(request)),
  );
}
