import type { FastifySchema } from 'fastify';

/**
 * Routes registered by a generic helper (one shape for several domains) cannot be typed by the
 * zod type provider; their schemas still check every request and answer, and their handlers are
 * typed by the services they call.
 */
export const genericRouteSchema = (schema: object): FastifySchema => schema;
