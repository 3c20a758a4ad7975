import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DecideEmployerClaimRequest, EmployerClaim, EmployerClaimListQuery } from '@certs/shared/company/company.contract';
import { CompanyUser, EmployerCompany, InviteCompanyUserRequest, UpdateCompanyUserRequest } from '@certs/shared/employer/employer.contract';
import { currentUserOf, requireAdmin, requireEmployer } from '../../platform/auth/authenticate';
import type { EmployerService } from './employer.service';

const UserParams = z.strictObject({ userId: z.string() });
const ApplicantParams = z.strictObject({ applicantId: z.string() });
const CompanyParams = z.strictObject({ id: z.string() });

/**
 * `api/employer/...` (issue 42, decision 037): a company's own users see their company and its
 * claims; its coordinator invites and manages the company's users and decides the claims. Staff
 * with the Users menu list a company's users and invite one (`api/company/{id}/users`).
 */
export function registerEmployerRoutes(api: FastifyInstance, employer: EmployerService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const companyUser = requireEmployer();
  const coordinator = requireEmployer({ coordinator: true });
  const doc = { tags: ['employer'], security: [{ bearer: [] }] };

  r.get('/api/employer/company', { onRequest: companyUser, schema: { ...doc, summary: "The company the signed-in company user acts for, with what waits for them", response: { 200: EmployerCompany } } }, async (request) =>
    employer.company(currentUserOf(request)),
  );
  r.get('/api/employer/users', { onRequest: coordinator, schema: { ...doc, summary: "The company's users", response: { 200: z.array(CompanyUser) } } }, async (request) =>
    employer.users(currentUserOf(request)),
  );
  r.post(
    '/api/employer/users',
    { onRequest: coordinator, schema: { ...doc, summary: 'Invite a user of the company (mails a link to choose a password)', body: InviteCompanyUserRequest, response: { 201: CompanyUser } } },
    async (request, reply) => reply.status(201).send(await employer.invite(currentUserOf(request), request.body)),
  );
  r.post(
    '/api/employer/users/:userId',
    { onRequest: coordinator, schema: { ...doc, summary: "Change another user's role or access, or mail their invitation again", params: UserParams, body: UpdateCompanyUserRequest, response: { 200: CompanyUser } } },
    async (request) => employer.update(currentUserOf(request), request.params.userId, request.body),
  );
  r.get(
    '/api/employer/claims',
    { onRequest: companyUser, schema: { ...doc, summary: "Applicants' claims to work for the company, in one status (pending by default)", querystring: EmployerClaimListQuery, response: { 200: z.array(EmployerClaim) } } },
    async (request) => employer.claims(currentUserOf(request), request.query.status),
  );
  r.post(
    '/api/employer/claims/:applicantId',
    { onRequest: coordinator, schema: { ...doc, summary: "Approve or decline an applicant's claim to work for the company", params: ApplicantParams, body: DecideEmployerClaimRequest, response: { 200: EmployerClaim } } },
    async (request) => employer.decideClaim(currentUserOf(request), request.params.applicantId, request.body),
  );

  const staff = requireAdmin({ menu: 'Users' });
  r.get('/api/company/:id/users', { onRequest: staff, schema: { ...doc, summary: "A company's own users", params: CompanyParams, response: { 200: z.array(CompanyUser) } } }, async (request) =>
    employer.usersForStaff(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/company/:id/users',
    { onRequest: staff, schema: { ...doc, summary: "Invite a user of a company (its first coordinator, usually)", params: CompanyParams, body: InviteCompanyUserRequest, response: { 201: CompanyUser } } },
    async (request, reply) => reply.status(201).send(await employer.inviteForStaff(currentUserOf(request), request.params.id, request.body)),
  );
}
