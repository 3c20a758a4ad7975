import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApplicantHistory, Application, ApplicationListQuery, ApplicationPage, CurrentApplicationResponse, SaveApplicationRequest } from '@certs/shared/application/application.contract';
import { APPLICATION_TYPE_PATHS, APPLICATION_TYPES } from '@certs/shared/application/application-status';
import { currentUserOf, requireApplicant, requireSignedIn } from '../../platform/auth/authenticate';
import type { ApplicationWorkflowService } from './application-workflow.service';
import type { ApplicationService } from './application.service';

/**
 * The four application types share one route shape under their own path word (spec section 7).
 * `GET {type}/{id}` serves both sides: the applicant their own (another's is 404), staff through
 * the workflow's program-scoped policy (decision 006: 403 without a standing in the program).
 */
export function registerApplicationRoutes(api: FastifyInstance, service: ApplicationService, workflow: ApplicationWorkflowService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const applicantOnly = requireApplicant();
  for (const typePath of APPLICATION_TYPE_PATHS) {
    const doc = { tags: [`${APPLICATION_TYPES[typePath].label} applications`], security: [{ bearer: [] }] };
    r.get(
      `/api/${typePath}/currentapplication/:programId/:applicantId`,
      {
        onRequest: applicantOnly,
        schema: { ...doc, summary: "The applicant's current application to a program, if any", params: z.strictObject({ programId: z.string(), applicantId: z.string() }), response: { 200: CurrentApplicationResponse } },
      },
      async (request) => service.findCurrent(currentUserOf(request), typePath, request.params.programId, request.params.applicantId),
    );
    r.post(
      `/api/${typePath}/save`,
      { onRequest: applicantOnly, schema: { ...doc, summary: 'Save a draft (Application Started)', body: SaveApplicationRequest, response: { 200: Application } } },
      async (request) => service.saveDraft(currentUserOf(request), typePath, request.body),
    );
    r.post(
      `/api/${typePath}/:id/submit`,
      { onRequest: applicantOnly, schema: { ...doc, summary: 'Submit the draft (Application Submitted)', params: z.strictObject({ id: z.string() }), response: { 200: Application } } },
      async (request) => service.submit(currentUserOf(request), typePath, request.params.id),
    );
    r.get(
      `/api/${typePath}/:id/history`,
      { onRequest: applicantOnly, schema: { ...doc, summary: "The applicant's own application's moves: when, from and to which status and stage (no staff notes)", params: z.strictObject({ id: z.string() }), response: { 200: ApplicantHistory } } },
      async (request) => service.findHistory(currentUserOf(request), typePath, request.params.id),
    );
    r.get(
      `/api/${typePath}/:id`,
      {
        onRequest: requireSignedIn(),
        schema: { ...doc, summary: 'An application (its applicant; staff who administer or serve on its program, once submitted)', params: z.strictObject({ id: z.string() }), response: { 200: Application } },
      },
      async (request) => {
        const actor = currentUserOf(request);
        return actor.userType === 'admin' ? workflow.findApplication(actor, typePath, request.params.id) : service.findOne(actor, typePath, request.params.id);
      },
    );
  }
  const doc = { tags: ['applications'], security: [{ bearer: [] }] };
  r.get(
    '/api/applicant/applications',
    { onRequest: applicantOnly, schema: { ...doc, summary: "The signed-in applicant's applications", querystring: ApplicationListQuery, response: { 200: ApplicationPage } } },
    async (request) => service.findMine(currentUserOf(request), request.query.page, request.query.pageSize),
  );
}
