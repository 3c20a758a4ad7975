import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  Appeal,
  AppealDecisionRequest,
  AppealNoteRequest,
  AppealOptions,
  AppealOptionsQuery,
  AppealPage,
  AppealRegisterQuery,
  AppealStatusRequest,
  AssignHandlerRequest,
  HandlerCandidates,
  LodgeAppealRequest,
  MyAppealsQuery,
} from '@certs/shared/appeal/appeal.contract';
import { currentUserOf, requireAdmin, requireApplicant, requireSignedIn } from '../../platform/auth/authenticate';
import type { AppealService } from './appeal.service';

const doc = { security: [{ bearer: [] }] };
const tags = ['Appeals'];
const params = z.strictObject({ id: z.string() });
const referenceParams = z.strictObject({ reference: z.string() });

/**
 * Appeals (issue 43): the person lodges, lists and reads their own (another's: 404); staff with the
 * Appeals menu read the register and the program's appeals (outside the program: 403), assign a
 * handler, record the investigation and decide.
 */
export function registerAppealRoutes(api: FastifyInstance, appeals: AppealService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/appeals/mine',
    { onRequest: requireApplicant(), schema: { ...doc, tags, summary: "The person's own appeals (optionally of one application), newest first", querystring: MyAppealsQuery, response: { 200: AppealPage } } },
    async (request) => appeals.mine(currentUserOf(request), request.query),
  );
  r.get(
    '/api/appeals/options',
    { onRequest: requireApplicant(), schema: { ...doc, tags, summary: "The decisions of the person's application they may appeal, with each window and why not", querystring: AppealOptionsQuery, response: { 200: AppealOptions } } },
    async (request) => appeals.options(currentUserOf(request), request.query.applicationId),
  );
  r.post(
    '/api/appeals',
    { onRequest: requireApplicant(), schema: { ...doc, tags, summary: 'The person appeals a decision of their application with grounds and files, within the program window', body: LodgeAppealRequest, response: { 200: Appeal } } },
    async (request) => appeals.lodge(currentUserOf(request), request.body),
  );
  r.get(
    '/api/appeals',
    {
      onRequest: requireAdmin({ menu: 'Appeals' }),
      schema: { ...doc, tags, summary: 'The register: the appeals the caller may read, with filters, ages and overdue ones', querystring: AppealRegisterQuery, response: { 200: AppealPage } },
    },
    async (request) => appeals.register(currentUserOf(request), request.query),
  );
  r.get(
    '/api/appeals/reference/:reference',
    { onRequest: requireSignedIn(), schema: { ...doc, tags, summary: 'One appeal by its reference (its person; staff who may read it)', params: referenceParams, response: { 200: Appeal } } },
    async (request) => appeals.findByReference(currentUserOf(request), request.params.reference),
  );
  r.get(
    '/api/appeals/:id',
    { onRequest: requireSignedIn(), schema: { ...doc, tags, summary: 'One appeal (its person; staff who may read it)', params, response: { 200: Appeal } } },
    async (request) => appeals.findOne(currentUserOf(request), request.params.id),
  );
  r.get(
    '/api/appeals/:id/handlers',
    { onRequest: requireAdmin({ menu: 'Appeals' }), schema: { ...doc, tags, summary: "The account's staff an appeal may be given to, with any part they took in the application", params, response: { 200: HandlerCandidates } } },
    async (request) => appeals.handlers(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/appeals/:id/handler',
    {
      onRequest: requireAdmin({ menu: 'Appeals' }),
      schema: { ...doc, tags, summary: "Give the appeal to a handler not involved in the application (the program's managers), or take it oneself", params, body: AssignHandlerRequest, response: { 200: Appeal } },
    },
    async (request) => appeals.assignHandler(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/appeals/:id/notes',
    { onRequest: requireAdmin({ menu: 'Appeals' }), schema: { ...doc, tags, summary: 'A note of the investigation, optionally shared with the person (the handler; the program managers)', params, body: AppealNoteRequest, response: { 200: Appeal } } },
    async (request) => appeals.addNote(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/appeals/:id/status',
    { onRequest: requireAdmin({ menu: 'Appeals' }), schema: { ...doc, tags, summary: 'Move the appeal under investigation, or record its withdrawal', params, body: AppealStatusRequest, response: { 200: Appeal } } },
    async (request) => appeals.moveStatus(currentUserOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/appeals/:id/decide',
    {
      onRequest: requireAdmin({ menu: 'Appeals' }),
      schema: { ...doc, tags, summary: 'Uphold, partly uphold or dismiss with reasons (the handler or the program managers, never someone involved); upheld changes what was appealed', params, body: AppealDecisionRequest, response: { 200: Appeal } },
    },
    async (request) => appeals.decide(currentUserOf(request), request.params.id, request.body),
  );
}
