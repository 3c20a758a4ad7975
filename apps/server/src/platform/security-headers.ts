import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, frame denial, nosniff, ...) on every answer. The middleware is
 * built once: @fastify/helmet rebuilt it, re-parsing the CSP, on every request, about 1.5 % of the
 * server's CPU on exam day (docs/performance.md). No route needs per-request headers or nonces.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const setSecurityHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
