import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { GENERIC_ERROR_MESSAGE, SERVER_BUSY, type ApiErrorBody } from '@certs/shared/common/api-error';
import { isDatabaseBusy } from '../db/errors';
import { AppError } from './app-error';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

function body(statusCode: number, message: string, fieldErrors?: Record<string, string>, details?: Record<string, unknown>): ApiErrorBody {
  return { statusCode, error: STATUS_NAMES[statusCode] ?? 'Error', message, ...(fieldErrors ? { fieldErrors } : {}), ...(details ? { details } : {}) };
}

const BUSY_LOG_EVERY_MS = 10_000;

/**
 * Requests turned away busy are counted and logged once per 10 s (the first of a spell starts the
 * 10 s): at 5,000 candidates there were hundreds, and a line each would add to the load.
 */
function busyLog(app: FastifyInstance) {
  let count = 0;
  let lastUrl = '';
  let timer: ReturnType<typeof setTimeout> | null = null;
  const flush = () => {
    timer = null;
    app.log.warn({ turnedAway: count, lastUrl }, `requests turned away in ${BUSY_LOG_EVERY_MS / 1000} s: no database connection within DATABASE_POOL_WAIT_MS`);
    count = 0;
  };
  app.addHook('onClose', async () => {
    if (timer) {
      clearTimeout(timer);
      flush();
    }
  });
  return {
    turnedAway(request: FastifyRequest): void {
      count += 1;
      lastUrl = request.url;
      timer ??= setTimeout(flush, BUSY_LOG_EVERY_MS).unref();
    },
  };
}

/** One place maps every failure to `{ statusCode, error, message }`; 5xx answers never carry internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  const busy = busyLog(app);
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(body(error.statusCode, error.message, error.fieldErrors, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Per field, the first message, so that a form can show it at the field.
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const unknownKeys = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: string[] }).keys : undefined;
        const key = field || error.validationContext || 'body';
        const message = unknownKeys ? `Unknown field: ${unknownKeys.join(', ')}` : issue.message;
        if (!(key in fieldErrors)) fieldErrors[key] = message ?? 'Invalid value';
      }
      const first = Object.values(fieldErrors)[0] ?? 'Invalid request';
      return reply.status(400).send(body(400, first, fieldErrors));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(body(500, GENERIC_ERROR_MESSAGE));
    }
    if (isDatabaseBusy(error)) {
      // Turned away before it ran, rather than queued behind thousands (issue 22): the browser asks
      // again after Retry-After (the exam page's launch, claim, saves and submission do so by themselves).
      busy.turnedAway(request);
      return reply.status(SERVER_BUSY.status).header('retry-after', String(SERVER_BUSY.retryAfterSeconds)).send(body(SERVER_BUSY.status, SERVER_BUSY.message));
    }
    const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send(body(500, GENERIC_ERROR_MESSAGE));
    }
    // Fastify's own 4xx (bad JSON, body too large, ...): their messages are safe to show.
    return reply.status(statusCode).send(body(statusCode, error.message));
  });

}

/**
 * Unknown routes: with a web app, any GET outside the API prefixes gets its index.html so that
 * the app's own routes load on a refresh; everything else gets the 404 error body.
 */
export function registerNotFoundHandler(app: FastifyInstance, options: { apiPrefixes: readonly string[]; hasWebApp: boolean }): void {
  app.setNotFoundHandler((request, reply) => {
    const isApi = options.apiPrefixes.some((prefix) => request.url.startsWith(prefix));
    if (options.hasWebApp && request.method === 'GET' && !isApi) {
      // Its cache-control (no-cache) is set with the web app's files (web-app-files.ts).
      return reply.sendFile('index.html');
    }
    return reply.status(404).send(body(404, `Route ${request.method}:${request.url.split('?')[0]} not found`));
  });
}
