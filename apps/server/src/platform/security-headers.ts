import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, frame denial, nosniff, ...) on every answer. No route needs
 * per-request headers or nonces, so the headers are the same for every request: helmet works them
 * out once, here, and each request only sets them. @fastify/helmet rebuilt the middleware on every
 * request (about 1.5 % of the server's CPU on exam day), and helmet's middleware itself rebuilt the
 * CSP's text on every request (3.5 % of the server's CPU under saturating answer saves, issue 46).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/** The headers helmet sets with these options, read by running its middleware once on a stand-in response. */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: unknown) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  let failure: unknown;
  let ended = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
    ended = true;
  });
  // Helmet's middleware is synchronous; a version that is not would leave every answer without its headers.
  if (!ended) throw new Error('helmet did not finish its headers at once');
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return [...headers];
}
