import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TestingAgency, TestingAgencyPage, TestingAgencyRequest, Venue, VenueListQuery, VenuePage, VenueRequest } from '@certs/shared/venue/venue.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { TestingAgencyService, VenueService } from './venue.service';

const IdParams = z.strictObject({ id: z.string() });

/** `api/venue` and `api/testingagency` (spec section 7, Other admin): staff only, applicants 403. */
export function registerVenueRoutes(api: FastifyInstance, services: { venues: VenueService; testingAgencies: TestingAgencyService }): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const staff = requireAdmin();
  const venueDoc = { tags: ['venues'], security: [{ bearer: [] }] };
  const { venues, testingAgencies } = services;
  r.get('/api/venue/pagination', { onRequest: staff, schema: { ...venueDoc, summary: 'Venues, paged, searched by title', querystring: VenueListQuery, response: { 200: VenuePage } } }, async (request) =>
    venues.findPage(currentUserOf(request), request.query),
  );
  r.get('/api/venue/:id', { onRequest: staff, schema: { ...venueDoc, summary: 'A venue', params: IdParams, response: { 200: Venue } } }, async (request) =>
    venues.findOne(currentUserOf(request), request.params.id),
  );
  r.post('/api/venue', { onRequest: staff, schema: { ...venueDoc, summary: 'Create a venue (Utilities)', body: VenueRequest, response: { 201: Venue } } }, async (request, reply) =>
    reply.status(201).send(await venues.create(currentUserOf(request), request.body)),
  );
  r.put('/api/venue/:id', { onRequest: staff, schema: { ...venueDoc, summary: 'Rename a venue (Utilities)', params: IdParams, body: VenueRequest, response: { 200: Venue } } }, async (request) =>
    venues.update(currentUserOf(request), request.params.id, request.body),
  );
  r.delete('/api/venue/remove/:id', { onRequest: staff, schema: { ...venueDoc, summary: 'Remove a venue (Utilities)', params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await venues.remove(currentUserOf(request), request.params.id);
    return reply.status(204).send(null);
  });

  const centreDoc = { tags: ['test centres'], security: [{ bearer: [] }] };
  r.get(
    '/api/testingagency/pagination',
    { onRequest: staff, schema: { ...centreDoc, summary: 'Test centres, paged, searched by reference, company, city, state and email', querystring: VenueListQuery, response: { 200: TestingAgencyPage } } },
    async (request) => testingAgencies.findPage(currentUserOf(request), request.query),
  );
  r.get('/api/testingagency/:id', { onRequest: staff, schema: { ...centreDoc, summary: 'A test centre', params: IdParams, response: { 200: TestingAgency } } }, async (request) =>
    testingAgencies.findOne(currentUserOf(request), request.params.id),
  );
  r.post(
    '/api/testingagency',
    { onRequest: staff, schema: { ...centreDoc, summary: 'Create a test centre (Utilities)', body: TestingAgencyRequest, response: { 201: TestingAgency } } },
    async (request, reply) => reply.status(201).send(await testingAgencies.create(currentUserOf(request), request.body)),
  );
  r.put(
    '/api/testingagency/:id',
    { onRequest: staff, schema: { ...centreDoc, summary: 'Change a test centre (Utilities)', params: IdParams, body: TestingAgencyRequest, response: { 200: TestingAgency } } },
    async (request) => testingAgencies.update(currentUserOf(request), request.params.id, request.body),
  );
  r.delete('/api/testingagency/remove/:id', { onRequest: staff, schema: { ...centreDoc, summary: 'Remove a test centre (Utilities)', params: IdParams, response: { 204: z.null() } } }, async (request, reply) => {
    await testingAgencies.remove(currentUserOf(request), request.params.id);
    return reply.status(204).send(null);
  });
}
