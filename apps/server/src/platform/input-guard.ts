import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

export const NUL_MESSAGE = 'Must not contain a NUL character';

/**
 * No route's schema accepts input nested anywhere near this deep (zod refuses or strips what it
 * does not know), so nothing below it can reach the database; the bound keeps the walk cheap.
 */
const MAX_DEPTH = 32;

const NUL = '\u0000';

/**
 * Bodies their route makes storable itself: an exam candidate's answer save drops a pasted NUL
 * (`storableText`, exam.service.ts) rather than refuse a save mid-exam that the browser would
 * retry forever. Their query and URL parameters are still checked.
 */
const BODIES_CLEANED_BY_THE_ROUTE: ReadonlySet<string> = new Set(['POST /api/updateInstances']);

const PARTS = [
  ['body', (request: { body: unknown }) => request.body],
  ['querystring', (request: { query: unknown }) => request.query],
  ['params', (request: { params: unknown }) => request.params],
] as const;

function isWalkable(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return true;
  // JSON gives plain objects; the query string and the router give objects whose prototype has
  // none itself (Object.create(null)-based); Buffers and streams are not text and are left alone.
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

/** A key is named with its NUL shown, so that the path stays readable in the answer. */
function segmentOf(key: string): string {
  return key.replaceAll(NUL, '\\0');
}

/** The path of the first string or key holding a NUL, as segments; null when there is none. */
function findNul(value: unknown, depth: number): string[] | null {
  if (typeof value === 'string') return value.includes(NUL) ? [] : null;
  if (depth >= MAX_DEPTH || !isWalkable(value)) return null;
  for (const key of Object.keys(value)) {
    if (key.includes(NUL)) return [segmentOf(key)];
    const inner = findNul(value[key], depth + 1);
    if (inner) return [segmentOf(key), ...inner];
  }
  return null;
}

/**
 * PostgreSQL refuses U+0000 in text, so a NUL anywhere in the input would end as a 500 from the
 * query. One global preValidation hook refuses it first, as the 400 with `fieldErrors` that schema
 * validation gives (same field naming: dotted path, or the part's name for the part itself).
 * preValidation runs after every onRequest hook, so a caller without a session or the right to a
 * route still gets its 401/403 before anything about its input.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const isBodyCleaned = BODIES_CLEANED_BY_THE_ROUTE.has(`${request.method} ${request.routeOptions.url}`);
    for (const [part, read] of PARTS) {
      if (part === 'body' && isBodyCleaned) continue;
      const path = findNul(read(request), 0);
      if (path) {
        const field = path.length > 0 ? path.join('.') : part;
        done(new AppError('BAD_REQUEST', NUL_MESSAGE, { [field]: NUL_MESSAGE }));
        return;
      }
    }
    done();
  });
}
