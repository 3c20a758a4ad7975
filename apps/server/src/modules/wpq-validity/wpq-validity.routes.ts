import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConfirmationDone,
  ConfirmationLinkSent,
  ConfirmationLinkView,
  ExaminerConfirmationRequest,
  ExtensionLogDetailsRequest,
  ExtensionLogEntry,
  LinkConfirmationRequest,
  RevalidationCancelRequest,
  RevalidationDecisionRequest,
  RevalidationSubmitRequest,
  WpqRenewalPage,
  WpqRenewalSearchRequest,
  WpqRevalidation,
  WpqValidity,
} from '@certs/shared/wpq/wpq-validity.contract';
import { noStore } from '../../platform/no-store';
import { currentUserOf, requireAdmin, requireSignedIn } from '../../platform/auth/authenticate';
import type { WpqValidityService } from './wpq-validity.service';

const IdParams = z.strictObject({ id: z.string() });
const TokenParams = z.strictObject({ token: z.string().max(200) });

/**
 * Keeping a welder qualification valid (issue 18, decision 026): the validity now, the examiner's
 * confirmation and the employer's link sent now, revalidation submit, decision and cancellation, the staff
 * search of welders due and the extension log.
 */
export function registerWpqValidityRoutes(api: FastifyInstance, service: WpqValidityService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin({ menu: 'Programs' });
  const signedIn = requireSignedIn();
  const doc = { tags: ['welder qualification validity'], security: [{ bearer: [] }] };

  r.get('/api/wpq/:id/validity', { onRequest: signedIn, schema: { ...doc, summary: 'Validity now: valid until, next confirmation due, option, confirmations and revalidations', params: IdParams, response: { 200: WpqValidity } } }, async (request) =>
    service.validity(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/wpq/:id/confirmation',
    { onRequest: staff, schema: { ...doc, summary: 'The examiner confirms the open 6-monthly confirmation', params: IdParams, body: ExaminerConfirmationRequest, response: { 201: ConfirmationDone } } },
    async (request, reply) => reply.status(201).send(await service.confirmByExaminer(currentUserOf(request), request.params.id, request.body)),
  );
  r.post(
    '/api/wpq/:id/confirmation/link',
    { onRequest: staff, schema: { ...doc, summary: "Mail the employer's welding coordinator a link for the open confirmation now", params: IdParams, response: { 200: ConfirmationLinkSent } } },
    async (request) => service.sendLinkNow(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/wpq/:id/revalidation/submit',
    { onRequest: signedIn, schema: { ...doc, summary: 'Revalidation submit (9.3 b): two production welds of the last 6 months of validity with their test reports', params: IdParams, body: RevalidationSubmitRequest, response: { 201: WpqRevalidation } } },
    async (request, reply) => reply.status(201).send(await service.submitRevalidation(currentUserOf(request), request.params.id, request.body)),
  );
  r.post(
    '/api/wpq/:id/revalidation/:revalidationId/decide',
    {
      onRequest: staff,
      schema: { ...doc, summary: 'Approve (revalidation fee invoice) or refuse a revalidation', params: z.strictObject({ id: z.string(), revalidationId: z.string() }), body: RevalidationDecisionRequest, response: { 200: WpqRevalidation } },
    },
    async (request) => service.decideRevalidation(currentUserOf(request), request.params.id, request.params.revalidationId, request.body),
  );
  r.post(
    '/api/wpq/:id/revalidation/:revalidationId/cancel',
    {
      onRequest: staff,
      schema: { ...doc, summary: "Cancel an open revalidation request with a reason: the fee's invoice is void, the application Awarded again", params: z.strictObject({ id: z.string(), revalidationId: z.string() }), body: RevalidationCancelRequest, response: { 200: WpqRevalidation } },
    },
    async (request) => service.cancelRevalidation(currentUserOf(request), request.params.id, request.params.revalidationId, request.body),
  );
  r.get('/api/wpq/:id/extensionlogs', { onRequest: staff, schema: { ...doc, summary: 'The log of extension requests and decisions', params: IdParams, response: { 200: z.array(ExtensionLogEntry) } } }, async (request) =>
    service.extensionLogs(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/wpqextensionlogs/update/requestdetails',
    { onRequest: staff, schema: { ...doc, summary: "Add details to an extension request's log", body: ExtensionLogDetailsRequest, response: { 200: z.array(ExtensionLogEntry) } } },
    async (request) => service.addRequestDetails(currentUserOf(request), request.body),
  );
  r.post(
    '/api/applicant/search/wpqrenewal',
    { onRequest: staff, schema: { ...doc, summary: 'Welders whose confirmation, revalidation or new test falls due within the days given', body: WpqRenewalSearchRequest, response: { 200: WpqRenewalPage } } },
    async (request) => service.searchDue(currentUserOf(request), request.body),
  );
}

/** The employer's link, outside `api/`: no account, the token is the authority (single use, expiring). */
export function registerWpqConfirmationPublicRoutes(app: FastifyInstance, service: WpqValidityService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const doc = { tags: ['welder qualification validity'] };
  r.get('/unauth/wpqconfirmation/:token', { onSend: noStore, schema: { ...doc, summary: "What the employer's confirmation link is for", params: TokenParams, response: { 200: ConfirmationLinkView } } }, async (request) =>
    service.linkView(request.params.token),
  );
  r.post(
    '/unauth/wpqconfirmation/:token',
    { onSend: noStore, schema: { ...doc, summary: 'The welding coordinator confirms the welder kept welding within the range (once)', params: TokenParams, body: LinkConfirmationRequest, response: { 201: ConfirmationDone } } },
    async (request, reply) => reply.status(201).send(await service.confirmByLink(request.params.token, request.body)),
  );
}
