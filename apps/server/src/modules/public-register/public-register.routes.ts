import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PUBLIC_REGISTER_PATHS,
  PublicCertificate,
  PublicRegisterPage,
  RegisterBodyList,
  RegisterSearchRequest,
  VerifyCertificateParams,
  type PublicRegister,
} from '@certs/shared/public-register/public-register.contract';
import type { PublicRegisterService } from './public-register.service';

const doc = { tags: ['public register'] };
const SUMMARIES: Record<PublicRegister, string> = {
  search: 'The public register of Qualification, Certification and Welder Qualification holders: name, program, certificate number, dates and status now',
  aicip: 'The public register of AICIP inspectors: name, program, certificate number, dates and status now',
};

/**
 * Public routes (no sign-in, outside `api/`: decision 014): the two registers, the awarding bodies
 * they can be narrowed to, and certificate verification. Searches and verifications are limited
 * per client address (429) and not cached, since a status changes.
 */
export function registerPublicRegisterRoutes(app: FastifyInstance, service: PublicRegisterService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const register of ['search', 'aicip'] as const) {
    r.post(
      PUBLIC_REGISTER_PATHS[register],
      { schema: { ...doc, summary: SUMMARIES[register], body: RegisterSearchRequest, response: { 200: PublicRegisterPage } } },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return service.search(register, request.body, request.ip);
      },
    );
  }
  r.get(
    PUBLIC_REGISTER_PATHS.bodies,
    { schema: { ...doc, summary: 'The awarding bodies whose certificate holders the registers list: name and short name (the register search\'s accountShortName)', response: { 200: RegisterBodyList } } },
    async (_request, reply) => {
      // Names change rarely; a few minutes' cache spares the database a query per page view.
      void reply.header('cache-control', 'public, max-age=300');
      return service.bodies();
    },
  );
  r.get(
    '/unauth/verify/:certificateNumber',
    {
      schema: {
        ...doc,
        summary: "A certificate's status now with its public fields (the page its QR code opens); 404 for an unknown number",
        params: VerifyCertificateParams,
        response: { 200: PublicCertificate },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return service.verify(request.params.certificateNumber, request.ip);
    },
  );
}
