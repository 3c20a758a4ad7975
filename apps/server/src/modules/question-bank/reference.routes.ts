import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REFERENCE_LABELS, Reference, ReferenceList, ReferenceRequest, ReferenceTitleLookup } from '@certs/shared/question-bank/reference.contract';
import { currentUserOf, requireAdmin } from '../../platform/auth/authenticate';
import type { ReferenceService } from './reference.service';

const IdParams = z.strictObject({ id: z.string() });

/** `subjectreference` or `tagreference` (spec section 7): all, title, POST, PUT, remove. */
export function registerReferenceRoutes(api: FastifyInstance, service: ReferenceService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { path, singular, plural } = REFERENCE_LABELS[service.kind];
  const doc = { tags: [plural.toLowerCase()], security: [{ bearer: [] }] };
  // Reading is open to staff who build tests as well; the service checks the menu.
  const staff = requireAdmin();
  const librarian = requireAdmin({ menu: 'Libraries' });

  r.get(
    `/api/${path}/all`,
    { onRequest: staff, schema: { ...doc, summary: `Every ${singular.toLowerCase()}, with how many questions use it`, response: { 200: ReferenceList } } },
    async (request) => service.findAll(currentUserOf(request)),
  );
  r.get(
    `/api/${path}/title/:title`,
    {
      onRequest: staff,
      schema: { ...doc, summary: `The ${singular.toLowerCase()} with a title, whatever its case (null: the title is free)`, params: z.strictObject({ title: z.string() }), response: { 200: ReferenceTitleLookup } },
    },
    async (request) => service.findByTitle(currentUserOf(request), request.params.title),
  );
  r.post(
    `/api/${path}`,
    { onRequest: librarian, schema: { ...doc, summary: `Create a ${singular.toLowerCase()}`, body: ReferenceRequest, response: { 201: Reference } } },
    async (request, reply) => reply.status(201).send(await service.create(currentUserOf(request), request.body)),
  );
  r.put(
    `/api/${path}/:id`,
    { onRequest: librarian, schema: { ...doc, summary: `Rename a ${singular.toLowerCase()}`, params: IdParams, body: ReferenceRequest, response: { 200: Reference } } },
    async (request) => service.update(currentUserOf(request), request.params.id, request.body),
  );
  r.delete(
    `/api/${path}/remove/:id`,
    {
      onRequest: librarian,
      schema: { ...doc, summary: `Remove a ${singular.toLowerCase()} no question uses (409 names the questions using it)`, params: IdParams, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await service.remove(currentUserOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
