import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PUBLIC_REGISTER_PATHS,
  PublicCertificate,
  PublicRegisterPage,
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
 * Public routes (no sign-in, outside `api/`: decision 014): the two registers and certificate
 * verification. Limited per client address (429); answers are not cached, since a status changes.
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
