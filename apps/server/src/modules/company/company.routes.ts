import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Company,
  CompanyDetails,
  CompanyListQuery,
  CompanyOption,
  CompanyOptionsQuery,
  CompanyPage,
  CompanyRequest,
  DecideEmployerClaimRequest,
  Employer,
  EmployerClaim,
  EmployerClaimListQuery,
  NewCompanyRequest,
  SetEmployerRequest,
} from '@certs/shared/company/company.contract';
import { currentUserOf, requireAdmin, requireApplicant } from '../../platform/auth/authenticate';
import type { CompanyService } from './company.service';

const IdParams = z.strictObject({ id: z.string() });
const ClaimParams = z.strictObject({ id: z.string(), applicantId: z.string() });

/**
 * `api/company/...` (spec section 7, Admin users; decision 027): staff with the Users menu list,
 * read with its people, create and update, and decide applicants' claims to work for a company
 * (decision 036); an applicant lists active companies, names their employer (a pending claim) and
 * asks for a company not listed.
 */
export function registerCompanyRoutes(api: FastifyInstance, companies: CompanyService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin({ menu: 'Users' });
  const applicant = requireApplicant();
  const doc = { tags: ['companies'], security: [{ bearer: [] }] };

  r.get(
    '/api/company/pagination',
    { onRequest: staff, schema: { ...doc, summary: 'Companies, paged (currentPage, perPageCount, searchBy, searchTerm)', querystring: CompanyListQuery, response: { 200: CompanyPage } } },
    async (request) => companies.findPage(currentUserOf(request), request.query),
  );
  r.get('/api/company/options', { onRequest: applicant, schema: { ...doc, summary: 'Active companies an applicant may name as employer', querystring: CompanyOptionsQuery, response: { 200: z.array(CompanyOption) } } }, async (request) =>
    companies.findOptions(currentUserOf(request), request.query.searchTerm),
  );
  r.get('/api/company/employer', { onRequest: applicant, schema: { ...doc, summary: "The applicant's employer", response: { 200: Employer } } }, async (request) =>
    companies.findEmployer(currentUserOf(request)),
  );
  r.post('/api/company/employer', { onRequest: applicant, schema: { ...doc, summary: 'Name an active company as employer (or none)', body: SetEmployerRequest, response: { 200: Employer } } }, async (request) =>
    companies.setEmployer(currentUserOf(request), request.body.companyId),
  );
  r.post(
    '/api/company/request',
    { onRequest: applicant, schema: { ...doc, summary: 'Ask for an employer not listed: created inactive for staff to approve', body: NewCompanyRequest, response: { 201: Employer } } },
    async (request, reply) => reply.status(201).send(await companies.requestNew(currentUserOf(request), request.body)),
  );
  r.get(
    '/api/company/claims',
    { onRequest: staff, schema: { ...doc, summary: "Applicants' claims to work for a company, in one status (pending by default)", querystring: EmployerClaimListQuery, response: { 200: z.array(EmployerClaim) } } },
    async (request) => companies.findClaims(currentUserOf(request), request.query.status),
  );
  r.post(
    '/api/company/:id/claims/:applicantId',
    { onRequest: staff, schema: { ...doc, summary: "Approve or decline an applicant's claim to work for the company", params: ClaimParams, body: DecideEmployerClaimRequest, response: { 200: EmployerClaim } } },
    async (request) => companies.decideClaim(currentUserOf(request), request.params.id, request.params.applicantId, request.body),
  );
  r.get('/api/company/:id', { onRequest: staff, schema: { ...doc, summary: 'A company with its people', params: IdParams, response: { 200: CompanyDetails } } }, async (request) =>
    companies.findDetails(currentUserOf(request), request.params.id),
  );
  r.post('/api/company', { onRequest: staff, schema: { ...doc, summary: 'Create a company', body: CompanyRequest, response: { 201: Company } } }, async (request, reply) =>
    reply.status(201).send(await companies.create(currentUserOf(request), request.body)),
  );
  r.post('/api/company/update/:id', { onRequest: staff, schema: { ...doc, summary: 'Change a company (approve a request by making it active)', params: IdParams, body: CompanyRequest, response: { 200: Company } } }, async (request) =>
    companies.update(currentUserOf(request), request.params.id, request.body),
  );
}
