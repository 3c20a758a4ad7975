import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Applicant,
  ApplicantListQuery,
  ApplicantPage,
  ConfirmMembershipRequest,
  Education,
  EducationRequest,
  Experience,
  ExperienceRequest,
  ProfessionalActivity,
  ProfessionalActivityRequest,
  ProfessionalDevelopment,
  ProfessionalDevelopmentRequest,
  SaveApplicantRequest,
} from '@certs/shared/applicant/applicant.contract';
import { routeOf } from '../../platform/audit/personal-data-access';
import { currentUserOf, requireAdmin, requireApplicant, requireSignedIn } from '../../platform/auth/authenticate';
import { genericRouteSchema } from '../../platform/route-schema';
import type { ApplicantService, ProfileListService } from './applicant.service';

const IdParams = z.strictObject({ id: z.string() });

/** One profile list's routes (spec section 7, Profile): byapplicant list, create, update, remove. */
function registerProfileListRoutes(api: FastifyInstance, base: string, tag: string, body: z.ZodType, item: z.ZodType, service: ProfileListService<never, unknown, unknown>): void {
  const doc = { tags: [tag], security: [{ bearer: [] }] };
  const applicantOnly = requireApplicant();
  api.get(
    `/api/${base}/byapplicant/:id`,
    { onRequest: requireSignedIn(), schema: genericRouteSchema({ ...doc, summary: `An applicant's ${tag} (their own; staff of a program they applied to, administrators any)`, params: IdParams, response: { 200: z.array(item) } }) },
    async (request) => service.listOf(currentUserOf(request), (request.params as { id: string }).id, routeOf(request)),
  );
  api.post(
    `/api/${base}`,
    { onRequest: applicantOnly, schema: genericRouteSchema({ ...doc, summary: `Add to the applicant's ${tag}`, body, response: { 201: item } }) },
    async (request, reply) => reply.status(201).send(await service.create(currentUserOf(request), request.body)),
  );
  api.post(
    `/api/${base}/update/:id`,
    { onRequest: applicantOnly, schema: genericRouteSchema({ ...doc, summary: `Edit an entry of the applicant's ${tag}`, params: IdParams, body, response: { 200: item } }) },
    async (request) => service.update(currentUserOf(request), (request.params as { id: string }).id, request.body),
  );
  api.get(
    `/api/${base}/remove/:id`,
    { onRequest: applicantOnly, schema: genericRouteSchema({ ...doc, summary: `Remove an entry of the applicant's ${tag}`, params: IdParams, response: { 204: z.null() } }) },
    async (request, reply) => {
      await service.remove(currentUserOf(request), (request.params as { id: string }).id);
      return reply.status(204).send(null);
    },
  );
}

export interface ProfileListServices {
  education: ProfileListService<never, unknown, unknown>;
  experience: ProfileListService<never, unknown, unknown>;
  activities: ProfileListService<never, unknown, unknown>;
  development: ProfileListService<never, unknown, unknown>;
}

/** The applicant's profile and, for staff, the applicants list and membership confirmation. */
export function registerApplicantRoutes(api: FastifyInstance, applicants: ApplicantService, lists: ProfileListServices): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const doc = { tags: ['applicant profile'], security: [{ bearer: [] }] };
  const staff = requireAdmin();

  r.get(
    '/api/applicant/pagination/all',
    { onRequest: staff, schema: { ...doc, summary: 'Applicants, paged and searched (Users menu)', querystring: ApplicantListQuery, response: { 200: ApplicantPage } } },
    async (request) => applicants.findApplicants(currentUserOf(request), request.query),
  );
  r.get(
    '/api/applicant/profiledetails/:id',
    { onRequest: staff, schema: { ...doc, summary: "An applicant's profile, for staff of a program they applied to (administrators: any)", params: IdParams, response: { 200: Applicant } } },
    async (request) => applicants.findApplicant(currentUserOf(request), request.params.id, routeOf(request)),
  );
  r.post(
    '/api/applicant/:id/membership',
    { onRequest: staff, schema: { ...doc, summary: "Confirm or withdraw an applicant's membership", params: IdParams, body: ConfirmMembershipRequest, response: { 200: Applicant } } },
    async (request) => applicants.confirmMembership(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/applicant/save',
    { onRequest: requireApplicant(), schema: { ...doc, summary: "Save the signed-in applicant's own profile", body: SaveApplicantRequest, response: { 200: Applicant } } },
    async (request) => applicants.saveOwn(currentUserOf(request), request.body),
  );
  r.get(
    '/api/applicant/:id',
    { onRequest: requireSignedIn(), schema: { ...doc, summary: "An applicant's profile (their own)", params: IdParams, response: { 200: Applicant } } },
    async (request) => applicants.findApplicant(currentUserOf(request), request.params.id, routeOf(request)),
  );

  registerProfileListRoutes(api, 'applicantqualification', 'education', EducationRequest, Education, lists.education);
  registerProfileListRoutes(api, 'applicantexperience', 'experience', ExperienceRequest, Experience, lists.experience);
  registerProfileListRoutes(api, 'applicantprofessionalactivities', 'professional activities', ProfessionalActivityRequest, ProfessionalActivity, lists.activities);
  registerProfileListRoutes(api, 'applicantprofessionaldevelopment', 'professional development', ProfessionalDevelopmentRequest, ProfessionalDevelopment, lists.development);
}
