import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CONTACT_MESSAGES, ContactMessagePage, ContactMessageQuery, ContactMessageRequest } from '@certs/shared/contact/contact.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { currentUserOf, requireAdmin, requireSignedIn } from '../../platform/auth/authenticate';
import type { ContactRepository } from './contact.repository';

const doc = { tags: ['contact us'], security: [{ bearer: [] }] };

/** The contact form (spec section 7, POST api/contactus) and the staff's Contact Us screen. */
export function registerContactRoutes(api: FastifyInstance, repository: ContactRepository): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/contactus',
    { onRequest: requireSignedIn(), schema: { ...doc, summary: 'Send a message to staff', body: ContactMessageRequest, response: { 201: z.object({ message: z.string() }) } } },
    async (request, reply) => {
      const actor = currentUserOf(request);
      await repository.insert({ ...request.body, fromApplicantId: actor.applicantId, createdBy: actor.id, modifiedBy: actor.id });
      return reply.status(201).send({ message: CONTACT_MESSAGES.thanks });
    },
  );
  r.get(
    '/api/contactus/pagination',
    { onRequest: requireAdmin({ menu: 'Contact Us' }), schema: { ...doc, summary: 'Messages sent through the contact form (Contact Us menu)', querystring: ContactMessageQuery, response: { 200: ContactMessagePage } } },
    async (request) => {
      const { page, pageSize, search } = request.query;
      const { rows, totalRows } = await repository.findPage({ page, pageSize, search: searchTermOrUndefined(search) });
      return {
        rows: rows.map((row) => ({ id: row.id, name: row.name, email: row.email, phoneNumber: row.phoneNumber, message: row.message, createdOn: row.createdOn.toISOString(), fromApplicantId: row.fromApplicantId })),
        page,
        pageSize,
        totalRows,
      };
    },
  );
}
