import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTACT_MESSAGES,
  CONTACT_REPLY_SUBJECT,
  ContactHandledRequest,
  ContactMessageDetails,
  ContactMessagePage,
  ContactMessageQuery,
  ContactMessageRequest,
  ContactReplyRequest,
} from '@certs/shared/contact/contact.contract';
import { searchTermOrUndefined } from '@certs/shared/common/paging';
import { AppError } from '../../platform/app-error';
import { currentUserOf, requireAdmin, requireSignedIn } from '../../platform/auth/authenticate';
import type { MailService } from '../../platform/mail/mail.service';
import type { ContactRepository } from './contact.repository';

const doc = { tags: ['contact us'], security: [{ bearer: [] }] };
const IdParams = z.strictObject({ id: z.string() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type MessageRow = Awaited<ReturnType<ContactRepository['findPage']>>['rows'][number];
function toMessage(row: MessageRow) {
  return { id: row.id, name: row.name, email: row.email, phoneNumber: row.phoneNumber, message: row.message, createdOn: row.createdOn.toISOString(), fromApplicantId: row.fromApplicantId, handledOn: row.handledOn?.toISOString() ?? null };
}

const nameOf = (row: { firstName: string | null; lastName: string | null }) => (row.firstName === null ? null : `${row.firstName} ${row.lastName ?? ''}`.trim());

/** The contact form (spec section 7, POST api/contactus) and the staff's Contact Us screen: open, reply by mail, mark handled. */
export function registerContactRoutes(api: FastifyInstance, repository: ContactRepository, mail: MailService): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const contactStaff = requireAdmin({ menu: 'Contact Us' });

  async function details(id: string) {
    const found = UUID.test(id) ? await repository.findById(id) : undefined;
    if (!found) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
    const replies = await repository.findReplies(id);
    return {
      ...toMessage(found.message),
      handledBy: nameOf({ firstName: found.handledByFirstName, lastName: found.handledByLastName }),
      replies: replies.map((row) => ({ id: row.reply.id, body: row.reply.body, repliedBy: nameOf(row), createdOn: row.reply.createdOn.toISOString() })),
    };
  }

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
    { onRequest: contactStaff, schema: { ...doc, summary: 'Messages sent through the contact form (Contact Us menu); `handled` filters', querystring: ContactMessageQuery, response: { 200: ContactMessagePage } } },
    async (request) => {
      const { page, pageSize, search, handled } = request.query;
      const { rows, totalRows } = await repository.findPage({ page, pageSize, search: searchTermOrUndefined(search), isHandled: handled === undefined ? undefined : handled === 'true' });
      return { rows: rows.map(toMessage), page, pageSize, totalRows };
    },
  );
  r.get(
    '/api/contactus/:id',
    { onRequest: contactStaff, schema: { ...doc, summary: 'One message with the replies staff sent', params: IdParams, response: { 200: ContactMessageDetails } } },
    async (request) => details(request.params.id),
  );
  r.post(
    '/api/contactus/:id/reply',
    { onRequest: contactStaff, schema: { ...doc, summary: 'Reply by mail from the platform; the reply is kept with the message', params: IdParams, body: ContactReplyRequest, response: { 200: ContactMessageDetails } } },
    async (request) => {
      const actor = currentUserOf(request);
      const { id } = request.params;
      if (!UUID.test(id)) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
      await repository.transaction(async (tx) => {
        const message = await repository.lock(tx, id);
        if (!message) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
        // A message from a signed-in applicant also lands in their inbox (the sender is its creator).
        const sent = await mail.send(
          {
            to: message.email,
            toUserId: message.fromApplicantId ? message.createdBy : null,
            subject: CONTACT_REPLY_SUBJECT,
            paragraphs: [`Hello ${message.name},`, ...request.body.body.split(/\n{2,}/), `Your message of ${message.createdOn.toISOString().slice(0, 10)}: "${message.message}"`],
          },
          tx,
        );
        await repository.insertReply(tx, { messageId: id, body: request.body.body, mailId: sent.id, createdBy: actor.id, modifiedBy: actor.id });
        if (request.body.markHandled) await repository.setHandled(tx, id, true, actor.id);
      });
      return details(id);
    },
  );
  r.post(
    '/api/contactus/:id/handled',
    { onRequest: contactStaff, schema: { ...doc, summary: 'Mark a message handled, or waiting again', params: IdParams, body: ContactHandledRequest, response: { 200: ContactMessageDetails } } },
    async (request) => {
      const { id } = request.params;
      if (!UUID.test(id)) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
      await repository.transaction(async (tx) => {
        if (!(await repository.lock(tx, id))) throw new AppError('NOT_FOUND', CONTACT_MESSAGES.notFound);
        await repository.setHandled(tx, id, request.body.isHandled, currentUserOf(request).id);
      });
      return details(id);
    },
  );
}
