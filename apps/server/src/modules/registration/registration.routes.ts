import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AcceptedResponse,
  ActivationResponse,
  ForgotPasswordRequest,
  RegisterApplicantRequest,
  RegistrationStatusResponse,
  ResendActivationRequest,
  ResetPasswordRequest,
  ResetTokenResponse,
  ResetTokenUserResponse,
} from '@certs/shared/auth/registration.contract';
import type { RegistrationService } from './registration.service';

const doc = { tags: ['registration'] };
const TokenParams = z.strictObject({ token: z.string().min(1).max(200) });

/**
 * Registration, activation and password reset (spec section 7, unauthenticated). The three routes
 * that mail (register, resend activation, forgot password) are limited per target email and per
 * client address (`mail-request-limit.ts`) and answer 429 over either limit.
 */
export function registerRegistrationRoutes(app: FastifyInstance, service: RegistrationService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/unauth/applicantregistration',
    { schema: { ...doc, summary: 'Register as an applicant: an activation link is mailed', body: RegisterApplicantRequest, response: { 202: AcceptedResponse } } },
    async (request, reply) => reply.status(202).send(await service.register(request.body, request.ip)),
  );
  r.get(
    '/unauth/applicantregistration/activationpath/:token',
    { schema: { ...doc, summary: 'Activate an account with the mailed link (once, within 24 hours)', params: TokenParams, response: { 200: ActivationResponse } } },
    async (request) => service.activate(request.params.token),
  );
  r.get(
    '/unauth/applicantregistration/:id',
    {
      schema: {
        ...doc,
        summary: 'Whether a registration is activated: only with one of its activation links as `token`; 404 for anyone else, whether or not the id exists',
        params: z.strictObject({ id: z.string() }),
        querystring: z.strictObject({ token: z.string().min(1).max(200).optional() }),
        response: { 200: RegistrationStatusResponse },
      },
    },
    async (request) => service.registrationStatus(request.params.id, request.query.token),
  );
  r.post(
    '/unauth',
    { schema: { ...doc, summary: 'Complete registration: mail a new activation link', body: ResendActivationRequest, response: { 202: AcceptedResponse } } },
    async (request, reply) => reply.status(202).send(await service.resendActivation(request.body.email, request.ip)),
  );
  r.post(
    '/unauth/forgotpassword',
    { schema: { ...doc, summary: 'Mail a link to choose a new password (valid one hour)', body: ForgotPasswordRequest, response: { 202: AcceptedResponse } } },
    async (request, reply) => reply.status(202).send(await service.forgotPassword(request.body, request.ip)),
  );
  r.get(
    '/unauth/resetpassword/:token',
    { schema: { ...doc, summary: 'Whether a reset link is still good', params: TokenParams, response: { 200: ResetTokenResponse } } },
    async (request) => service.resetTokenInfo(request.params.token),
  );
  r.get(
    '/unauth/resetpassword/user/:token',
    { schema: { ...doc, summary: 'The account a reset link is for', params: TokenParams, response: { 200: ResetTokenUserResponse } } },
    async (request) => service.resetTokenUser(request.params.token),
  );
  r.post(
    '/unauth/:id/resetpassword',
    { schema: { ...doc, summary: 'Set a new password with a reset link; ends every session', params: z.strictObject({ id: z.string() }), body: ResetPasswordRequest, response: { 200: AcceptedResponse } } },
    async (request) => service.resetPassword(request.params.id, request.body.token, request.body.password),
  );
}
