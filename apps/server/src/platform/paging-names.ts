import type { FastifyInstance } from 'fastify';
import { withSpecPagingNames } from '@certs/shared/common/paging';

/** The field names a route's querystring schema (a zod object, possibly wrapped) accepts. */
function acceptedKeysOf(schema: unknown, depth = 0): ReadonlySet<string> {
  if (!schema || typeof schema !== 'object' || depth > 8) return new Set();
  const shape = (schema as { shape?: unknown }).shape;
  if (shape && typeof shape === 'object') return new Set(Object.keys(shape));
  const def = (schema as { _zod?: { def?: { in?: unknown; innerType?: unknown; schema?: unknown } } })._zod?.def;
  return acceptedKeysOf(def?.in ?? def?.innerType ?? def?.schema, depth + 1);
}

/**
 * Every paged route takes the spec's paging names too (`currentPage`, `perPageCount`, `searchBy`,
 * `searchTerm`; issue 20), through the one shared rule `withSpecPagingNames`: a preValidation hook,
 * so the route's own schema then checks the result (and 401/403 still come first).
 */
export function registerSpecPagingNames(app: FastifyInstance): void {
  const acceptedByRoute = new WeakMap<object, ReadonlySet<string>>();
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.querystring;
    if (!schema || typeof schema !== 'object' || !request.query || typeof request.query !== 'object') return;
    let accepted = acceptedByRoute.get(schema);
    if (!accepted) {
      accepted = acceptedKeysOf(schema);
      acceptedByRoute.set(schema, accepted);
    }
    if (!accepted.has('page') || !accepted.has('pageSize')) return;
    request.query = withSpecPagingNames(request.query as Record<string, unknown>, accepted);
  });
}
