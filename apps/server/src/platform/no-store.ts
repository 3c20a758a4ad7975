import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * An onSend hook: answers that carry a signed-in user's data or a token must not be kept by the
 * browser's cache or a proxy (a shared computer's back button, a cache in between). A route that
 * chose its own caching (the welder qualification options: public, max-age=3600) keeps it.
 */
export function noStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void): void {
  if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  done(null, payload);
}
