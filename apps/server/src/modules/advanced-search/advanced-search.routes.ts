import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADVANCED_SEARCH_PATHS, AdvancedSearchRequest, SaveSearchRequest, SavedSearch, SavedSearchList, SearchResultPage } from '@certs/shared/advanced-search/advanced-search.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { AdvancedSearchService } from './advanced-search.service';

const doc = { tags: ['advanced search'], security: [{ bearer: [] }] };

/** `advancesearch` (Reports menu): the search, and each user's saved searches. */
export function registerAdvancedSearchRoutes(api: FastifyInstance, search: AdvancedSearchService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const onRequest = requireAdmin({ menu: 'Reports' });
  r.post(
    ADVANCED_SEARCH_PATHS.search,
    { onRequest, schema: { ...doc, summary: 'Search applications, applicants, awards or payments with combined filters, within the programs the caller may read', body: AdvancedSearchRequest, response: { 200: SearchResultPage } } },
    async (request) => search.search(currentUserOf(request), request.body),
  );
  r.get(
    ADVANCED_SEARCH_PATHS.saved,
    { onRequest, schema: { ...doc, summary: "The caller's saved searches", response: { 200: SavedSearchList } } },
    async (request) => search.listSaved(currentUserOf(request)),
  );
  r.post(
    ADVANCED_SEARCH_PATHS.saved,
    { onRequest, schema: { ...doc, summary: 'Save the filters under a name (409 when the caller already has that name)', body: SaveSearchRequest, response: { 201: SavedSearch } } },
    async (request, reply) => reply.code(201).send(await search.save(currentUserOf(request), request.body)),
  );
  r.delete(
    `${ADVANCED_SEARCH_PATHS.saved}/:id`,
    { onRequest, schema: { ...doc, summary: "Delete one of the caller's saved searches (404 for anyone else's)", params: z.strictObject({ id: z.uuid() }), response: { 204: z.null() } } },
    async (request, reply) => {
      await search.remove(currentUserOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
