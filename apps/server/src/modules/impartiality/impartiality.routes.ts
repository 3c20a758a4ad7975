import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgreementRegister,
  AgreementRegisterQuery,
  AgreementText,
  AgreementTextRequest,
  ApplicantTargetList,
  CompanyTargetList,
  CompanyTargetQuery,
  ConflictListQuery,
  ConflictTargetQuery,
  DeclareConflictRequest,
  ImpartialityEventPage,
  ImpartialityEventQuery,
  ImpartialityScope,
  MyAgreements,
  SignAgreementRequest,
  SignedAgreement,
  StaffConflict,
  StaffConflictList,
  StaffConflictPage,
} from '@certs/shared/impartiality/impartiality.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import { IMPARTIALITY_ADMIN_ROLES } from './impartiality.policy';
import type { ImpartialityService } from './impartiality.service';

const IdParams = z.strictObject({ id: z.string() });

/**
 * `api/conflicts` (issue 43): each member of staff declares and ends their own conflicts and signs
 * the year's agreement; the registers (declarations, refusals and overrides) need the Impartiality
 * menu and then an administrator role or a program to manage (impartiality.policy.ts); the
 * agreement's text and its register are for account administrators.
 */
export function registerImpartialityRoutes(api: FastifyInstance, service: ImpartialityService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin();
  const registers = requireAdmin({ menu: 'Impartiality' });
  const administrators = requireAdmin({ roles: IMPARTIALITY_ADMIN_ROLES, menu: 'Impartiality' });
  const doc = { tags: ['impartiality'], security: [{ bearer: [] }] };

  // Declarations.
  r.get('/api/conflicts/mine', { onRequest: staff, schema: { ...doc, summary: 'My declared conflicts, ended ones too', response: { 200: StaffConflictList } } }, async (request) =>
    service.myConflicts(currentUserOf(request)),
  );
  r.post(
    '/api/conflicts',
    { onRequest: staff, schema: { ...doc, summary: 'Declare a conflict against an applicant or a company', body: DeclareConflictRequest, response: { 201: StaffConflict } } },
    async (request, reply) => reply.status(201).send(await service.declare(currentUserOf(request), request.body)),
  );
  r.post(
    '/api/conflicts/:id/end',
    { onRequest: staff, schema: { ...doc, summary: 'End my declaration (it stays on record)', params: IdParams, response: { 200: StaffConflict } } },
    async (request) => service.end(currentUserOf(request), request.params.id),
  );
  r.get(
    '/api/conflicts/applicants',
    { onRequest: staff, schema: { ...doc, summary: "The account's applicants by name or email, to declare a conflict against", querystring: ConflictTargetQuery, response: { 200: ApplicantTargetList } } },
    async (request) => service.searchApplicants(currentUserOf(request), request.query.searchTerm),
  );
  r.get(
    '/api/conflicts/companies',
    { onRequest: staff, schema: { ...doc, summary: 'Active companies by name, to declare a conflict against', querystring: CompanyTargetQuery, response: { 200: CompanyTargetList } } },
    async (request) => service.searchCompanies(currentUserOf(request), request.query.searchTerm),
  );
  r.get(
    '/api/conflicts',
    { onRequest: registers, schema: { ...doc, summary: "The account's declarations, paged and filtered", querystring: ConflictListQuery, response: { 200: StaffConflictPage } } },
    async (request) => service.findConflicts(currentUserOf(request), request.query),
  );
  r.get(
    '/api/conflicts/scope',
    { onRequest: registers, schema: { ...doc, summary: "What the caller's registers cover: programs and staff for the filters", response: { 200: ImpartialityScope } } },
    async (request) => service.scope(currentUserOf(request)),
  );

  // Refusals and overrides of the impartiality check.
  r.get(
    '/api/conflicts/events',
    { onRequest: registers, schema: { ...doc, summary: 'Refused assignments and overrides, paged and filtered', querystring: ImpartialityEventQuery, response: { 200: ImpartialityEventPage } } },
    async (request) => service.findEvents(currentUserOf(request), request.query),
  );

  // The yearly impartiality and confidentiality agreement.
  r.get('/api/conflicts/agreements/mine', { onRequest: staff, schema: { ...doc, summary: "This year's agreement and the ones I signed", response: { 200: MyAgreements } } }, async (request) =>
    service.myAgreements(currentUserOf(request)),
  );
  r.post(
    '/api/conflicts/agreements/sign',
    { onRequest: staff, schema: { ...doc, summary: "Sign this year's agreement", body: SignAgreementRequest, response: { 201: MyAgreements } } },
    async (request, reply) => reply.status(201).send(await service.sign(currentUserOf(request), request.body)),
  );
  r.get('/api/conflicts/agreements/text', { onRequest: staff, schema: { ...doc, summary: "The body's agreement text", response: { 200: AgreementText } } }, async (request) =>
    service.agreementText(currentUserOf(request)),
  );
  r.put(
    '/api/conflicts/agreements/text',
    { onRequest: administrators, schema: { ...doc, summary: "Change the body's agreement text (signatures keep the text they signed)", body: AgreementTextRequest, response: { 200: AgreementText } } },
    async (request) => service.saveAgreementText(currentUserOf(request), request.body),
  );
  r.get(
    '/api/conflicts/agreements',
    { onRequest: administrators, schema: { ...doc, summary: "Who has and has not signed a year's agreement", querystring: AgreementRegisterQuery, response: { 200: AgreementRegister } } },
    async (request) => service.agreementRegister(currentUserOf(request), request.query),
  );
  r.get(
    '/api/conflicts/agreements/:id',
    { onRequest: staff, schema: { ...doc, summary: 'A signed agreement with the text as signed (its signer, or an administrator)', params: IdParams, response: { 200: SignedAgreement } } },
    async (request) => service.findAgreement(currentUserOf(request), request.params.id),
  );
}
