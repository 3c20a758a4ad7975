import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Payment } from '@certs/shared/payment/payment.contract';
import {
  AicipAwaitingPaymentQuery,
  AicipPaymentApplication,
  AicipPaymentApplicationPage,
  AicipPaymentRequest,
  ChangeTemporaryPasswordRequest,
  FindUserQuery,
  FoundUserPage,
  ReasonRequest,
  SetActiveRequest,
  SupportActionResponse,
  SupportLogPage,
  SupportLogQuery,
  TemporaryPasswordResponse,
} from '@certs/shared/support/support.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import { noStore } from '../../platform/no-store';
import { SUPPORT_ROLES } from './support.policy';
import type { SupportService } from './support.service';

const UserParams = z.strictObject({ userId: z.string() });
const ApplicationParams = z.strictObject({ applicationId: z.string() });
const doc = { tags: ['support'], security: [{ bearer: [] }] };

/** Admin-only support actions under `api/108/` (spec sections 6 and 7): super users and account administrators. */
export function registerSupportRoutes(api: FastifyInstance, support: SupportService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const admins = requireAdmin({ roles: SUPPORT_ROLES });

  r.get(
    '/api/108/finduser',
    { onRequest: admins, schema: { ...doc, summary: 'Find a user across staff and applicants by email, name or number (member or application number)', querystring: FindUserQuery, response: { 200: FoundUserPage } } },
    async (request) => support.findUsers(currentUserOf(request), request.query),
  );
  r.post(
    '/api/108/user/:userId/active',
    { onRequest: admins, schema: { ...doc, summary: 'Mark an applicant or admin active or inactive; every session of theirs ends at once; logged', params: UserParams, body: SetActiveRequest, response: { 200: SupportActionResponse } } },
    async (request) => support.setActive(currentUserOf(request), request.params.userId, request.body),
  );
  r.post(
    '/api/108/user/:userId/temporarypassword',
    { onRequest: admins, schema: { ...doc, summary: 'Set a temporary password (shown once) that must be changed at the next sign-in; logged', params: UserParams, body: ReasonRequest, response: { 200: TemporaryPasswordResponse } } },
    async (request) => support.setTemporaryPassword(currentUserOf(request), request.params.userId, request.body.reason),
  );
  r.post(
    '/api/108/user/:userId/activationlink',
    { onRequest: admins, schema: { ...doc, summary: 'Mail a new activation link to an applicant who never activated; logged', params: UserParams, body: ReasonRequest, response: { 200: SupportActionResponse } } },
    async (request) => support.resendActivation(currentUserOf(request), request.params.userId, request.body.reason, request.ip),
  );
  r.get(
    '/api/108/aicipapplications',
    { onRequest: admins, schema: { ...doc, summary: 'AICIP applications waiting for a payment (payment requested, invoice issued), by application or invoice number, name, email or member number', querystring: AicipAwaitingPaymentQuery, response: { 200: AicipPaymentApplicationPage } } },
    async (request) => support.findAicipAwaitingPayment(currentUserOf(request), request.query),
  );
  r.get(
    '/api/108/aicipapplication/:applicationId',
    { onRequest: admins, schema: { ...doc, summary: 'One AICIP application with its latest invoice and stage, paid or not', params: ApplicationParams, response: { 200: AicipPaymentApplication } } },
    async (request) => support.findAicipApplication(currentUserOf(request), request.params.applicationId),
  );
  r.post(
    '/api/108/aicippayment',
    { onRequest: admins, schema: { ...doc, summary: "Record an AICIP application's payment with a reference, by the payments module's rules; logged", body: AicipPaymentRequest, response: { 200: Payment } } },
    async (request) => support.recordAicipPayment(currentUserOf(request), request.body),
  );
  r.get(
    '/api/108/log',
    { onRequest: admins, schema: { ...doc, summary: 'The support log: who did what to whom, when and why', querystring: SupportLogQuery, response: { 200: SupportLogPage } } },
    async (request) => support.findLog(currentUserOf(request), request.query),
  );
}

/** The sign-in's forced change after a temporary password: outside `api/`, the change token is the proof. */
export function registerTemporaryPasswordRoute(app: FastifyInstance, support: SupportService): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/unauth/temporarypassword/change',
    { onSend: noStore, schema: { tags: ['auth'], summary: 'Choose a new password in place of a temporary one (the change token from the sign-in)', body: ChangeTemporaryPasswordRequest, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => support.changeTemporaryPassword(request.body),
  );
}
